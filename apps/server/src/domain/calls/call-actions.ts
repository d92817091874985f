import { endedReasonLabels } from "@ringback/contracts";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { callRecords, formAssistants, formSubmissions } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { isUuid } from "../../lib/uuid.ts";
import { isOnDoNotCallList, lockNumber } from "../compliance/do-not-call.ts";
import { type AttemptQueue, scheduleAttempt } from "./call-engine.ts";

/**
 * What a team member can do with a lead from Call Details: call it again now, or cancel a call
 * that waits for its time. Both are checked under the number's lock, as the call engine's own
 * writers are (do-not-call.ts lockNumber), so that neither races a do-not-call addition or the
 * engine's own dial.
 */

/** The attempt and its submission, of this organization (not found for any other). */
async function attemptOf(tx: Pick<Database, "select">, organizationId: string, id: string) {
  if (!isUuid(id)) throw new AppError("not_found", "Call record not found");
  const [row] = await tx
    .select({ attempt: callRecords, submission: formSubmissions })
    .from(callRecords)
    .leftJoin(formSubmissions, eq(formSubmissions.id, callRecords.submissionId))
    .where(and(eq(callRecords.id, id), eq(callRecords.organizationId, organizationId)));
  if (!row) throw new AppError("not_found", "Call record not found");
  return row;
}

/**
 * "Call again now": a new attempt for the lead, due at once — or at the first lawful time of
 * the assistant's calling window, which no button overrides. Refused (409) for a number on the
 * do-not-call list, a lead who did not agree to be called, a test call, and while another call to
 * the lead is scheduled or under way.
 */
export async function callAgainNow(
  deps: { db: Database; attempts: AttemptQueue; respondentTimeZone?: string | null },
  organizationId: string,
  callRecordId: string,
  now = new Date(),
): Promise<{ callRecordId: string; scheduledFor: string }> {
  const { db } = deps;
  const first = await attemptOf(db, organizationId, callRecordId);
  const submission = first.submission;
  if (!submission || submission.isTest) {
    throw new AppError("conflict", "Only a lead's call can be called again.");
  }
  const phone = submission.respondentPhoneNumber ?? "";
  const created = await db.transaction(async (tx) => {
    await lockNumber(tx, organizationId, phone);
    if (await isOnDoNotCallList(tx, organizationId, phone)) {
      throw new AppError("conflict", "This number is on the do-not-call list.");
    }
    if (submission.status !== "call_scheduled") {
      throw new AppError("conflict", "This lead did not agree to be called.");
    }
    const attempts = await tx
      .select({ attempt: callRecords.callAttempt, finalAt: callRecords.finalAt })
      .from(callRecords)
      .where(eq(callRecords.submissionId, submission.id))
      .orderBy(desc(callRecords.callAttempt))
      .for("update");
    if (attempts.some((a) => a.finalAt === null)) {
      throw new AppError("conflict", "A call to this lead is already scheduled or under way.");
    }
    const [assistant] = await tx
      .select()
      .from(formAssistants)
      .where(eq(formAssistants.id, submission.assistantId ?? first.attempt.assistantId ?? ""));
    if (!assistant) throw new AppError("conflict", "This lead's assistant was deleted.");
    return scheduleAttempt(tx, {
      organizationId,
      submissionId: submission.id,
      assistant,
      phone,
      attempt: (attempts[0]?.attempt ?? 0) + 1,
      notBefore: now,
      respondentTimeZone: deps.respondentTimeZone,
    });
  });
  await deps.attempts.enqueue(created);
  return { callRecordId: created.id, scheduledFor: created.scheduledFor.toISOString() };
}

/**
 * "Cancel scheduled call": an attempt waiting for its time ends as canceled by a team member,
 * never dialled. Refused (409) once it is being dialled or has ended.
 */
export async function cancelScheduledCall(
  db: Database,
  organizationId: string,
  callRecordId: string,
  now = new Date(),
): Promise<void> {
  const row = await attemptOf(db, organizationId, callRecordId);
  const phone = row.submission?.respondentPhoneNumber ?? "";
  const canceled = await db.transaction(async (tx) => {
    await lockNumber(tx, organizationId, phone);
    return tx
      .update(callRecords)
      .set({
        dialState: "canceled",
        status: "canceled",
        endedReason: "canceled-by-user",
        errorMessage: endedReasonLabels["canceled-by-user"],
        finalAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(callRecords.id, callRecordId),
          inArray(callRecords.dialState, ["scheduled"]),
          isNull(callRecords.finalAt),
        ),
      )
      .returning({ id: callRecords.id });
  });
  if (canceled.length === 0) {
    throw new AppError("conflict", "Only a call that is still scheduled can be canceled.");
  }
}
