// Ringback as `node apps/server/src/main.ts` runs it (web and worker in one process), serving the
// web build in BENCH_WEB_DIST instead of apps/web/dist: bench:web measures the build it made,
// whatever else builds apps/web/dist on the machine meanwhile. See apps/server/src/cli.ts.
import { loadConfig } from "../../apps/server/src/config/env.ts";
import { createLogger } from "../../apps/server/src/lib/logger.ts";
import { integrationSettings } from "../../apps/server/src/providers/forms/registry.ts";
import { startRingback } from "../../apps/server/src/runtime.ts";

const webDist = process.env.BENCH_WEB_DIST;
if (!webDist) throw new Error("BENCH_WEB_DIST names the web build to serve");
const config = loadConfig(process.env, process.cwd(), integrationSettings);
const logger = createLogger({ level: config.logLevel, pretty: false });
const ringback = await startRingback({ config, logger, role: "all", webDist });
process.once("SIGTERM", () => {
  void ringback.stop().then(() => process.exit(0));
});
