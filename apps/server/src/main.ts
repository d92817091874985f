// The server entry point: `node apps/server/src/main.ts [--role=all|web|worker]`.
import { roleFromArgs, runCli } from "./cli.ts";

await runCli(roleFromArgs(process.argv.slice(2)));
