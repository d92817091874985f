import { z } from "zod";

/**
 * Issue 13 §7: what every call says first, before the script — who is calling, that it is an AI
 * assistant, and that the call may be recorded. Accepts {name}, {company}, {assistant}, {form}.
 */
export const DEFAULT_FIRST_SENTENCE =
  "Hi {name}, this is {assistant}, an AI assistant calling from {company} about the form you filled in. This call may be recorded.";

/**
 * Issue 13 §1: what the person agreed to, stored with the submission once and never changed —
 * the availability question as shown and their answer, the form's id and last-updated time, the
 * provider's response id with its landing and submit times, and the number as typed and as
 * normalised. Times are ISO 8601.
 */
export const consentEvidenceSchema = z.object({
  question: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
  }),
  /** The answer as the person gave it: "Yes", a ticked box ("Checked"), a choice's label. */
  answer: z.string(),
  form: z.object({
    id: z.string(),
    /** The form definition's last-updated time as Ringback last read it (null: never read). */
    lastUpdatedAt: z.string().nullable(),
  }),
  response: z.object({
    id: z.string(),
    landedAt: z.string().nullable(),
    submittedAt: z.string().nullable(),
  }),
  phone: z.object({
    typed: z.string().nullable(),
    /** E.164, or null when the number could not be read. */
    normalized: z.string().nullable(),
  }),
  /** When Ringback stored this. */
  recordedAt: z.string(),
});
export type ConsentEvidence = z.infer<typeof consentEvidenceSchema>;
