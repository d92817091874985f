import { createHash, createHmac, randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/database.ts";
import {
  type SimulatorDialect,
  type SimulatorWebhook,
  simulatorCalls,
} from "../../../db/schema/call-simulator.ts";
import type { Queue } from "../../../queue/queue.ts";
import {
  type CallRequest,
  finalCall,
  type Pace,
  planCall,
  SIMULATOR_FROM_NUMBER,
  type SimulatorCall,
} from "./call.ts";
import { simulatorApiUrl } from "./credentials.ts";
import { enqueueCall } from "./play.ts";

/** What every dialect's routes need to place and read simulated calls. */
export interface SimulatedCallDeps {
  db: Database;
  queue: Queue;
  /** Ringback's public base URL: the simulator's dialects live under `${publicUrl}/sandbox/…`. */
  publicUrl: string;
  /** SECRET_KEY: the simulator's accounts and recording links are derived from it. */
  secretKey: string;
  /** Ringing time and time per conversation turn (DEFAULT_SIMULATOR_PACE feels real). */
  pace: Pace;
}

/** SHA-256 (hex) of an API key: how a call row remembers its account without the key. */
export const apiKeyHash = (apiKey: string) =>
  createHash("sha256").update(apiKey.trim()).digest("hex");

/**
 * A recording link's token: unguessable, like a storage provider's signed URL. A call id alone
 * plays nothing.
 */
export function recordingToken(secretKey: string, callId: string): string {
  return createHmac("sha256", secretKey)
    .update(`ringback:call-simulator:recording:${callId}`)
    .digest("hex")
    .slice(0, 40);
}

/** Where a simulated call's recording is served (by the Bland dialect's routes, for all). */
export function recordingUrl(
  deps: Pick<SimulatedCallDeps, "publicUrl" | "secretKey">,
  callId: string,
) {
  return `${simulatorApiUrl(deps.publicUrl, "bland")}/recordings/${callId}.wav?token=${recordingToken(deps.secretKey, callId)}`;
}

export interface PlaceSimulatedCall {
  dialect: SimulatorDialect;
  /** apiKeyHash of the key the call was placed with: the account that sees it. */
  apiKeyHash: string;
  /** The placing request's body as received. */
  request: Record<string, unknown>;
  call: CallRequest;
  /** E.164; the simulator's own number when the request named none. */
  fromNumber: string | null;
  /** Whether the platform was asked to record the call. */
  record: boolean;
  /**
   * The dialect's webhooks for this call, made once, now (the worker that plays the call holds
   * no secret, and every retry sends the same bytes): from the call as it will have ended.
   */
  webhooks: (ended: SimulatorCall) => SimulatorWebhook[];
}

/**
 * Plans a call (its outcome follows the number's last four digits: outcomes.ts), stores it and
 * queues its playback. The stored row is what every dialect's API shows, in its own shapes.
 */
export async function placeSimulatedCall(
  deps: SimulatedCallDeps,
  input: PlaceSimulatedCall,
): Promise<SimulatorCall> {
  const createdAt = new Date();
  const plan = planCall(input.call, createdAt, deps.pace);
  const callId = randomUUID();
  const recorded = input.record && plan.transcripts.length > 0;
  const row: SimulatorCall = {
    callId,
    dialect: input.dialect,
    request: input.request,
    apiKeyHash: input.apiKeyHash,
    phoneNumber: input.call.phoneNumber,
    fromNumber: input.fromNumber ?? SIMULATOR_FROM_NUMBER,
    task: input.call.task,
    firstSentence: input.call.firstSentence,
    record: input.record,
    requestData: input.call.requestData,
    analysisSchema: input.call.analysisSchema,
    metadata: input.call.metadata,
    webhookUrl: null,
    status: "queued",
    outcome: plan.outcome.status,
    answeredBy: plan.outcome.answeredBy,
    callLength: plan.callLength,
    transcripts: plan.transcripts,
    summary: plan.summary,
    errorMessage: plan.outcome.errorMessage,
    recordingUrl: recorded ? recordingUrl(deps, callId) : null,
    recording: null,
    answerAt: plan.answerAt,
    endAt: plan.endAt,
    webhookBody: null,
    webhookSignature: null,
    webhookAttempts: 0,
    webhookDeliveredAt: null,
    webhooks: null,
    webhooksSent: 0,
    createdAt,
    startedAt: null,
    completedAt: null,
  };
  row.webhooks = input.webhooks(finalCall(row));
  row.webhookUrl = row.webhooks[0]?.url ?? null;
  await deps.db.insert(simulatorCalls).values(row);
  try {
    await enqueueCall(deps.queue, callId, plan.endAt.getTime() - createdAt.getTime());
  } catch (error) {
    // Not queued: not dialled either, so it does not count.
    await deps.db.delete(simulatorCalls).where(eq(simulatorCalls.callId, callId));
    throw error;
  }
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One call of an account in a dialect, or null (another account's calls are not found). */
export async function loadSimulatedCall(
  db: Database,
  input: { dialect: SimulatorDialect; apiKeyHash: string; callId: string },
): Promise<SimulatorCall | null> {
  if (!UUID.test(input.callId)) return null;
  const [call] = await db
    .select()
    .from(simulatorCalls)
    .where(
      and(
        eq(simulatorCalls.callId, input.callId),
        eq(simulatorCalls.apiKeyHash, input.apiKeyHash),
        eq(simulatorCalls.dialect, input.dialect),
      ),
    );
  return call ?? null;
}

/** An account's calls in a dialect, newest first unless `ascending`, with the total. */
export async function listSimulatedCalls(
  db: Database,
  input: {
    dialect: SimulatorDialect;
    apiKeyHash: string;
    toNumber?: string | null;
    fromNumber?: string | null;
    /** metadata.attempt_id equals this. */
    attemptId?: string | null;
    offset: number;
    limit: number;
    ascending?: boolean;
  },
): Promise<{ total: number; calls: SimulatorCall[] }> {
  const conditions: SQL[] = [
    eq(simulatorCalls.apiKeyHash, input.apiKeyHash),
    eq(simulatorCalls.dialect, input.dialect),
  ];
  if (input.toNumber) conditions.push(eq(simulatorCalls.phoneNumber, input.toNumber));
  if (input.fromNumber) conditions.push(eq(simulatorCalls.fromNumber, input.fromNumber));
  if (input.attemptId) {
    conditions.push(sql`(${simulatorCalls.metadata}->>'attempt_id') = ${input.attemptId}`);
  }
  const where = and(...conditions);
  const order = input.ascending ? asc : desc;
  const [calls, [total]] = await Promise.all([
    db
      .select()
      .from(simulatorCalls)
      .where(where)
      .orderBy(order(simulatorCalls.createdAt), order(simulatorCalls.callId))
      .limit(Math.max(0, input.limit))
      .offset(Math.max(0, input.offset)),
    db.select({ n: count() }).from(simulatorCalls).where(where),
  ]);
  return { total: total?.n ?? 0, calls };
}
