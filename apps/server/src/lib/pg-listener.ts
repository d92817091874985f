import pg from "pg";
import type { Logger } from "./logger.ts";

export interface PgListener {
  stop(): Promise<void>;
}

/**
 * One LISTEN connection for one channel, reconnecting with back-off. `onNotify` runs for each
 * notification, and once after every (re)connection: a notification sent while the connection
 * was down is lost, so whoever listens should look for what it may have missed.
 */
export function listenForNotifications(options: {
  databaseUrl: string;
  channel: string;
  applicationName: string;
  logger: Logger;
  onNotify: () => void;
}): PgListener {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 500;

  const retry = (next: pg.Client) => {
    client = null;
    void next.end().catch(() => undefined);
    if (!stopped) setTimeout(() => void connect(), delay).unref();
    delay = Math.min(delay * 2, 15_000);
  };

  const connect = async (): Promise<void> => {
    if (stopped) return;
    const next = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: options.applicationName,
    });
    next.on("notification", (message) => {
      if (message.channel === options.channel) options.onNotify();
    });
    next.on("error", (error) => {
      options.logger.warn({ err: error, channel: options.channel }, "LISTEN connection lost");
      retry(next);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${options.channel}`);
      if (stopped) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
      delay = 500;
      options.onNotify();
    } catch (error) {
      options.logger.warn({ err: error, channel: options.channel }, "LISTEN could not connect");
      retry(next);
    }
  };
  void connect();

  return {
    async stop() {
      stopped = true;
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
