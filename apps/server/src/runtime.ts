import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { Config } from "./config/env.ts";
import { connectDatabase, migrateDatabase } from "./db/database.ts";
import { startEmbeddedPostgres } from "./db/embedded-postgres.ts";
import { startWebhookDispatcher } from "./domain/webhooks/webhook-dispatcher.ts";
import { createApp } from "./http/app.ts";
import { jobs, workerJobs } from "./jobs/index.ts";
import type { Logger } from "./lib/logger.ts";
import { formSourceModules } from "./providers/forms/registry.ts";
import type { FormSourceModule } from "./providers/forms/source-module.ts";
import { voicePlatforms } from "./providers/voice/registry.ts";
import { ensureQueues, registerJobs, startQueue, stopQueue } from "./queue/queue.ts";
import { startChangeFeed } from "./realtime/change-feed.ts";
import { createServices } from "./services.ts";

/** all: web + worker in one process (the default); web: HTTP only; worker: jobs only. */
export type Role = "all" | "web" | "worker";

export interface Ringback {
  /** Where the HTTP server listens (web and all roles). */
  url: string | null;
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * The composition root: database (embedded unless DATABASE_URL is set), migrations, queue,
 * HTTP server and worker. Resources are released in reverse order on stop, or if start-up
 * fails half-way.
 */
/** Longer than any step's own grace (20 s for running jobs, 5 s for HTTP requests). */
const STOP_STEP_LIMIT_MS = 30_000;

export async function startRingback(options: {
  config: Config;
  logger: Logger;
  role: Role;
  webDist?: string;
  /** The form sources to offer; default: every registered one (providers/forms/registry.ts). */
  formSources?: readonly FormSourceModule[];
}): Promise<Ringback> {
  const { config, logger, role } = options;
  const cleanups: { name: string; run: () => Promise<unknown> }[] = [];
  const stop = async () => {
    while (cleanups.length > 0) {
      const step = cleanups.pop()!;
      let timer: NodeJS.Timeout | undefined;
      try {
        // Each step is bounded: a resource that never lets go (a connection that hangs) is
        // logged by name and left behind, so that the rest is still released and the process
        // can exit before a supervisor has to kill it.
        const overdue = new Promise<"overdue">((resolve) => {
          timer = setTimeout(() => resolve("overdue"), STOP_STEP_LIMIT_MS);
          timer.unref();
        });
        if ((await Promise.race([step.run(), overdue])) === "overdue") {
          logger.error(
            { step: step.name, limitMs: STOP_STEP_LIMIT_MS },
            "A shutdown step did not finish in time; going on without it",
          );
        }
      } catch (error) {
        logger.error({ err: error, step: step.name }, "Error while shutting down");
      } finally {
        clearTimeout(timer);
      }
    }
  };

  // Start-up says which mode each provider is in: no sandbox runs unnoticed. The
  // voice provider named is the installation's default; organizations may choose their own.
  const voiceDefault = config.bland
    ? "bland"
    : config.sandboxes.callSimulator
      ? "simulator"
      : "none";
  const sources = (options.formSources ?? formSourceModules).map((source) => ({
    id: source.manifest.id,
    name: source.manifest.name,
    sandbox: source.create(config).sandbox,
    path: source.sandbox?.path,
  }));
  logger.info(
    {
      formSources: Object.fromEntries(sources.map((s) => [s.id, s.sandbox ? "sandbox" : "real"])),
      voice: voiceDefault,
    },
    `Providers: ${sources.map((s) => `${s.name} ${s.sandbox ? `sandbox (built-in, ${s.path})` : "real"}`).join(", ")}; calls by default ${
      voiceDefault === "bland"
        ? `Bland AI (${config.voiceApiUrls.bland})`
        : voiceDefault === "simulator"
          ? `call simulator (built-in, ${Object.values(voicePlatforms)
              .map((platform) => platform.sandbox.path)
              .join(", ")})`
          : "none: each organization chooses its voice provider in Settings → Voice"
    }`,
  );
  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, logger });
      cleanups.push({ name: "embedded postgres", run: () => embedded.stop() });
      databaseUrl = embedded.url;
    }
    const { db, pool } = connectDatabase(databaseUrl, {
      applicationName: `ringback-${role}`,
      logger,
    });
    cleanups.push({ name: "database pool", run: () => pool.end() });
    await migrateDatabase(pool, logger);

    const runsWorkers = role !== "web";
    const queue = await startQueue({ url: databaseUrl, logger, runsWorkers });
    // Graceful: running jobs finish (or are released back to the queue after the timeout).
    cleanups.push({ name: "queue", run: () => stopQueue(queue, 20_000) });
    await ensureQueues(queue, jobs);
    const services = createServices({
      config,
      db,
      pool,
      queue,
      logger,
      ...(options.formSources ? { formSourceModules: options.formSources } : {}),
    });
    if (runsWorkers) {
      await registerJobs(queue, workerJobs(services), { db, logger });
      // Outgoing webhooks are handed to the queue as soon as their transaction commits.
      const dispatcher = startWebhookDispatcher({ databaseUrl, webhooks: services.webhooks });
      cleanups.push({ name: "webhook dispatcher", run: () => dispatcher.stop() });
      logger.info({ jobs: jobs.map((j) => j.name) }, "Worker is running");
    }

    let url: string | null = null;
    if (role !== "worker") {
      const feed = startChangeFeed({ databaseUrl, logger });
      cleanups.push({ name: "change feed", run: () => feed.stop() });
      const app = createApp({
        feed,
        db,
        pool,
        queue,
        logger,
        config,
        services,
        ...(options.webDist ? { webDist: options.webDist } : {}),
      });
      const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
        const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
          resolve(s),
        );
        s.once("error", reject);
      });
      const { port } = server.address() as AddressInfo;
      url = `http://localhost:${port}`;
      cleanups.push({
        name: "http server",
        run: () =>
          new Promise<void>((resolve) => {
            // Stop accepting; let in-flight requests finish; drop idle and, after 5 s, all sockets.
            server.close(() => resolve());
            if ("closeIdleConnections" in server) server.closeIdleConnections();
            setTimeout(() => {
              if ("closeAllConnections" in server) server.closeAllConnections();
            }, 5000).unref();
          }),
      });
      logger.info({ url }, `Ringback is running at ${url}`);
    }
    return { url, databaseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
