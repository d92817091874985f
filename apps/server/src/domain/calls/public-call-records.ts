import {
  type CallAttemptItem,
  type CallGroup,
  type CallRecordsQuery,
  type PublicCallGroup,
  type PublicCallRecord,
  type PublicCallRecordPage,
  parseTranscript,
  type Respondent,
} from "@ringback/contracts";
import type { Database } from "../../db/database.ts";
import { getCallRecord } from "./call-record-details.ts";
import { listCallGroups } from "./call-records.ts";

/**
 * Call Records for the public read API (/api/v1). The same queries as the app's
 * page (listCallGroups, getCallRecord), shaped into the API's own contract (public-api.ts), so
 * that the page can change without breaking anyone's integration.
 */

function publicAttempt(attempt: CallAttemptItem) {
  return {
    id: attempt.id,
    attempt: attempt.callAttempt,
    status: attempt.status,
    endedReason: attempt.endedReason,
    durationSeconds: attempt.duration,
    createdAt: attempt.createdAt,
    scheduledFor: attempt.scheduledFor,
  };
}

function publicGroup(group: CallGroup): PublicCallGroup {
  return {
    id: group.id,
    submissionId: group.submissionId,
    formTitle: group.formTitle,
    assistantName: group.assistantName,
    respondent: publicRespondent(group.respondent),
    latestStatus: group.latestStatus,
    leadOutcome: group.leadOutcome,
    latestCallId: group.latestCallId,
    latestCallAt: group.latestCallAt,
    totalDurationSeconds: group.totalDuration,
    outcomes: group.outcomes,
    attempts: group.attempts.map(publicAttempt),
    test: group.isTest,
  };
}

/** GET /api/v1/call-records: one page, searched, filtered and sorted as on the page. */
export async function listPublicCallRecords(
  db: Database,
  organizationId: string,
  query: CallRecordsQuery,
): Promise<PublicCallRecordPage> {
  const page = await listCallGroups(db, organizationId, query);
  return {
    data: page.groups.map(publicGroup),
    page: page.page,
    pageSize: page.pageSize,
    total: page.total,
  };
}

/** GET /api/v1/call-records/:id: one call of the organization (not found for any other). */
export async function getPublicCallRecord(
  db: Database,
  organizationId: string,
  callRecordId: string,
): Promise<PublicCallRecord> {
  const details = await getCallRecord(db, organizationId, callRecordId);
  return {
    ...publicAttempt(details),
    groupId: details.groupId,
    // A call's group is its submission, or the call itself when it has none.
    submissionId: details.groupId === details.id ? null : details.groupId,
    summary: details.summary,
    transcript: parseTranscript(details.transcript).map((line) => ({
      speaker: line.from,
      text: line.text,
    })),
    outcomes:
      details.outcomes.length > 0
        ? Object.fromEntries(details.outcomes.map((answer) => [answer.key, answer.value]))
        : null,
    formTitle: details.formTitle,
    assistantName: details.assistantName,
    respondent: publicRespondent(details.respondent),
    submittedAt: details.submittedAt,
    answers: details.answers.map((answer) => ({ ...answer })),
    consent: details.consent,
    consentEvidence: details.consentEvidence,
    test: details.isTest,
  };
}

/** The public API's respondent: the stored values only (the display form is the web app's). */
function publicRespondent(respondent: Respondent) {
  return { name: respondent.name, email: respondent.email, phone: respondent.phone };
}
