import type { FormSourceManifest } from "@ringback/contracts";
import type { Hono } from "hono";
import type { Config, IntegrationSettings } from "../../config/env.ts";
import type { Database } from "../../db/database.ts";
import type { Logger } from "../../lib/logger.ts";
import type { BaseJobContext, Queue, QueueJob } from "../../queue/queue.ts";
import type { FormSource } from "./form-source.ts";

/** What a source's sandbox is built from. */
export interface SandboxContext {
  config: Config;
  db: Database;
  queue: Queue;
  logger: Logger;
}

/**
 * One form source as the server registers it (providers/forms/registry.ts): everything about
 * it lives in its folder — the manifest, the adapter, its sandbox and fixtures (ADR 0027).
 */
export interface FormSourceModule {
  manifest: FormSourceManifest;
  /**
   * The installation's variables for this source (an OAuth application's credentials, say),
   * read at start-up into `config.integrations[id]`; none for a source that needs none.
   */
  settings?: IntegrationSettings;
  /**
   * The adapter this installation uses: the real service with credentials, or the built-in
   * sandbox where no credentials are configured and sandboxes are allowed.
   */
  create(config: Config): FormSource;
  /** Ringback's built-in imitation of the service, mounted when `create` chose it. */
  sandbox?: {
    /** Where the HTTP app mounts it: /sandbox/<id>. */
    path: string;
    routes(context: SandboxContext): Hono;
    // biome-ignore lint/suspicious/noExplicitAny: each job has its own payload type.
    jobs: QueueJob<any, BaseJobContext>[];
  };
}
