import { randomUUID } from "node:crypto";
import {
  type ConsentEvidence,
  outcomeAnswers,
  parseTranscript,
  TEST_CALLS_PER_DAY,
  TEST_CALLS_PER_WINDOW,
  TEST_CALLS_WINDOW_MINUTES,
  type TestCallRefusal,
  type TestCallStarted,
  type TestCallState,
} from "@ringback/contracts";
import { and, eq } from "drizzle-orm";
import type pg from "pg";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { Database } from "../../db/database.ts";
import { callRecords, formAssistants, formSubmissions, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { isPlaceholderEmail } from "../accounts/sign-in-rules.ts";
import { findAssistantRow } from "../assistants/assistants.ts";
import { isOnDoNotCallList } from "../compliance/do-not-call.ts";
import { type CallEngineDeps, scheduleAttempt } from "./call-engine.ts";
import { NO_VOICE_PROVIDER } from "./place-call.ts";

/**
 * "Call me now": a team member hears an assistant by having it call their own
 * phone. The call is real (it costs the organization money and rings a phone), so:
 * - it goes only to the signed-in user's own verified number (never a number from the request);
 * - it is limited per person (TEST_CALLS_PER_WINDOW per TEST_CALLS_WINDOW_MINUTES and
 *   TEST_CALLS_PER_DAY a day), counted in PostgreSQL so that every web process shares them;
 * - it goes through the call engine like a lead's (the do-not-call list and consent are still
 *   checked before the dial), but marked as a test: placed at once whatever the calling window,
 *   never retried, never announced to the organization's webhooks, listed in Call Records as a
 *   test and left out of the dashboard's stats and charts.
 */

export interface TestCallLimits {
  /** Counts one test call for the user; throws AppError("rate_limited") over a limit. */
  consume(userId: string): Promise<void>;
}

/** How long to wait, in words: minutes under an hour, hours above. */
function waitInWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}

export function createTestCallLimits(
  pool: pg.Pool,
  limits: { perWindow: number; windowMinutes: number; perDay: number } = {
    perWindow: TEST_CALLS_PER_WINDOW,
    windowMinutes: TEST_CALLS_WINDOW_MINUTES,
    perDay: TEST_CALLS_PER_DAY,
  },
): TestCallLimits {
  const limiter = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix,
      points,
      duration,
    });
  const checks = [
    {
      limiter: limiter("test-call", limits.perWindow, limits.windowMinutes * 60),
      says: `You can place ${limits.perWindow} test call${limits.perWindow === 1 ? "" : "s"} every ${limits.windowMinutes} minutes`,
    },
    {
      limiter: limiter("test-call-day", limits.perDay, 24 * 60 * 60),
      says: `You can place ${limits.perDay} test call${limits.perDay === 1 ? "" : "s"} a day`,
    },
  ];
  return {
    async consume(userId) {
      const taken: RateLimiterPostgres[] = [];
      for (const { limiter, says } of checks) {
        try {
          await limiter.consume(userId);
        } catch (error) {
          if (!(error instanceof RateLimiterRes)) throw error;
          // A refused call uses up nothing: the limits before this one get their point back.
          await Promise.all(taken.map((counted) => counted.reward(userId)));
          throw new AppError(
            "rate_limited",
            `${says}; try again in ${waitInWords(error.msBeforeNext)}.`,
            { retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) },
          );
        }
        taken.push(limiter);
      }
    },
  };
}

export interface TestCallDeps {
  db: Database;
  calls: Pick<CallEngineDeps, "attempts" | "voices">;
  limits: TestCallLimits;
  now?: () => Date;
}

function refused(
  code: "bad_request" | "conflict",
  reason: TestCallRefusal,
  message: string,
): AppError {
  return new AppError(code, message, { reason });
}

/**
 * Places a test call of the assistant as it is now (script, first sentence, voice options,
 * outcome questions; active or not) to the signed-in user's own verified phone: a test
 * submission and its first attempt in one transaction, then the attempt handed to the workers.
 */
export async function placeTestCall(
  deps: TestCallDeps,
  input: { organizationId: string; assistantId: string; userId: string },
): Promise<TestCallStarted> {
  const { db } = deps;
  const assistant = await findAssistantRow(db, input.organizationId, input.assistantId);
  if (!assistant) throw new AppError("not_found", "Assistant not found");
  if (!assistant.assistantScript?.trim()) {
    throw refused(
      "bad_request",
      "no_script",
      "This assistant has no script yet. Write its script before placing a test call.",
    );
  }
  const [user] = await db
    .select({
      name: users.name,
      email: users.email,
      phone: users.phoneNumber,
      verified: users.phoneNumberVerified,
    })
    .from(users)
    .where(eq(users.id, input.userId));
  const phone = user?.phone?.trim();
  if (!user || !phone || !user.verified) {
    throw refused(
      "bad_request",
      "no_verified_phone",
      "A test call goes to your own phone number, and your account has no verified phone number.",
    );
  }
  if (await isOnDoNotCallList(db, input.organizationId, phone)) {
    throw refused(
      "conflict",
      "do_not_call",
      "Your phone number is on this organization's do-not-call list, so it cannot be called. Remove it from the list to place a test call.",
    );
  }
  const voice = await deps.calls.voices.forOrganization(db, input.organizationId);
  if (!voice) throw refused("conflict", "no_voice_provider", NO_VOICE_PROVIDER);
  // Counted only once everything else is in order: a refused request uses up nothing.
  await deps.limits.consume(input.userId);

  const now = deps.now?.() ?? new Date();
  const responseId = `test-${randomUUID()}`;
  const formId = assistant.formId ?? "test-call";
  const name = user.name.trim() || null;
  const consent: ConsentEvidence = {
    question: {
      id: "test-call",
      title: "A team member asked for a test call to their own phone number (Call me now).",
      description: `${name ?? "A team member"} asked ${assistant.name?.trim() || "the assistant"} to call their own verified number, from Ringback.`,
    },
    answer: "Yes",
    form: { id: formId, lastUpdatedAt: null },
    response: { id: responseId, landedAt: null, submittedAt: now.toISOString() },
    phone: { typed: phone, normalized: phone },
    recordedAt: now.toISOString(),
  };
  const attempt = await db.transaction(async (tx) => {
    const [submission] = await tx
      .insert(formSubmissions)
      .values({
        organizationId: input.organizationId,
        assistantId: assistant.id,
        provider: assistant.provider,
        formId,
        providerResponseId: responseId,
        respondentName: name,
        respondentEmail: isPlaceholderEmail(user.email) ? null : user.email,
        respondentPhoneNumber: phone,
        status: "call_scheduled",
        answers: { answers: {}, hidden: {}, questions: [], landedAt: null, raw: null },
        consent,
        submittedAt: now,
        isTest: true,
      })
      .returning({ id: formSubmissions.id });
    return scheduleAttempt(tx, {
      organizationId: input.organizationId,
      submissionId: submission!.id,
      assistant,
      phone,
      attempt: 1,
      notBefore: now,
      isTest: true,
    });
  });
  // Committed with its submission: should this enqueue be lost, the sweeper enqueues it.
  await deps.calls.attempts.enqueue(attempt);
  return { callRecordId: attempt.id, phoneNumber: phone, simulated: voice.simulated };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A test call of the assistant as its dialog shows it (not found for any other call). */
export async function getTestCall(
  db: Database,
  input: { organizationId: string; assistantId: string; callRecordId: string },
): Promise<TestCallState> {
  if (!UUID.test(input.callRecordId) || !UUID.test(input.assistantId)) {
    throw new AppError("not_found", "Test call not found");
  }
  const [row] = await db
    .select({
      id: callRecords.id,
      status: callRecords.status,
      endedReason: callRecords.endedReason,
      finalAt: callRecords.finalAt,
      livePhase: callRecords.livePhase,
      dialState: callRecords.dialState,
      simulated: callRecords.simulated,
      duration: callRecords.duration,
      summary: callRecords.callSummary,
      transcript: callRecords.transcriptJson,
      errorMessage: callRecords.errorMessage,
      createdAt: callRecords.createdAt,
      phone: formSubmissions.respondentPhoneNumber,
      outcomes: callRecords.outcomes,
      outcomeQuestions: formAssistants.outcomeQuestions,
    })
    .from(callRecords)
    .leftJoin(formSubmissions, eq(formSubmissions.id, callRecords.submissionId))
    .leftJoin(formAssistants, eq(formAssistants.id, callRecords.assistantId))
    .where(
      and(
        eq(callRecords.id, input.callRecordId),
        eq(callRecords.organizationId, input.organizationId),
        eq(callRecords.assistantId, input.assistantId),
        eq(callRecords.isTest, true),
      ),
    );
  if (!row) throw new AppError("not_found", "Test call not found");
  const final = row.finalAt !== null;
  return {
    callRecordId: row.id,
    status: row.status,
    endedReason: row.endedReason,
    final,
    // Until the platform says more, a call it has accepted is ringing (Bland, say, tells nothing
    // between the dial and the answer).
    livePhase: final
      ? null
      : (row.livePhase ?? (row.dialState === "dialed" ? "ringing" : "queued")),
    phoneNumber: row.phone ?? null,
    simulated: row.simulated,
    durationSeconds: row.duration,
    summary: row.summary,
    transcript: parseTranscript(row.transcript),
    errorMessage: row.errorMessage,
    // As Call Details reads them (call-records.ts): the assistant's questions, then any others.
    outcomes: outcomeAnswers(row.outcomeQuestions ?? [], row.outcomes),
    createdAt: row.createdAt.toISOString(),
  };
}
