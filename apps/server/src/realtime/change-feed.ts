import { EventEmitter } from "node:events";
import pg from "pg";
import type { Logger } from "../lib/logger.ts";

export const CHANGES_CHANNEL = "ringback_changes";

/**
 * One row's change, as database triggers announce it: call records and submissions (migration
 * 0007) and webhook deliveries (migration 0030: a new one, or its status, attempts or answer).
 */
export interface Change {
  organization_id: string;
  table: "call_records" | "form_submissions" | "webhook_deliveries";
  id: string;
}

export interface ChangeFeed {
  /** Calls `listener` for each change in the organization; returns the unsubscribe. */
  subscribe(organizationId: string, listener: (change: Change) => void): () => void;
  stop(): Promise<void>;
}

/**
 * One LISTEN connection per server process, fanned out to that process's subscribers. Database
 * triggers NOTIFY on every change (migrations 0007 and 0030), so a change made by any process — a
 * worker recording a call or a webhook's answer, another web process ingesting a submission —
 * reaches every browser.
 * The connection reconnects with back-off; subscribers are told nothing is lost by refetching.
 */
export function startChangeFeed(options: { databaseUrl: string; logger: Logger }): ChangeFeed {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 500;

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: "ringback-changes",
    });
    next.on("notification", (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      try {
        const change = JSON.parse(message.payload) as Change;
        emitter.emit(change.organization_id, change);
      } catch {
        // A malformed payload is not ours to fix here.
      }
    });
    next.on("error", (error) => {
      options.logger.warn({ err: error }, "Change feed connection lost; reconnecting");
      client = null;
      void next.end().catch(() => undefined);
      setTimeout(() => void connect(), delay).unref();
      delay = Math.min(delay * 2, 15_000);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
      client = next;
      delay = 500;
    } catch (error) {
      options.logger.warn({ err: error }, "Change feed could not connect; retrying");
      void next.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void connect(), delay).unref();
      delay = Math.min(delay * 2, 15_000);
    }
  };
  void connect();

  return {
    subscribe(organizationId, listener) {
      emitter.on(organizationId, listener);
      return () => emitter.off(organizationId, listener);
    },
    async stop() {
      stopped = true;
      emitter.removeAllListeners();
      await client?.end().catch(() => undefined);
    },
  };
}
