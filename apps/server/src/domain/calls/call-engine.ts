import { endedReasonLabels } from "@ringback/contracts";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { callRecords, type formAssistants, formSubmissions } from "../../db/schema/index.ts";
import type { Logger } from "../../lib/logger.ts";
import { createBatchedSender } from "../../queue/batched-sender.ts";
import type { Queue } from "../../queue/queue.ts";
import type { VoiceProviders } from "../voice/voice-providers.ts";
import type { RecordingLinks } from "../webhooks/recording-links.ts";
import { countryOfNumber, isPublicHoliday, lawfulCallingWindow } from "./calling-hours.ts";
import {
  type CallingWindowSettings,
  effectiveCallingWindow,
  nextCallTime,
  timeZoneForNumber,
} from "./calling-window.ts";

export const PLACE_CALL_JOB = "calls.place";

export interface CallEngineDeps {
  db: Database;
  queue: Queue;
  /** Where attempts are handed to the workers (batched: see createAttemptQueue). */
  attempts: AttemptQueue;
  /** Each organization's voice platform: its own account or the installation's. */
  voices: VoiceProviders;
  publicUrl: string;
  logger: Logger;
  /**
   * How long after a dial request an attempt left 'dialing' is presumed abandoned (its worker
   * died, or its request failed) and reconciled with the provider. Longer than the provider
   * request's timeout, so that a request still in flight is never reconciled — and re-dialled —
   * under its own worker's feet.
   */
  dialGraceMs: number;
  now?: () => Date;
  /**
   * Tests only (RESPONDENT_TIME_ZONE_FOR_TESTS, refused outside NODE_ENV=test): every respondent
   * is taken to be in this zone, so that a test can have its calls placed whatever the hour.
   */
  respondentTimeZone?: string | null;
  /** Signs the recording link call.completed webhooks carry. */
  recordingLinks?: RecordingLinks;
}

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * The first moment at or after notBefore inside the assistant's window narrowed to the law's
 * hours for the number (08:00–21:00, or its state's stricter ones), in the respondent's zone, on
 * a day the assistant calls (Sundays and public holidays of the number's country, if chosen).
 * Null when the window has no lawful hour for the number (20:00–21:00 and a Florida number):
 * such an attempt is never dialled (placeCall ends it as blocked-hours).
 * Never throws on a stored setting: unusable ones are replaced (effectiveCallingWindow).
 * `respondentTimeZone` replaces the number's zone: tests only (config refuses it elsewhere).
 */
export function attemptDueAt(
  assistant: CallingWindowSettings,
  phone: string,
  notBefore: Date,
  respondentTimeZone?: string | null,
): Date | null {
  const { window, timeZone } = effectiveCallingWindow(assistant);
  const lawful = lawfulCallingWindow(window, phone);
  if (!lawful) return null;
  // The number's country is parsed only for an assistant that skips holidays (this runs on
  // every delivery), and then once per attempt.
  let country: string | null | undefined;
  return nextCallTime(notBefore, lawful, respondentTimeZone || timeZoneForNumber(phone, timeZone), {
    skipSundays: assistant.skipSundays ?? false,
    skipHolidays: assistant.skipHolidays ?? false,
    isHoliday: (day) => {
      if (country === undefined) country = countryOfNumber(phone);
      return isPublicHoliday(country, day);
    },
  });
}

/**
 * Creates attempt N of a submission's call as a call_record, due at the first moment inside
 * the assistant's calling window in the respondent's local time. Runs inside the caller's
 * transaction (with the submission, or with the previous attempt's outcome).
 */
export async function scheduleAttempt(
  tx: Tx,
  input: {
    organizationId: string;
    submissionId: string;
    assistant: typeof formAssistants.$inferSelect;
    phone: string;
    attempt: number;
    notBefore: Date;
    respondentTimeZone?: string | null;
    /** A "Call me now" test call: due at once, whatever the calling window. */
    isTest?: boolean;
  },
): Promise<{ id: string; scheduledFor: Date }> {
  // An attempt with no lawful time is due at once: placeCall ends it without dialling.
  const scheduledFor = input.isTest
    ? input.notBefore
    : (attemptDueAt(input.assistant, input.phone, input.notBefore, input.respondentTimeZone) ??
      input.notBefore);
  const [row] = await tx
    .insert(callRecords)
    .values({
      organizationId: input.organizationId,
      submissionId: input.submissionId,
      assistantId: input.assistant.id,
      callAttempt: input.attempt,
      status: "scheduled",
      dialState: "scheduled",
      scheduledFor,
      isTest: input.isTest ?? false,
    })
    .onConflictDoNothing()
    .returning({ id: callRecords.id, scheduledFor: callRecords.scheduledFor });
  if (row) return row;
  // The attempt exists already (a duplicate outcome): keep the first one.
  const [existing] = await tx
    .select({ id: callRecords.id, scheduledFor: callRecords.scheduledFor })
    .from(callRecords)
    .where(
      and(
        eq(callRecords.submissionId, input.submissionId),
        eq(callRecords.callAttempt, input.attempt),
      ),
    );
  return existing!;
}

export interface AttemptQueue {
  /**
   * Hands an attempt to the workers, due at scheduledFor. A second job for the same attempt is
   * harmless (the attempt's row lock and dial state make it a no-op), so callers need not
   * coordinate; resolves once the job is committed.
   */
  enqueue(attempt: { id: string; scheduledFor: Date }): Promise<void>;
}

/**
 * calls.place jobs, inserted in batches: a burst of deliveries shares one insert and one
 * commit instead of paying for one each (about 40% of the ingest's cost when sent one by one).
 */
export function createAttemptQueue(queue: Queue): AttemptQueue {
  const sender = createBatchedSender<{ attemptId: string }>(queue, PLACE_CALL_JOB);
  return {
    enqueue: (attempt) =>
      sender.send({
        data: { attemptId: attempt.id },
        singletonKey: attempt.id,
        startAfter: attempt.scheduledFor,
        ...PLACE_CALL_RETRIES,
      }),
  };
}

/**
 * How a calls.place job is retried when it fails (a provider down, a timeout): wherever the job
 * is written — createAttemptQueue, or the ingest statement (attempt-statements.ts).
 */
export const PLACE_CALL_RETRIES = { retryLimit: 5, retryDelay: 5, retryBackoff: true } as const;

/** The attempt's organization and number, read without a lock (to take the number's lock first). */
export async function attemptNumber(
  tx: Tx,
  where: ReturnType<typeof eq>,
): Promise<{ organizationId: string; phone: string } | null> {
  const [row] = await tx
    .select({
      organizationId: callRecords.organizationId,
      phone: formSubmissions.respondentPhoneNumber,
    })
    .from(callRecords)
    .innerJoin(formSubmissions, eq(formSubmissions.id, callRecords.submissionId))
    .where(where);
  return row ? { organizationId: row.organizationId, phone: row.phone ?? "" } : null;
}

/** When an attempt marked 'dialing' at `dialRequestedAt` may be reconciled. */
export function reconcilableAt(
  deps: CallEngineDeps,
  dialRequestedAt: Date | null,
  now: Date,
): Date {
  return new Date((dialRequestedAt ?? now).getTime() + deps.dialGraceMs);
}

/** What a canceled attempt looks like: final, never dialled, with the reason. */
export function canceled(now: Date) {
  return {
    dialState: "canceled" as const,
    status: "canceled" as const,
    endedReason: "assistant-deactivated" as const,
    errorMessage: endedReasonLabels["assistant-deactivated"],
    finalAt: now,
    updatedAt: now,
  };
}

/** Deactivation cancels the assistant's attempts that have not been dialled yet. */
export async function cancelPendingAttempts(db: Database, assistantId: string): Promise<number> {
  const result = await db
    .update(callRecords)
    .set(canceled(new Date()))
    .where(
      and(
        eq(callRecords.assistantId, assistantId),
        eq(callRecords.dialState, "scheduled"),
        isNull(callRecords.finalAt),
        // A test call asked for while setting the assistant up goes out anyway.
        eq(callRecords.isTest, false),
      ),
    );
  return result.rowCount ?? 0;
}
