// The CSV export of an organization's call records: its columns, and every matching attempt,
// streamed in batches.
import {
  type ConsentEvidence,
  endedReasonLabels,
  leadOutcomeLabels,
  type OutcomeQuestion,
  type OutcomeValue,
  type SubmittedAnswerValue,
} from "@ringback/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { formAssistants } from "../../db/schema/index.ts";
import { csvRow } from "../../lib/csv.ts";
import type { RecordingLinks } from "../webhooks/recording-links.ts";
import { submittedAnswers } from "./call-record-details.ts";
import { type CallGroupFilter, filterConditions } from "./call-record-filters.ts";
import { attemptsOf, type GroupRow, selectGroups, sortKeys } from "./call-record-rows.ts";

export const CSV_HEADER = [
  "Form",
  "Respondent",
  "Email",
  "Phone",
  "Attempt",
  "Status",
  // Why the attempt ended, in words (ADR 0025).
  "Ended reason",
  "Duration (seconds)",
  "Called at",
  "Latest status",
  // What all the lead's attempts came to, in words.
  "Lead outcome",
  "Total duration (seconds)",
  // What the call was about, a link to hear it (signed, 7 days: no session needed) and what the
  // person wrote in the form ("Question: answer", one per line).
  "Summary",
  "Recording link",
  "Form answers",
  // A "Call me now" test call to a team member's own phone, not a lead.
  "Test call",
  // What the person agreed to, as stored with the submission; empty without one.
  "Consent question",
  "Consent question description",
  "Consent answer",
  "Consent given at",
  "Form opened at",
  "Response ID",
  "Phone as typed",
  "Form ID",
  "Form last updated",
];

/** An answer in a spreadsheet: Yes / No, a plain number (no thousands separator), the text. */
function csvOutcome(value: OutcomeValue | undefined): string | number | null {
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return value ?? null;
}

/** Every outcome question of the organization's assistants, once per key, oldest assistant first. */
export async function organizationOutcomeQuestions(
  db: Database,
  organizationId: string,
): Promise<OutcomeQuestion[]> {
  const rows = await db
    .select({ questions: formAssistants.outcomeQuestions })
    .from(formAssistants)
    .where(eq(formAssistants.organizationId, organizationId))
    .orderBy(asc(formAssistants.createdAt), asc(formAssistants.id));
  const byKey = new Map<string, OutcomeQuestion>();
  for (const row of rows) for (const q of row.questions) if (!byKey.has(q.key)) byKey.set(q.key, q);
  return [...byKey.values()];
}

/** A submission's answers for the CSV: "Question: answer", one per line, hidden fields last. */
function answersCell(answers: unknown): string | null {
  const items = submittedAnswers(answers);
  if (items.length === 0) return null;
  return items.map((item) => `${item.title}: ${formatCsvAnswer(item.value)}`).join("\n");
}

function formatCsvAnswer(value: SubmittedAnswerValue): string {
  if (value === true) return "Yes";
  if (value === false) return "No";
  if (value === null) return "";
  return Array.isArray(value) ? value.join(", ") : String(value);
}

/** The consent columns of CSV_HEADER for one group (the same on each of its attempts). */
function consentCells(consent: ConsentEvidence | null): (string | null)[] {
  return [
    consent?.question.title ?? null,
    consent?.question.description ?? null,
    consent?.answer ?? null,
    consent?.response.submittedAt ?? null,
    consent?.response.landedAt ?? null,
    consent?.response.id ?? null,
    consent?.phone.typed ?? null,
    consent?.form.id ?? null,
    consent?.form.lastUpdatedAt ?? null,
  ];
}

/**
 * Every attempt of every matching group as CSV lines, in the page's order, read in batches with
 * keyset pagination (no OFFSET, no "all rows"): memory stays flat however large the export.
 */
export async function* exportCallRecords(
  db: Database,
  organizationId: string,
  filter: CallGroupFilter,
  options: { batchSize?: number; recordingLinks?: RecordingLinks | undefined } = {},
): AsyncGenerator<string> {
  const batchSize = options.batchSize ?? 500;
  const now = new Date();
  // A column per outcome question of the organization's assistants (by key; the
  // first assistant's label), after the fixed ones.
  const questions = await organizationOutcomeQuestions(db, organizationId);
  const header = [...CSV_HEADER, ...questions.map((q) => `Outcome: ${q.label}`)];
  yield csvRow(header);
  const where = filterConditions(organizationId, filter);
  const sort = sortKeys(filter.sort ?? "newest");
  let after: GroupRow | null = null;
  for (;;) {
    // Row comparison on the sort keys: the next batch starts right after the last row sent.
    const last = after;
    const keyset = last
      ? sql`(${sql.join(
          sort.keys.map((k) => k.column),
          sql`, `,
        )}) ${sql.raw(sort.descending ? "<" : ">")} (${sql.join(
          sort.keys.map((k) => {
            const value = k.of(last);
            return sql`${value instanceof Date ? value.toISOString() : value}`;
          }),
          sql`, `,
        )})`
      : undefined;
    const rows = await selectGroups(db, keyset ? and(where, keyset)! : where, sort, batchSize);
    if (rows.length === 0) return;
    const attempts = await attemptsOf(db, rows, { summaries: true });
    let chunk = "";
    for (const group of rows) {
      const consent = consentCells(group.consent);
      const answers = answersCell(group.answers);
      for (const attempt of attempts.get(group.id) ?? []) {
        chunk += csvRow([
          group.formTitle,
          group.respondentName,
          group.respondentEmail,
          group.respondentPhoneNumber,
          attempt.callAttempt,
          attempt.status,
          attempt.endedReason ? endedReasonLabels[attempt.endedReason] : null,
          attempt.duration,
          attempt.createdAt.toISOString(),
          group.latestStatus,
          leadOutcomeLabels[group.leadOutcome],
          group.totalDuration,
          attempt.summary ?? null,
          attempt.recordingKey && options.recordingLinks
            ? options.recordingLinks.sign(attempt.id, now).url
            : null,
          answers,
          group.isTest ? "Yes" : null,
          ...consent,
          ...questions.map((q) => csvOutcome(attempt.outcomes?.[q.key])),
        ]);
      }
    }
    yield chunk;
    after = rows.at(-1)!;
    if (rows.length < batchSize) return;
  }
}
