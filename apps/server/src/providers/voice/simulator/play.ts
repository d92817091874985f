import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/database.ts";
import { type SimulatorWebhook, simulatorCalls } from "../../../db/schema/index.ts";
import type { Logger } from "../../../lib/logger.ts";
import { type Queue, waitUntil } from "../../../queue/queue.ts";
import { recordedTurns } from "./call.ts";
import { renderRecording } from "./wav.ts";

export const SANDBOX_BLAND_CALL_JOB = "sandbox.bland.call";

export interface CallJobData {
  callId: string;
}

/** Bland gives a webhook receiver this long to answer. */
const WEBHOOK_TIMEOUT_MS = 30_000;

/**
 * A failed webhook is retried by pg-boss: 5 times, after about 2, 4, 8, 16 and 32 seconds (the
 * call itself is not played again: the job resumes where the call is).
 */
export const CALL_JOB_RETRY = { retryLimit: 5, retryDelay: 2, retryDelayMax: 300 };

/** Thrown for a failed webhook delivery, so that the queue retries it with back-off. */
export class WebhookFailedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WebhookFailedError";
  }
}

/** Per queue instance: the one createQueue() call it needs. */
const queuesReady = new WeakMap<object, Promise<void>>();

function ensureQueue(queue: Queue): Promise<void> {
  let ready = queuesReady.get(queue);
  if (!ready) {
    ready = queue.createQueue(SANDBOX_BLAND_CALL_JOB).catch((error: unknown) => {
      queuesReady.delete(queue);
      throw error;
    });
    queuesReady.set(queue, ready);
  }
  return ready;
}

/** Queues the job that plays a placed call out. */
export async function enqueueCall(queue: Queue, callId: string, durationMs: number): Promise<void> {
  // Creating a queue is idempotent; a web-only process may send before any worker created it.
  await ensureQueue(queue);
  const data: CallJobData = { callId };
  await queue.send(SANDBOX_BLAND_CALL_JOB, data, {
    ...CALL_JOB_RETRY,
    retryBackoff: true,
    // The job lasts as long as the call: it must not expire while the call is still going on.
    expireInSeconds: Math.max(900, Math.ceil(durationMs / 1000) + 300),
  });
}

export type PlayOutcome = "skipped" | "ended" | "delivered";

/**
 * Plays a simulated call out as it was planned when it was placed: it rings until answer_at
 * (busy, no-answer and failed calls end there), is in progress until end_at, then ends with its
 * recording. Its dialect's webhooks go out in order as the call gets to them: those `at`
 * "answer" once it connects (or ends unconnected), those `at` "end" once it has ended; a failed
 * one throws, so the queue retries it with back-off. Each step is idempotent, so a retried or
 * re-run job resumes where the call is: never a second conversation, recording or delivery.
 */
export async function playSimulatedCall(
  db: Database,
  logger: Logger,
  data: CallJobData,
  options: {
    /** Ends the wait for the call's next step (JobInterrupted): the job resumes it later. */
    stopping?: AbortSignal;
    fetch?: typeof fetch;
  } = {},
): Promise<PlayOutcome> {
  const doFetch = options.fetch ?? fetch;
  const stopping = options.stopping ?? new AbortController().signal;
  const load = async () =>
    (await db.select().from(simulatorCalls).where(eq(simulatorCalls.callId, data.callId)))[0];
  let call = await load();
  if (!call) {
    logger.info({ callId: data.callId }, "Simulated call not found: nothing to play");
    return "skipped";
  }
  const log = logger.child({ callId: call.callId });
  const deliver = async (upTo: "answer" | "end") => {
    const due = (call!.webhooks ?? []).filter((w) => upTo === "end" || w.at === "answer");
    let delivered = false;
    for (let index = call!.webhooksSent; index < due.length; index++) {
      const webhook = due[index]!;
      try {
        await postWebhook(db, log, call!.callId, webhook, doFetch);
      } catch (error) {
        // A call's early news (Vapi's status-update, Retell's call_started) is sent once, as the
        // platforms do: a receiver that fails it never holds the call up. Its end is retried.
        if (webhook.at !== "answer" || !(error instanceof WebhookFailedError)) throw error;
      }
      await db
        .update(simulatorCalls)
        .set({ webhooksSent: index + 1, webhookDeliveredAt: new Date() })
        .where(eq(simulatorCalls.callId, call!.callId));
      delivered = true;
    }
    call = (await load())!;
    return delivered;
  };

  if (call.status === "queued") {
    await waitUntil(call.answerAt, stopping);
    const connected = call.answeredBy !== null;
    await db
      .update(simulatorCalls)
      .set(
        connected
          ? { status: "in-progress", startedAt: call.answerAt }
          : { status: call.outcome, completedAt: new Date() },
      )
      .where(and(eq(simulatorCalls.callId, call.callId), eq(simulatorCalls.status, "queued")));
    call = (await load())!;
    log.info({ status: call.status }, "Simulated call connected or ended");
  }
  await deliver("answer");

  if (call.status === "in-progress") {
    await waitUntil(call.endAt, stopping);
    const turns = recordedTurns(call.transcripts);
    const turnMs =
      turns.length > 0 ? (call.endAt.getTime() - call.answerAt.getTime()) / turns.length : 0;
    const recording =
      call.record && turns.length > 0 ? renderRecording(turns, turnMs, call.callId) : null;
    await db
      .update(simulatorCalls)
      .set({ status: call.outcome, completedAt: new Date(), recording })
      .where(and(eq(simulatorCalls.callId, call.callId), eq(simulatorCalls.status, "in-progress")));
    call = (await load())!;
    log.info({ status: call.status }, "Simulated call ended");
  }

  if (call.webhooks) return (await deliver("end")) ? "delivered" : "ended";
  // A call placed before voice platforms were per organization (ADR 0018): its one post-call webhook.
  if (!call.webhookUrl || !call.webhookBody || call.webhookDeliveredAt) return "ended";
  await postWebhook(
    db,
    log,
    call.callId,
    {
      at: "end",
      url: call.webhookUrl,
      body: call.webhookBody,
      headers: {
        "user-agent": "Bland Webhooks (Ringback call simulator)",
        ...(call.webhookSignature ? { "x-webhook-signature": call.webhookSignature } : {}),
      },
    },
    doFetch,
  );
  await db
    .update(simulatorCalls)
    .set({ webhookDeliveredAt: new Date() })
    .where(eq(simulatorCalls.callId, call.callId));
  return "delivered";
}

/** POSTs one webhook; throws WebhookFailedError unless it is answered 2xx. */
async function postWebhook(
  db: Database,
  log: Logger,
  callId: string,
  webhook: SimulatorWebhook,
  doFetch: typeof fetch,
): Promise<void> {
  await db
    .update(simulatorCalls)
    .set({ webhookAttempts: sql`${simulatorCalls.webhookAttempts} + 1` })
    .where(eq(simulatorCalls.callId, callId));
  let status: number;
  try {
    const response = await doFetch(webhook.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...webhook.headers },
      body: webhook.body,
      redirect: "manual",
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel().catch(() => undefined);
  } catch (error) {
    log.warn({ err: error, url: webhook.url }, "Call webhook failed; it will be retried");
    throw new WebhookFailedError(`Webhook to ${webhook.url} failed`, { cause: error });
  }
  if (status < 200 || status >= 300) {
    log.warn({ status, url: webhook.url }, "Call webhook failed; it will be retried");
    throw new WebhookFailedError(`Webhook to ${webhook.url} answered HTTP ${status}`);
  }
  log.info({ status, url: webhook.url, at: webhook.at }, "Call webhook delivered");
}
