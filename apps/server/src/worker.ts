// The worker entry point: runs background jobs only, against a shared DATABASE_URL.
import { runCli } from "./cli.ts";

await runCli("worker");
