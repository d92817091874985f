import {
  cleanDoNotCallReason,
  csvFileProblem,
  DO_NOT_CALL_IMPORT_MAX_ROWS,
  DO_NOT_CALL_PAGE_SIZE,
  DO_NOT_CALL_REASON_MAX,
  DO_NOT_CALL_REASON_TOO_LONG,
  type DoNotCallEntry,
  type DoNotCallImportReport,
  type DoNotCallImportRow,
  type DoNotCallPage,
  type DoNotCallQuery,
  type DoNotCallSource,
} from "@ringback/contracts";
import { parse } from "csv-parse/sync";
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { doNotCallEntries, formAssistants, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { csvRow } from "../../lib/csv.ts";
import { DEFAULT_PHONE_COUNTRY, readPhoneNumber } from "../../lib/phone-number.ts";
import { isUuid } from "../../lib/uuid.ts";
import { containsPattern, searchTerms } from "../calls/call-record-filters.ts";
import { emitWebhookEvent } from "../webhooks/emit-webhook-event.ts";
import { contactOptedOutEvent } from "../webhooks/webhook-events.ts";
import { type AuditActor, recordAuditEvent } from "./audit.ts";
import { cancelPendingAttemptsToNumbers, lockNumber } from "./do-not-call.ts";

/** The reason a number added by hand or imported gets when none is given. */
export const DEFAULT_DO_NOT_CALL_REASON = "Added to the do-not-call list";

/**
 * A number as a member types it, in any format, read with the one phone reader: with + (or 00)
 * and a country code as given, otherwise in the organization's countries (organizationPhoneCountries),
 * so that it reads as the organization's leads' numbers do. Null when it is not a valid number.
 */
export function readDoNotCallNumber(
  input: string,
  countries: readonly string[] = [DEFAULT_PHONE_COUNTRY],
): string | null {
  return readPhoneNumber(input, countries);
}

/**
 * Where the organization's numbers typed without a country code are from: the countries its
 * assistants read leads in (each phone field's, then the assistant's default country), the most
 * used first; the installation's default when it has no assistant.
 */
export async function organizationPhoneCountries(
  db: Pick<Database, "select">,
  organizationId: string,
): Promise<string[]> {
  const rows = await db
    .select({ field: formAssistants.phoneDefaultCountry, assistant: formAssistants.defaultCountry })
    .from(formAssistants)
    .where(eq(formAssistants.organizationId, organizationId))
    .orderBy(asc(formAssistants.createdAt));
  const uses = new Map<string, number>();
  for (const row of rows) {
    for (const country of [row.field, row.assistant]) {
      if (country) uses.set(country, (uses.get(country) ?? 0) + 1);
    }
  }
  const countries = [...uses].sort((a, b) => b[1] - a[1]).map(([country]) => country);
  return countries.length > 0 ? countries : [DEFAULT_PHONE_COUNTRY];
}

const searchText = sql`(${doNotCallEntries.phoneNumber} || ' ' || lower(${doNotCallEntries.reason}))`;

function listConditions(organizationId: string, search: string | undefined): SQL {
  const terms = searchTerms(search);
  const conditions: SQL[] = [eq(doNotCallEntries.organizationId, organizationId)];
  if (terms.length > 0) {
    conditions.push(or(...terms.map((term) => sql`${searchText} like ${containsPattern(term)}`))!);
  }
  return and(...conditions)!;
}

const ADDED_BY: Record<DoNotCallSource, string> = {
  manual: "A member",
  import: "A member",
  call: "A call",
  opt_out_page: "The opt-out page",
};

function addedByLabel(row: {
  source: DoNotCallSource;
  name: string | null;
  phone: string | null;
  email: string | null;
  addedByUserId: string | null;
}): string {
  if (row.source === "manual" || row.source === "import") {
    if (!row.addedByUserId) return "A former member";
    return row.name?.trim() || row.phone || row.email || ADDED_BY[row.source];
  }
  return ADDED_BY[row.source];
}

const entryColumns = {
  id: doNotCallEntries.id,
  phoneNumber: doNotCallEntries.phoneNumber,
  reason: doNotCallEntries.reason,
  source: doNotCallEntries.source,
  addedByUserId: doNotCallEntries.addedByUserId,
  callRecordId: doNotCallEntries.callRecordId,
  createdAt: doNotCallEntries.createdAt,
  name: users.name,
  phone: users.phoneNumber,
  email: users.email,
};

type EntryRow = {
  [K in keyof typeof entryColumns]: (typeof entryColumns)[K]["_"]["data"] | null;
};

function entryItem(row: EntryRow): DoNotCallEntry {
  return {
    id: row.id!,
    phoneNumber: row.phoneNumber!,
    reason: row.reason!,
    source: row.source!,
    addedBy: addedByLabel({ ...row, source: row.source! }),
    callRecordId: row.callRecordId,
    createdAt: row.createdAt!.toISOString(),
  };
}

/** One page of the list, newest first; the search matches any part of the number or the reason. */
export async function listDoNotCall(
  db: Database,
  organizationId: string,
  query: DoNotCallQuery,
): Promise<DoNotCallPage> {
  const where = listConditions(organizationId, query.search);
  const page = query.page ?? 1;
  const [rows, [total]] = await Promise.all([
    db
      .select(entryColumns)
      .from(doNotCallEntries)
      .leftJoin(users, eq(users.id, doNotCallEntries.addedByUserId))
      .where(where)
      .orderBy(desc(doNotCallEntries.createdAt), desc(doNotCallEntries.id))
      .limit(DO_NOT_CALL_PAGE_SIZE)
      .offset((page - 1) * DO_NOT_CALL_PAGE_SIZE),
    db.select({ n: count() }).from(doNotCallEntries).where(where),
  ]);
  return {
    items: rows.map(entryItem),
    total: total?.n ?? 0,
    page,
    pageSize: DO_NOT_CALL_PAGE_SIZE,
  };
}

/** A member adds one number (any format) with a reason; pending attempts to it are canceled. */
export async function addDoNotCallNumber(
  db: Database,
  input: {
    organizationId: string;
    phoneNumber: string;
    reason?: string | undefined;
    actor: AuditActor;
  },
): Promise<{ entry: DoNotCallEntry; added: boolean; canceledAttempts: number }> {
  const phoneNumber = readDoNotCallNumber(
    input.phoneNumber,
    await organizationPhoneCountries(db, input.organizationId),
  );
  if (!phoneNumber) {
    throw new AppError(
      "validation_failed",
      "That is not a valid phone number. Numbers from another country than your assistants' need + and the country code.",
      {
        issues: [
          {
            path: "phoneNumber",
            message:
              "Enter a valid phone number (from another country than your assistants', start with + and the country code).",
          },
        ],
      },
    );
  }
  const reason = cleanDoNotCallReason(input.reason ?? "") || DEFAULT_DO_NOT_CALL_REASON;
  if (reason.length > DO_NOT_CALL_REASON_MAX) {
    throw new AppError("validation_failed", DO_NOT_CALL_REASON_TOO_LONG, {
      issues: [{ path: "reason", message: DO_NOT_CALL_REASON_TOO_LONG }],
    });
  }
  const result = await db.transaction(async (tx) => {
    const { added, canceled } = await addNumbers(tx, {
      organizationId: input.organizationId,
      rows: [{ phoneNumber, reason }],
      source: "manual",
      actor: input.actor,
    });
    return { added: added.length > 0, canceledAttempts: canceled };
  });
  const [row] = await db
    .select(entryColumns)
    .from(doNotCallEntries)
    .leftJoin(users, eq(users.id, doNotCallEntries.addedByUserId))
    .where(
      and(
        eq(doNotCallEntries.organizationId, input.organizationId),
        eq(doNotCallEntries.phoneNumber, phoneNumber),
      ),
    );
  if (!row) throw new AppError("not_found", "Entry not found");
  return { entry: entryItem(row), ...result };
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Lists numbers in the caller's transaction: each number's lock in a fixed order (so two imports
 * cannot deadlock, and a claim of one of them waits), the rows, one audit event per number added,
 * and every pending attempt to them canceled.
 */
async function addNumbers(
  tx: Tx,
  input: {
    organizationId: string;
    rows: { phoneNumber: string; reason: string }[];
    source: DoNotCallSource;
    actor: AuditActor;
  },
): Promise<{ added: string[]; canceled: number }> {
  const rows = [...input.rows].sort((a, b) => (a.phoneNumber < b.phoneNumber ? -1 : 1));
  for (const row of rows) await lockNumber(tx, input.organizationId, row.phoneNumber);
  const inserted = await tx
    .insert(doNotCallEntries)
    .values(
      rows.map((row) => ({
        organizationId: input.organizationId,
        phoneNumber: row.phoneNumber,
        reason: row.reason,
        source: input.source,
        addedByUserId: input.actor.userId,
      })),
    )
    .onConflictDoNothing()
    .returning({ phoneNumber: doNotCallEntries.phoneNumber, reason: doNotCallEntries.reason });
  for (const entry of inserted) {
    await recordAuditEvent(tx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: "do_not_call.added",
      subject: { type: "phone_number", id: entry.phoneNumber },
      after: { reason: entry.reason, source: input.source },
    });
  }
  // Contact.opted_out for each number newly listed (one statement for them all).
  await emitWebhookEvent(
    tx,
    inserted.map((entry) =>
      contactOptedOutEvent({
        organizationId: input.organizationId,
        source: input.source,
        ...entry,
      }),
    ),
  );
  const canceled = await cancelPendingAttemptsToNumbers(tx, {
    organizationId: input.organizationId,
    phoneNumbers: rows.map((row) => row.phoneNumber),
  });
  return { added: inserted.map((row) => row.phoneNumber), canceled };
}

/** A member removes a number; the audit trail keeps what the entry said. */
export async function removeDoNotCallEntry(
  db: Database,
  input: { organizationId: string; entryId: string; actor: AuditActor },
): Promise<void> {
  if (!isUuid(input.entryId)) throw new AppError("not_found", "Entry not found");
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(doNotCallEntries)
      .where(
        and(
          eq(doNotCallEntries.id, input.entryId),
          eq(doNotCallEntries.organizationId, input.organizationId),
        ),
      )
      .returning();
    if (!removed) throw new AppError("not_found", "Entry not found");
    await recordAuditEvent(tx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: "do_not_call.removed",
      subject: { type: "phone_number", id: removed.phoneNumber },
      before: {
        reason: removed.reason,
        source: removed.source,
        callRecordId: removed.callRecordId,
        addedAt: removed.createdAt.toISOString(),
      },
    });
  });
}

const PHONE_HEADERS = /^(phone|phone ?number|number|mobile|telephone|tel|phone_number|e\.?164)$/i;
/**
 * What a number's cell may hold: digits and the marks people write numbers with, at most as long
 * as Add Number takes. The number is read from this one cell as a whole; a cell holding anything
 * else (words, stray bytes) is rejected, so that digits scattered through it never make a number.
 */
const PHONE_CELL = /^[\d +().\-/\u00A0]{1,40}$/;
/** A cell as a report echoes it: at most `max` characters (a row shows what it held, not all of it). */
const echo = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
/** How much of a number's cell a report echoes (a rejected one can be long). */
const ECHO_NUMBER_MAX = 100;
const REASON_HEADERS = /^(reason|note|notes|comment|why)$/i;

/** Batches of one transaction each: bounded locks and a report that still comes in one answer. */
const IMPORT_BATCH = 500;

/**
 * Reads a CSV of numbers — with a header naming a phone column (and optionally a reason column),
 * or without one, the number first and the reason second — and reports on every row: added (or
 * would be, when `dryRun`), already listed, a duplicate of an earlier row, or rejected and why.
 * Nothing is lost to a bad row: the good ones are listed, the bad ones reported. A file that is
 * not a CSV text file (not UTF-8, binary, control characters: csvFileProblem) is refused whole.
 * Reasons are cleaned (cleanDoNotCallReason); one longer than DO_NOT_CALL_REASON_MAX rejects its
 * row, and the report echoes only its beginning (and of a number's cell, ECHO_NUMBER_MAX).
 */
export async function importDoNotCall(
  db: Database,
  input: {
    organizationId: string;
    csv: string;
    dryRun: boolean;
    reason?: string | undefined;
    actor: AuditActor;
  },
): Promise<DoNotCallImportReport> {
  const problem = csvFileProblem(input.csv);
  if (problem) {
    throw new AppError("validation_failed", problem, {
      issues: [{ path: "csv", message: problem }],
    });
  }
  let records: string[][];
  try {
    records = parse(input.csv, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    throw new AppError(
      "validation_failed",
      `The file could not be read as CSV: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (records.length === 0) throw new AppError("validation_failed", "The file has no rows.");

  const first = records[0]!;
  const phoneHeader = first.findIndex((cell) => PHONE_HEADERS.test(cell));
  const hasHeader =
    phoneHeader >= 0 ||
    (first.length > 0 && !readDoNotCallNumber(first[0]!) && /[a-z]/i.test(first[0]!));
  const phoneColumn = phoneHeader >= 0 ? phoneHeader : 0;
  const reasonHeader = hasHeader ? first.findIndex((cell) => REASON_HEADERS.test(cell)) : -1;
  const reasonColumn = hasHeader ? reasonHeader : 1;
  const body = hasHeader ? records.slice(1) : records;
  if (body.length === 0)
    throw new AppError("validation_failed", "The file has no numbers, only a header.");
  if (body.length > DO_NOT_CALL_IMPORT_MAX_ROWS) {
    throw new AppError(
      "validation_failed",
      `The file has ${body.length.toLocaleString("en-US")} rows; import at most ${DO_NOT_CALL_IMPORT_MAX_ROWS.toLocaleString("en-US")} at a time.`,
    );
  }
  const fallbackReason = cleanDoNotCallReason(input.reason ?? "") || DEFAULT_DO_NOT_CALL_REASON;

  const countries = await organizationPhoneCountries(db, input.organizationId);
  const rows: DoNotCallImportRow[] = [];
  const seen = new Set<string>();
  body.forEach((record, index) => {
    const line = index + 1 + (hasHeader ? 1 : 0);
    const raw = (record[phoneColumn] ?? "").trim();
    const ownReason = reasonColumn >= 0 ? cleanDoNotCallReason(record[reasonColumn] ?? "") : "";
    const row: DoNotCallImportRow = {
      line,
      input: echo(raw, ECHO_NUMBER_MAX),
      phoneNumber: null,
      reason: echo(ownReason || fallbackReason, DO_NOT_CALL_REASON_MAX),
      result: "rejected",
      problem: null,
    };
    if (!raw) row.problem = "No phone number in this row.";
    else if (!PHONE_CELL.test(raw)) {
      row.problem =
        "Not a phone number: the number's cell holds only the number (digits, spaces, + ( ) - . /).";
    } else if (ownReason.length > DO_NOT_CALL_REASON_MAX) {
      row.problem = DO_NOT_CALL_REASON_TOO_LONG;
    } else {
      const phoneNumber = readDoNotCallNumber(raw, countries);
      if (!phoneNumber) {
        row.problem =
          "Not a valid phone number (outside the US, start with + and the country code).";
      } else if (seen.has(phoneNumber)) {
        row.phoneNumber = phoneNumber;
        row.result = "duplicate";
        row.problem = "The same number is on an earlier row.";
      } else {
        seen.add(phoneNumber);
        row.phoneNumber = phoneNumber;
        row.result = "added";
      }
    }
    rows.push(row);
  });

  // Which of the readable numbers are listed already (one indexed query per batch).
  const candidates = rows.filter((row) => row.result === "added");
  for (let i = 0; i < candidates.length; i += IMPORT_BATCH) {
    const batch = candidates.slice(i, i + IMPORT_BATCH);
    const numbers = batch.map((row) => row.phoneNumber!);
    if (input.dryRun) {
      const listed = await db
        .select({ phoneNumber: doNotCallEntries.phoneNumber })
        .from(doNotCallEntries)
        .where(
          and(
            eq(doNotCallEntries.organizationId, input.organizationId),
            inArray(doNotCallEntries.phoneNumber, numbers),
          ),
        );
      const listedSet = new Set(listed.map((row) => row.phoneNumber));
      for (const row of batch) if (listedSet.has(row.phoneNumber!)) row.result = "already-listed";
    } else {
      const { added } = await db.transaction((tx) =>
        addNumbers(tx, {
          organizationId: input.organizationId,
          rows: batch.map((row) => ({ phoneNumber: row.phoneNumber!, reason: row.reason })),
          source: "import",
          actor: input.actor,
        }),
      );
      const addedSet = new Set(added);
      for (const row of batch) if (!addedSet.has(row.phoneNumber!)) row.result = "already-listed";
    }
  }

  const tally = (result: DoNotCallImportRow["result"]) =>
    rows.filter((row) => row.result === result).length;
  return {
    dryRun: input.dryRun,
    rows,
    added: tally("added"),
    alreadyListed: tally("already-listed"),
    duplicates: tally("duplicate"),
    rejected: tally("rejected"),
  };
}

export const DO_NOT_CALL_CSV_HEADER = [
  "Phone number",
  "Reason",
  "Source",
  "Added by",
  "Added at",
  "Call",
];

/** The whole list as CSV, oldest first, read in keyset batches (memory stays flat). */
export async function* exportDoNotCall(
  db: Database,
  organizationId: string,
  batchSize = 1000,
): AsyncGenerator<string> {
  yield csvRow(DO_NOT_CALL_CSV_HEADER);
  // The cursor keeps the database's microseconds (a JS Date would round them and skip rows).
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const last: { at: string; id: string } | null = after;
    const where: SQL = last
      ? and(
          eq(doNotCallEntries.organizationId, organizationId),
          sql`(${doNotCallEntries.createdAt}, ${doNotCallEntries.id}) > (${last.at}::timestamptz, ${last.id}::uuid)`,
        )!
      : eq(doNotCallEntries.organizationId, organizationId);
    const rows: (EntryRow & { at: string })[] = await db
      .select({ ...entryColumns, at: sql<string>`${doNotCallEntries.createdAt}::text` })
      .from(doNotCallEntries)
      .leftJoin(users, eq(users.id, doNotCallEntries.addedByUserId))
      .where(where)
      .orderBy(asc(doNotCallEntries.createdAt), asc(doNotCallEntries.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    let chunk = "";
    for (const row of rows) {
      const entry = entryItem(row);
      chunk += csvRow([
        entry.phoneNumber,
        entry.reason,
        entry.source,
        entry.addedBy,
        entry.createdAt,
        entry.callRecordId,
      ]);
    }
    yield chunk;
    const tail: EntryRow & { at: string } = rows.at(-1)!;
    after = { at: tail.at, id: tail.id! };
    if (rows.length < batchSize) return;
  }
}
