import { fileURLToPath } from "node:url";
import { loadConfigOrExit } from "./config/load-or-exit.ts";
import { InstanceLockedError } from "./db/instance-lock.ts";
import { createLogger } from "./lib/logger.ts";
import { integrationSettings } from "./providers/forms/registry.ts";
import { type Role, startRingback } from "./runtime.ts";

const webDist = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** Runs Ringback in the foreground until SIGINT/SIGTERM, then shuts down gracefully. */
export async function runCli(role: Role): Promise<void> {
  const config = loadConfigOrExit(integrationSettings);
  const logger = createLogger({
    level: config.logLevel,
    pretty: Boolean(process.stdout.isTTY) && !config.isProduction,
  });

  let ringback: Awaited<ReturnType<typeof startRingback>>;
  try {
    ringback = await startRingback({ config, logger, role, webDist });
  } catch (error) {
    if (error instanceof InstanceLockedError) {
      logger.fatal(error.message);
      console.error(error.message);
    } else {
      logger.fatal({ err: error }, "Ringback could not start");
    }
    logger.flush?.();
    process.exitCode = 1;
    return;
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      logger.warn(`Received ${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, "Shutting down");
    await ringback.stop();
    logger.info("Stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

export function roleFromArgs(argv: string[]): Role {
  const arg = argv.find((a) => a.startsWith("--role="))?.slice("--role=".length) ?? "all";
  if (arg === "all" || arg === "web" || arg === "worker") return arg;
  console.error(`Unknown --role=${arg}: use all, web or worker.`);
  process.exit(1);
}
