import { endedReasonLabels } from "@ringback/contracts";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import {
  callRecords,
  type DoNotCallSource,
  doNotCallEntries,
  formSubmissions,
} from "../../db/schema/index.ts";
import { emitWebhookEvent } from "../webhooks/emit-webhook-event.ts";
import { contactOptedOutEvent } from "../webhooks/webhook-events.ts";
import { type AuditActor, recordAuditEvent } from "./audit.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The reason recorded when a call heard the person ask not to be called again. */
export const ASKED_NOT_TO_BE_CALLED = endedReasonLabels["asked-not-to-call"];

/** What a blocked attempt says in Call Records (its error message; the status says the rest). */
export const BLOCKED_DO_NOT_CALL = endedReasonLabels["blocked-dnc"];

export interface AddToDoNotCallInput {
  organizationId: string;
  /** E.164 (the caller normalises: contracts' or submission-rules' toE164). */
  phoneNumber: string;
  reason: string;
  source: DoNotCallSource;
  actor: AuditActor;
  /** The call it was heard on, if any. */
  callRecordId?: string | null;
}

/**
 * Puts a number on an organization's do-not-call list and cancels every attempt to it that has
 * not been dialled yet, for every assistant of the organization, in one
 * transaction with its audit event. Idempotent: a number already listed keeps its first entry
 * (and its pending attempts are still canceled, in case one slipped in).
 */
export async function addToDoNotCallList(
  db: Tx | Database,
  input: AddToDoNotCallInput,
): Promise<{ added: boolean; canceledAttempts: number }> {
  const run = async (tx: Tx) => {
    await lockNumber(tx, input.organizationId, input.phoneNumber);
    const inserted = await tx
      .insert(doNotCallEntries)
      .values({
        organizationId: input.organizationId,
        phoneNumber: input.phoneNumber,
        reason: input.reason,
        source: input.source,
        addedByUserId: input.actor.userId,
        callRecordId: input.callRecordId ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: doNotCallEntries.id });
    if (inserted.length > 0) {
      await recordAuditEvent(tx, {
        organizationId: input.organizationId,
        actor: input.actor,
        action: "do_not_call.added",
        subject: { type: "phone_number", id: input.phoneNumber },
        after: {
          reason: input.reason,
          source: input.source,
          callRecordId: input.callRecordId ?? null,
        },
      });
      // Contact.opted_out for the organization's webhook endpoints.
      await emitWebhookEvent(tx, contactOptedOutEvent(input));
    }
    const canceledAttempts = await cancelPendingAttemptsToNumbers(tx, {
      organizationId: input.organizationId,
      phoneNumbers: [input.phoneNumber],
    });
    return { added: inserted.length > 0, canceledAttempts };
  };
  // A transaction of its own, or a savepoint inside the caller's.
  return db.transaction(run);
}

/**
 * Ends every not-yet-dialled attempt of the organization to this number as blocked. A worker
 * holding one of them locks its row first and then sees it final (placeCall skips final rows).
 */
export async function cancelPendingAttemptsToNumbers(
  tx: Tx | Database,
  input: { organizationId: string; phoneNumbers: string[] },
): Promise<number> {
  if (input.phoneNumbers.length === 0) return 0;
  const now = new Date();
  const submissions = tx
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(
      and(
        inArray(formSubmissions.respondentPhoneNumber, input.phoneNumbers),
        eq(formSubmissions.organizationId, input.organizationId),
      ),
    );
  const result = await tx
    .update(callRecords)
    .set({
      dialState: "canceled",
      status: "not-called",
      endedReason: "blocked-dnc",
      errorMessage: BLOCKED_DO_NOT_CALL,
      finalAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(callRecords.organizationId, input.organizationId),
        inArray(callRecords.submissionId, submissions),
        eq(callRecords.dialState, "scheduled"),
        isNull(callRecords.finalAt),
      ),
    );
  return result.rowCount ?? 0;
}

/** True when the number is on the organization's list (the pre-dial check; one index lookup). */
export async function isOnDoNotCallList(
  tx: Tx | Database,
  organizationId: string,
  phoneNumber: string,
): Promise<boolean> {
  const rows = await tx
    .select({ one: sql<number>`1` })
    .from(doNotCallEntries)
    .where(
      and(
        eq(doNotCallEntries.organizationId, organizationId),
        eq(doNotCallEntries.phoneNumber, phoneNumber),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * A transaction-scoped lock on one organization's number. Every transaction that claims an
 * attempt to dial it (placeCall), records a call's outcome (applyOutcome) or lists it
 * (addToDoNotCallList) takes it BEFORE any row lock, so they queue instead of interleaving (and
 * cannot deadlock): a claim either commits before a listing begins — the dial was decided while
 * the number was not listed — or starts after it committed, and then sees the entry and blocks.
 */
export async function lockNumber(
  tx: Tx | Database,
  organizationId: string,
  phoneNumber: string,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${organizationId}:${phoneNumber}`}, 0))`,
  );
}
