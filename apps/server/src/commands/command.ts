import type { Config } from "../config/env.ts";
import { loadConfigOrExit } from "../config/load-or-exit.ts";
import { connectDatabase, type DatabaseHandle, migrateDatabase } from "../db/database.ts";
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from "../db/embedded-postgres.ts";
import { InstanceLockedError } from "../db/instance-lock.ts";
import { createLogger, type Logger } from "../lib/logger.ts";
import { integrationSettings } from "../providers/forms/registry.ts";

/**
 * The frame of an operator command (`npm run recordings:migrate`, `npm run backup`): the
 * configuration of the processes it serves and their database, migrated — DATABASE_URL, or the
 * embedded one in DATA_DIR: the running Ringback's when one runs, else started for the command.
 * A plain message and exit code 1 for what the operator must fix.
 */
export async function runCommand(
  name: string,
  options: {
    /** What the operator must fix before any database is opened, or null. */
    precheck?: (config: Config) => string | null;
  },
  run: (context: {
    config: Config;
    logger: Logger;
    database: DatabaseHandle & { url: string };
  }) => Promise<number>,
): Promise<void> {
  const config = loadConfigOrExit(integrationSettings);
  const problem = options.precheck?.(config) ?? null;
  if (problem) {
    console.error(problem);
    process.exitCode = 1;
    return;
  }
  // The command's own lines are the progress report; the log says only what went wrong.
  const logger = createLogger({
    level: config.logLevel === "info" ? "warn" : config.logLevel,
    pretty: Boolean(process.stderr.isTTY),
  });
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    let url = config.databaseUrl ?? runningEmbeddedPostgresUrl(config.dataDir) ?? undefined;
    if (!url) {
      const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
      cleanups.push(() => embedded.stop());
      url = embedded.url;
    }
    const handle = connectDatabase(url, { max: 6, applicationName: `ringback-${name}`, logger });
    cleanups.push(() => handle.pool.end());
    await migrateDatabase(handle.pool, logger);
    process.exitCode = await run({ config, logger, database: { ...handle, url } });
  } catch (error) {
    if (error instanceof InstanceLockedError) {
      console.error(
        `${error.message}\nTry again once it has started: the command uses its database.`,
      );
    } else {
      console.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      logger.error({ err: error }, `${name} failed`);
    }
    process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
}

/** A line of the command's report, on standard output. */
export function say(line: string): void {
  process.stdout.write(`${line}\n`);
}
