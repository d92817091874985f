import { z } from "zod";
import { AUDIT_ACTOR_RINGBACK, auditKinds } from "./audit.ts";

/**
 * What every call says first, before the script — who is calling, that it is an AI
 * assistant, and that the call may be recorded. Accepts {name}, {company}, {assistant}, {form}.
 */
export const DEFAULT_FIRST_SENTENCE =
  "Hi {name}, this is {assistant}, an AI assistant calling from {company} about the form you filled in. This call may be recorded.";

/**
 * What the person agreed to, stored with the submission once and never changed —
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
  /** Where the submission came from (the form source's id); absent on older evidence. */
  source: z.string().optional(),
});
export type ConsentEvidence = z.infer<typeof consentEvidenceSchema>;

/** How a number came onto the do-not-call list. */
export const doNotCallSources = ["manual", "import", "call", "opt_out_page"] as const;
export type DoNotCallSource = (typeof doNotCallSources)[number];

/** What the Do Not Call page shows for a source. */
export const doNotCallSourceLabels: Record<DoNotCallSource, string> = {
  manual: "Added by hand",
  import: "Imported",
  call: "Heard on a call",
  opt_out_page: "Opt-out page",
};

export const DO_NOT_CALL_PAGE_SIZE = 25;
/** An import is read at once (preview, then the same rows for real): a bound keeps it quick. */
export const DO_NOT_CALL_IMPORT_MAX_ROWS = 10_000;
export const DO_NOT_CALL_REASON_MAX = 200;

/** GET …/do-not-call: search (any part of the number, or of the reason) and a 1-based page. */
export const doNotCallQuerySchema = z.object({
  search: z.string().trim().max(100, "The search is too long (at most 100 characters).").optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional().catch(undefined),
});
export type DoNotCallQuery = z.infer<typeof doNotCallQuerySchema>;

/** Control characters: C0 (but tab, line feed and carriage return), DEL and C1. */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;

/**
 * A do-not-call reason as it is stored and shown: one line (tabs and line breaks become spaces),
 * without control characters (they would be stored, shown and exported as they are, and mean
 * nothing to a reader), trimmed. Applied to a reason typed in Add Number and to each imported one.
 */
export function cleanDoNotCallReason(reason: string): string {
  return reason
    .replace(/[\t\r\n]+/g, " ")
    .replace(new RegExp(CONTROL.source, "gu"), "")
    .trim();
}

/** The message for a reason longer than DO_NOT_CALL_REASON_MAX. */
export const DO_NOT_CALL_REASON_TOO_LONG = `The reason is too long (at most ${DO_NOT_CALL_REASON_MAX} characters).`;

const reasonSchema = z
  .string()
  .overwrite(cleanDoNotCallReason)
  .max(DO_NOT_CALL_REASON_MAX, DO_NOT_CALL_REASON_TOO_LONG);

/**
 * Why a file's text is not a CSV text file, or null when it is one. The browser and the server
 * both read a file as UTF-8, which turns bytes that are not UTF-8 (a Latin-1 or Windows-1252
 * export, a spreadsheet's binary format, an image) into U+FFFD; a NUL or another control
 * character (any but tab, line feed and carriage return) has no place in a CSV either. Such a
 * file is refused whole: read anyway, digits scattered through its bytes could make up a number.
 */
export function csvFileProblem(text: string): string | null {
  // U+FFFD: bytes that were not UTF-8; a lone surrogate: text that cannot be UTF-8.
  if (/[\uFFFD\p{Cs}]/u.test(text)) {
    return 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.';
  }
  if (text.includes("\u0000")) return "The file is not a CSV text file (it holds binary data).";
  const control = CONTROL.exec(text);
  if (control) {
    const line = text.slice(0, control.index).split(/\r\n|\r|\n/).length;
    const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    return `The file is not a CSV text file: line ${line} holds a control character (U+${code}).`;
  }
  return null;
}

/** POST …/do-not-call: a number in any format (read as E.164) and why. */
export const addDoNotCallSchema = z.object({
  phoneNumber: z
    .string()
    .trim()
    .min(1, "Enter a phone number.")
    .max(40, "That is not a phone number."),
  reason: reasonSchema.optional(),
});
export type AddDoNotCallInput = z.infer<typeof addDoNotCallSchema>;

/** POST …/do-not-call/import: the CSV's text; `dryRun` previews without changing the list. */
export const importDoNotCallSchema = z.object({
  csv: z.string().min(1, "The file is empty."),
  dryRun: z.boolean().default(true),
  /** The reason for rows that give none. */
  reason: reasonSchema.optional(),
});
export type ImportDoNotCallInput = z.infer<typeof importDoNotCallSchema>;

export interface DoNotCallEntry {
  id: string;
  /** E.164. */
  phoneNumber: string;
  reason: string;
  source: DoNotCallSource;
  /** Who or what added it: a member's name, "A call", "The opt-out page". */
  addedBy: string;
  /** The call it was heard on, if any (open it in Call Records). */
  callRecordId: string | null;
  createdAt: string;
}

export interface DoNotCallPage {
  items: DoNotCallEntry[];
  total: number;
  page: number;
  pageSize: number;
}

/** One CSV row of an import, as the preview and the report show it. */
export interface DoNotCallImportRow {
  /** The line in the file (1-based, the header is line 1 when there is one). */
  line: number;
  /** The number as written in the file. */
  input: string;
  /** E.164 when it could be read. */
  phoneNumber: string | null;
  reason: string;
  /** added (or would be, in a preview); already listed; duplicate of an earlier row; rejected. */
  result: "added" | "already-listed" | "duplicate" | "rejected";
  /** Why a row was rejected. */
  problem: string | null;
}

export interface DoNotCallImportReport {
  dryRun: boolean;
  rows: DoNotCallImportRow[];
  added: number;
  alreadyListed: number;
  duplicates: number;
  rejected: number;
}

/** Organization-wide call rules: the per-number cap across all assistants. */
export const MAX_CALLS_PER_NUMBER_PER_DAY_DEFAULT = 3;
export const organizationCallSettingsSchema = z.object({
  maxCallsPerNumberPerDay: z.coerce
    .number({ error: "Enter a number of calls." })
    .int("Enter a whole number of calls.")
    .min(1, "Allow at least 1 call a day.")
    .max(10, "At most 10 calls a day to one number."),
});
export type OrganizationCallSettings = z.infer<typeof organizationCallSettingsSchema>;

/** One line of the audit trail. */
export interface AuditEventItem {
  id: string;
  /** "Ana Costa", "A call", "The opt-out page". */
  actor: string;
  action: string;
  subjectType: string;
  subjectId: string;
  subjectLabel: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

export interface AuditEventPage {
  items: AuditEventItem[];
  /** The cursor of the next page (older events), or null at the end. */
  nextCursor: string | null;
}

/** A query parameter left empty (`?actor=`) is no filter, as if it were not there. */
const blankIsAbsent = (value: unknown) => (value === "" ? undefined : value);

/** An instant as ISO 8601 with its zone (the browser's toISOString), between 1970 and 9999. */
function auditInstant(name: "from" | "to") {
  return z.preprocess(
    blankIsAbsent,
    z.iso
      .datetime({
        offset: true,
        error: `"${name}" must be a date and time in ISO 8601 with its time zone, such as 2026-11-03T00:00:00.000Z.`,
      })
      .refine((value) => {
        const time = Date.parse(value);
        return time >= 0 && time < Date.UTC(10_000, 0, 1);
      }, `"${name}" must be between the years 1970 and 9999.`)
      .optional(),
  );
}

/**
 * GET …/audit-events: a page of the trail, newest first, filtered. Unlike Call Records' lenient
 * query, a filter that cannot be read is refused with what is wrong (400): a trail that quietly
 * ignored a filter would show changes the reader did not ask about as if they matched. The cursor
 * alone is lenient (one that cannot be read is the first page).
 */
export const auditQuerySchema = z
  .object({
    cursor: z.string().max(200).optional().catch(undefined),
    /** A member's user id, or AUDIT_ACTOR_RINGBACK for the changes no member made. */
    actor: z.preprocess(
      blankIsAbsent,
      z
        .string()
        .trim()
        .refine(
          (value) => value === AUDIT_ACTOR_RINGBACK || z.guid().safeParse(value).success,
          `"actor" must be a member's user id or "${AUDIT_ACTOR_RINGBACK}".`,
        )
        .optional(),
    ),
    /** Comma-separated kinds ("team,api-keys"): events of any of them. */
    kind: z.preprocess(
      blankIsAbsent,
      z
        .string()
        .max(500, '"kind" is too long.')
        .transform((value, context) => {
          const given = [...new Set(value.split(",").map((part) => part.trim()))];
          const unknown = given.find((part) => !(auditKinds as readonly string[]).includes(part));
          if (unknown !== undefined) {
            context.addIssue({
              code: "custom",
              message: `"${unknown.slice(0, 40)}" is not a kind of change. The kinds are ${auditKinds.join(", ")}.`,
            });
            return z.NEVER;
          }
          return auditKinds.filter((kind) => given.includes(kind));
        })
        .optional(),
    ),
    /** Events at or after this instant: the browser sends its local midnight of the first day. */
    from: auditInstant("from"),
    /** Events before this instant: the browser sends its local midnight after the last day. */
    to: auditInstant("to"),
  })
  .refine(({ from, to }) => !from || !to || Date.parse(from) <= Date.parse(to), {
    message: '"from" must not be after "to".',
    path: ["to"],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** Recordings are deleted 90 days after the call unless the organization says otherwise. */
export const RECORDING_RETENTION_DAYS_DEFAULT = 90;
/** The periods the settings page offers (any whole number of days from 1 to 3650 is accepted). */
export const RETENTION_DAY_CHOICES = [7, 30, 90, 180, 365, 730] as const;

const retentionDays = z
  .number({ error: "Choose how many days to keep them." })
  .int("Choose a whole number of days.")
  .min(1, "Keep them at least 1 day.")
  .max(3650, "At most 3650 days (10 years); choose Forever to keep them.")
  .nullable();

/**
 * How long an organization keeps its calls' recordings and transcripts after each call, in days;
 * null: forever. Summaries, answers and the call records themselves are kept.
 */
export const dataRetentionSchema = z.object({
  recordingDays: retentionDays,
  transcriptDays: retentionDays,
});
export type DataRetention = z.infer<typeof dataRetentionSchema>;
