import { z } from "zod";
import { endedReasons, leadOutcomes } from "./call-status.ts";
import { callStatuses } from "./calls.ts";
import { consentEvidenceSchema } from "./compliance.ts";

/**
 * The public read API (/api/v1) for businesses that pull call records instead of
 * receiving webhooks. These schemas are its contract, kept apart from the app's own DTOs so that
 * the app can change its screens without breaking anyone's integration: fields may be added,
 * never renamed or removed, within v1. The OpenAPI document is generated from them
 * (public-api-openapi.ts).
 */

/** Times are ISO 8601 in UTC with milliseconds (2026-11-03T04:00:00.000Z). */
const instant = z.iso.datetime();

export const publicCallStatusSchema = z
  .enum(callStatuses)
  .describe(
    "Where the call is or how it ended. Pending: scheduled (waiting for its time or a retry's delay), dialling, ringing, in-progress. Final: answered (a person picked up), voicemail (never counted as answered), no-answer (nobody picked up or spoke), busy, failed (the number, the carrier or the voice platform), canceled (before it was dialled), not-called (Ringback did not dial it: the do-not-call list, the daily limit for the number, no consent, or no lawful hour; endedReason says which).",
  );

export const publicEndedReasonSchema = z
  .enum(endedReasons)
  .nullable()
  .describe(
    "Why the call ended or was not placed, mapped from the voice platform's reason; null while it is pending or when the platform did not say.",
  );

export const publicLeadOutcomeSchema = z
  .enum(leadOutcomes)
  .describe(
    "What all the calls to this person came to: reached, voicemail-left, not-reached-yet (a call is still scheduled or under way), not-reached, opted-out, transferred (to a person on the team) or meeting-booked.",
  );

export const publicRespondentSchema = z
  .object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable().describe("E.164, e.g. +14155550123."),
  })
  .describe("The person who filled in the form.");

export const publicOutcomesSchema = z
  .record(z.string(), z.union([z.boolean(), z.number(), z.string(), z.null()]))
  .describe(
    "The call's answers to the assistant's outcome questions, by question key: yes/no as true or false, numbers, text, one of a list as its text, dates as yyyy-mm-dd; null when the call did not find out.",
  );

export const publicCallAttemptSchema = z
  .object({
    id: z.uuid().describe("The call record's id: GET /api/v1/call-records/{id} gives it whole."),
    attempt: z.int().min(1).describe("1 for the first call to this person, 2 for the retry…"),
    status: publicCallStatusSchema,
    endedReason: publicEndedReasonSchema,
    durationSeconds: z.int().nullable().describe("Null while unknown."),
    createdAt: instant,
    scheduledFor: instant
      .nullable()
      .describe("When a scheduled call is due (a retry waits for its delay); null otherwise."),
  })
  .describe("One call to the person.");

export const publicCallGroupSchema = z
  .object({
    id: z
      .uuid()
      .describe(
        "The submission's id, or the call record's own id for a call without a submission.",
      ),
    submissionId: z.uuid().nullable(),
    formTitle: z.string().nullable(),
    assistantName: z.string().nullable(),
    respondent: publicRespondentSchema,
    latestStatus: publicCallStatusSchema,
    leadOutcome: publicLeadOutcomeSchema,
    latestCallId: z.uuid(),
    latestCallAt: instant,
    totalDurationSeconds: z.int().describe("Over all attempts."),
    outcomes: publicOutcomesSchema
      .nullable()
      .describe("The answers of the latest call that has some; null when none has."),
    attempts: z.array(publicCallAttemptSchema).describe("Oldest first."),
    test: z
      .boolean()
      .describe('A "Call me now" test call to a team member\'s own phone, not a lead.'),
  })
  .describe("A form submission and the calls made for it, as the Call Records page lists them.");

export const publicCallRecordPageSchema = z
  .object({
    data: z.array(publicCallGroupSchema),
    page: z.int().min(1),
    pageSize: z.int().min(1),
    total: z
      .int()
      .nullable()
      .describe(
        "How many groups match, over all pages; null for a broad search (thousands of matches), whose exact count takes longer than its page.",
      ),
  })
  .describe("One page of call records.");

export const publicTranscriptLineSchema = z.object({
  speaker: z.enum(["assistant", "respondent"]),
  text: z.string(),
});

export const publicSubmittedAnswerSchema = z.object({
  id: z.string().describe("The form's field id (hidden fields: hidden:<name>)."),
  title: z.string().describe("The question as the form showed it."),
  type: z.string().describe("The form provider's field type; hidden for a hidden field."),
  value: z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]),
});

export const publicCallRecordSchema = z
  .object({
    id: z.uuid(),
    groupId: z.uuid().describe("The id of its group in the list."),
    submissionId: z.uuid().nullable(),
    attempt: z.int().min(1),
    status: publicCallStatusSchema,
    endedReason: publicEndedReasonSchema,
    durationSeconds: z.int().nullable(),
    createdAt: instant,
    scheduledFor: instant.nullable().describe("When a scheduled call is due; null otherwise."),
    summary: z.string().nullable().describe("The voice provider's summary of the call."),
    transcript: z.array(publicTranscriptLineSchema).describe("The conversation, in order."),
    outcomes: publicOutcomesSchema.nullable().describe("Null until the call has answers."),
    formTitle: z.string().nullable(),
    assistantName: z.string().nullable(),
    respondent: publicRespondentSchema,
    submittedAt: instant.nullable().describe("When the form was submitted."),
    answers: z
      .array(publicSubmittedAnswerSchema)
      .describe("The submitted answers in form order, hidden fields last."),
    consent: z
      .object({
        question: z.string(),
        value: publicSubmittedAnswerSchema.shape.value,
      })
      .nullable()
      .describe("The form's question asking to be called, and the answer given."),
    consentEvidence: consentEvidenceSchema
      .nullable()
      .describe("What the person agreed to, as stored when the form was submitted."),
    test: z
      .boolean()
      .describe('A "Call me now" test call to a team member\'s own phone, not a lead.'),
  })
  .describe("One call, with its summary, transcript, outcomes and the form behind it.");

export type PublicCallGroup = z.infer<typeof publicCallGroupSchema>;
export type PublicCallRecordPage = z.infer<typeof publicCallRecordPageSchema>;
export type PublicCallRecord = z.infer<typeof publicCallRecordSchema>;
export type PublicOutcomes = z.infer<typeof publicOutcomesSchema>;
