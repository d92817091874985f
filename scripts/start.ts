// `npm start` / `npm run web` / `npm run worker`: builds the web app when it is missing or
// out of date, then runs the server in the foreground.
import { roleFromArgs, runCli } from "../apps/server/src/cli.ts";
import { ensureWebBuild } from "./web-build.ts";

const role = roleFromArgs(process.argv.slice(2));
if (role !== "worker") ensureWebBuild();
await runCli(role);
