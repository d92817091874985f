// One call record as Call Details shows it, and a stored submission's questions and answers.
import {
  type CallRecordDetails,
  FORM_CONSENT_TEXT_FIELD,
  FORM_CONSENT_TEXT_LABEL,
  leadOutcomeOf,
  outcomeAnswers,
  type SubmittedAnswerItem,
  type SubmittedAnswerValue,
} from "@ringback/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { callGroups, callRecords, formAssistants, formSubmissions } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { displayPhone } from "../../lib/phone-display.ts";
import { isUuid } from "../../lib/uuid.ts";
import { attemptColumns, attemptItem } from "./call-record-rows.ts";

function answerValue(value: unknown): SubmittedAnswerValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.filter((v) => v !== null).map(String);
  return JSON.stringify(value);
}

/**
 * The questions and answers of a stored submission (form_submissions.answers), in form order
 * with their titles. A submission stored before questions were kept has only its answers by
 * field id (and hidden fields): the ids stand in for the titles.
 */
export function submittedAnswers(stored: unknown): SubmittedAnswerItem[] {
  if (!stored || typeof stored !== "object") return [];
  const { questions, answers, hidden } = stored as Record<string, unknown>;
  if (Array.isArray(questions)) {
    return questions.flatMap((q: unknown) => {
      if (!q || typeof q !== "object") return [];
      const { id, title, type, value } = q as Record<string, unknown>;
      if (typeof id !== "string") return [];
      return [
        {
          id,
          title: typeof title === "string" && title.trim() ? title : id,
          type: typeof type === "string" ? type : "unknown",
          value: answerValue(value),
        },
      ];
    });
  }
  const items: SubmittedAnswerItem[] = [];
  if (answers && typeof answers === "object") {
    for (const [id, value] of Object.entries(answers)) {
      items.push({ id, title: id, type: "unknown", value: answerValue(value) });
    }
  }
  if (hidden && typeof hidden === "object") {
    for (const [name, value] of Object.entries(hidden)) {
      items.push({ id: `hidden:${name}`, title: name, type: "hidden", value: answerValue(value) });
    }
  }
  return items;
}

/**
 * One attempt for the Call Details panel: its summary and transcript, and the person behind it —
 * their contact lines, the answers they submitted, and the availability answer that is their
 * consent to be called (the question is the assistant's availability field).
 */
export async function getCallRecord(
  db: Database,
  organizationId: string,
  callRecordId: string,
): Promise<CallRecordDetails> {
  const [row] = isUuid(callRecordId)
    ? await db
        .select({
          ...attemptColumns,
          summary: callRecords.callSummary,
          transcript: callRecords.transcriptJson,
          formTitle: callGroups.formTitle,
          assistantName: callGroups.assistantName,
          leadOutcome: callGroups.leadOutcome,
          respondentName: callGroups.respondentName,
          respondentEmail: callGroups.respondentEmail,
          respondentPhoneNumber: callGroups.respondentPhoneNumber,
          answers: formSubmissions.answers,
          consentEvidence: formSubmissions.consent,
          submittedAt: formSubmissions.submittedAt,
          receivedAt: formSubmissions.createdAt,
          availabilityFieldId: formAssistants.checkboxFieldId,
          outcomes: callRecords.outcomes,
          outcomeQuestions: formAssistants.outcomeQuestions,
          isTest: callRecords.isTest,
          simulated: callRecords.simulated,
          livePhase: callRecords.livePhase,
          finalAt: callRecords.finalAt,
        })
        .from(callRecords)
        .leftJoin(
          callGroups,
          eq(callGroups.id, sql`coalesce(${callRecords.submissionId}, ${callRecords.id})`),
        )
        .leftJoin(formSubmissions, eq(formSubmissions.id, callRecords.submissionId))
        .leftJoin(
          formAssistants,
          eq(
            formAssistants.id,
            sql`coalesce(${formSubmissions.assistantId}, ${callRecords.assistantId})`,
          ),
        )
        .where(
          and(eq(callRecords.id, callRecordId), eq(callRecords.organizationId, organizationId)),
        )
    : [];
  if (!row) throw new AppError("not_found", "Call record not found");
  const answers = submittedAnswers(row.answers);
  const availability = row.availabilityFieldId
    ? answers.find((a) => a.id === row.availabilityFieldId)
    : undefined;
  const submittedAt = row.submittedAt ?? row.receivedAt;
  return {
    ...attemptItem(row),
    groupId: row.submissionId ?? row.id,
    leadOutcome: row.leadOutcome ?? leadOutcomeOf([row]),
    summary: row.summary,
    transcript: row.transcript ?? null,
    formTitle: row.formTitle ?? null,
    assistantName: row.assistantName ?? null,
    respondent: {
      name: row.respondentName ?? null,
      email: row.respondentEmail ?? null,
      phone: row.respondentPhoneNumber ?? null,
      phoneDisplay: displayPhone(row.respondentPhoneNumber),
    },
    submittedAt: submittedAt ? submittedAt.toISOString() : null,
    answers,
    consent:
      row.availabilityFieldId === FORM_CONSENT_TEXT_FIELD && row.consentEvidence
        ? { question: FORM_CONSENT_TEXT_LABEL, value: row.consentEvidence.question.description }
        : availability
          ? { question: availability.title, value: availability.value }
          : null,
    consentEvidence: row.consentEvidence ?? null,
    outcomes: outcomeAnswers(row.outcomeQuestions ?? [], row.outcomes),
    isTest: row.isTest,
    simulated: row.simulated,
    // Only while the call is not final (a final call's phase is cleared; older rows may lag).
    livePhase: row.finalAt ? null : (row.livePhase ?? null),
  };
}
