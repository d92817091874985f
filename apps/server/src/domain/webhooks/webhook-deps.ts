import type { Database } from "../../db/database.ts";
import type { Logger } from "../../lib/logger.ts";
import type { OutboundClient } from "../../lib/outbound-http.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import type { EmailSender } from "../../providers/email/index.ts";

/** The queue of delivery attempts (a port: the composition root gives it pg-boss). */
export interface WebhookDeliveryQueue {
  /**
   * One job per attempt: `attempt` is the delivery's attempts count the job expects (a job that
   * finds another count, or the delivery no longer pending, does nothing — so a duplicate job
   * is harmless). Resolves once the jobs are committed.
   */
  enqueue(jobs: { deliveryId: string; attempt: number; startAfter?: Date }[]): Promise<void>;
}

export interface WebhookDeps {
  db: Database;
  box: SecretBox;
  queue: WebhookDeliveryQueue;
  /** Tells an organization's owners that an endpoint was disabled. */
  email: EmailSender;
  logger: Logger;
  /** For the link to the Webhooks page in emails. */
  publicUrl: string;
  /**
   * The guarded client deliveries are sent with (the SSRF guard): public addresses only, checked
   * when the connection is made, unless the operator allows a network; https only in production.
   */
  outbound: OutboundClient;
  /** A request gives up after this long (10 s). */
  timeoutMs: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

export function clock(deps: { now?: (() => Date) | undefined }): Date {
  return deps.now?.() ?? new Date();
}
