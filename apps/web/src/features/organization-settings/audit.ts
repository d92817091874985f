import {
  AUDIT_ACTOR_RINGBACK,
  type AuditEventItem,
  type AuditKind,
  auditKindOf,
  auditKinds,
  type DoNotCallSource,
  doNotCallSourceLabels,
  type OrganizationRole,
  voiceLanguageLabel,
} from "@ringback/contracts";
import { formatPhone } from "@/lib/phone-format";
import { retentionLabel } from "./retention";
import { roleLabels } from "./team";

/** The trail's kinds of change, as the Kind filter and each line name them. */
export const auditKindLabels: Record<AuditKind, string> = {
  "do-not-call": "Do-not-call list",
  assistants: "Assistants",
  "call-limits": "Call limits",
  retention: "Retention",
  "api-keys": "API keys",
  team: "Team",
  voice: "Voice provider",
};

/** What each kind holds, said under its name in the Kind filter. */
export const auditKindDescriptions: Record<AuditKind, string> = {
  "do-not-call": "Numbers added to or removed from the list",
  assistants: "Assistants activated, deactivated or changed",
  "call-limits": "Calls to one number a day",
  retention: "How long recordings and transcripts are kept",
  "api-keys": "Keys created and revoked",
  team: "Roles changed and members removed",
  voice: "The voice platform set or reset",
};

/** The kind of change a line of the trail is, in words; null for an action this page does not know. */
export function auditEventKindLabel(event: Pick<AuditEventItem, "action">): string | null {
  const kind = auditKindOf(event.action);
  return kind ? auditKindLabels[kind] : null;
}

/** The Who filter's choice for the changes no member made (a call, the opt-out page). */
export const RINGBACK_ACTOR_LABEL = "Ringback (calls and the opt-out page)";

/** What the trail's fields are called on screen. */
const FIELD_LABELS: Record<string, string> = {
  maxCallsPerNumberPerDay: "Calls to one number a day",
  firstSentence: "First sentence",
  callingWindowStart: "Calling window start",
  callingWindowEnd: "Calling window end",
  defaultTimeZone: "Time zone",
  maxAttempts: "Attempts",
  retryDelayMinutes: "Retry delay",
  reason: "Reason",
  source: "Source",
  skipSundays: "No calls on Sundays",
  skipHolidays: "No calls on public holidays",
  voice: "Voice",
  language: "Language",
  maxCallMinutes: "Maximum call length (minutes)",
  transferNumber: "Transfer number",
  provider: "Voice provider",
  callerNumber: "Caller number",
  apiKeyEnding: "API key ending in",
  recordingDays: "Keep recordings",
  transcriptDays: "Keep transcripts",
  role: "Role",
  revokedApiKeys: "API keys revoked",
};

/** A field this version has no name for, in words: "someNewSetting" → "Some new setting". */
function fieldLabel(key: string): string {
  const known = FIELD_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

const phone = (v: unknown) => (typeof v === "string" ? (formatPhone(v) ?? show(v)) : show(v));

/** Fields whose stored values read better in words: every enum-like value the trail holds. */
const FIELD_VALUES: Record<string, (value: unknown) => string> = {
  recordingDays: (v) => retentionLabel(typeof v === "number" ? v : null),
  transcriptDays: (v) => retentionLabel(typeof v === "number" ? v : null),
  role: (v) =>
    typeof v === "string" && v in roleLabels ? roleLabels[v as OrganizationRole] : show(v),
  // How a number came onto the do-not-call list: manual, import, call, opt_out_page.
  source: (v) =>
    typeof v === "string" && v in doNotCallSourceLabels
      ? doNotCallSourceLabels[v as DoNotCallSource]
      : show(v),
  // A BCP 47 tag ("es-MX"), or null for the voice platform's default.
  language: (v) => voiceLanguageLabel(typeof v === "string" ? v : null),
  defaultTimeZone: (v) => (typeof v === "string" ? v.replaceAll("_", " ") : show(v)),
  retryDelayMinutes: (v) => (typeof v === "number" ? minutes(v) : show(v)),
  transferNumber: phone,
  callerNumber: phone,
};

function minutes(n: number): string {
  return n === 1 ? "1 minute" : `${n} minutes`;
}

function subject(event: AuditEventItem): string {
  if (event.subjectType === "phone_number") return formatPhone(event.subjectId) ?? event.subjectId;
  return event.subjectLabel ?? event.subjectId;
}

/** What the actor did, to follow their name: "added +1 415-555-0123 to the do-not-call list". */
export function describeAuditEvent(event: AuditEventItem): string {
  switch (event.action) {
    case "do_not_call.added":
      return `added ${subject(event)} to the do-not-call list`;
    case "do_not_call.removed":
      return `removed ${subject(event)} from the do-not-call list`;
    case "assistant.activated":
      return `activated the assistant for ${subject(event)}`;
    case "assistant.deactivated":
      return `deactivated the assistant for ${subject(event)}`;
    case "assistant.settings_changed":
      return `changed the assistant for ${subject(event)}`;
    case "organization.call_settings_changed":
      return "changed the organization's call limits";
    case "organization.retention_changed":
      return "changed how long recordings and transcripts are kept";
    case "api_key.created":
      return `created the API key ${subject(event)}`;
    case "api_key.revoked":
      return `revoked the API key ${subject(event)}`;
    case "member.removed":
      return `removed ${subject(event)} from the organization`;
    case "member.role_changed":
      return `changed the role of ${subject(event)}`;
    case "voice.provider_set":
      return `set the voice provider to ${subject(event)}`;
    case "voice.provider_reset":
      return event.subjectLabel
        ? `went back to the installation's default voice provider (${event.subjectLabel})`
        : "went back to the installation's default voice provider";
    default:
      // An action newer than this page: said without its stored name.
      return event.subjectLabel ? `made a change to ${event.subjectLabel}` : "made a change";
  }
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(none)";
  if (Array.isArray(value)) return value.map(show).join(", ");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "object") {
    return Object.entries(value)
      .map(([key, inner]) => `${fieldLabel(key)}: ${show(inner)}`)
      .join("; ");
  }
  return String(value);
}

/** The changed fields, before → after (or just what was set or removed). */
export function auditChanges(event: AuditEventItem): string[] {
  const before = (event.before ?? {}) as Record<string, unknown>;
  const after = (event.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    // Activation is said by the line itself; the call is a link, not a change.
    (key) => key !== "callRecordId" && key !== "addedAt" && key !== "isActive",
  );
  return keys.map((key) => {
    const label = fieldLabel(key);
    const value = FIELD_VALUES[key] ?? show;
    if (!(key in before)) return `${label}: ${value(after[key])}`;
    if (!(key in after)) return `${label} was ${value(before[key])}`;
    return `${label}: ${value(before[key])} → ${value(after[key])}`;
  });
}

/** The trail's filters as the page's URL holds them: days are the browser's own (YYYY-MM-DD). */
export interface AuditFilters {
  /** A member's user id, or AUDIT_ACTOR_RINGBACK; null for anyone. */
  actor: string | null;
  /** In auditKinds' order; empty for every kind. */
  kinds: AuditKind[];
  /** The first day, inclusive. */
  from: string | null;
  /** The last day, inclusive. */
  to: string | null;
}

export const NO_AUDIT_FILTERS: AuditFilters = { actor: null, kinds: [], from: null, to: null };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "2026-11-03" as that day's local midnight; null for anything that is not a real day. */
export function parseDay(value: string | null | undefined): Date | null {
  const match = value ? DAY.exec(value) : null;
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const day = new Date(year, month - 1, date);
  const exists =
    day.getFullYear() === year && day.getMonth() === month - 1 && day.getDate() === date;
  return exists && year >= 1970 && year <= 9998 ? day : null;
}

/**
 * The filters from the page's URL (?actor=&kind=team&kind=api-keys&from=&to=). Lenient, so that a
 * shared or hand-edited address never breaks the page: what cannot be read is no filter.
 */
export function parseAuditFilters(query: URLSearchParams): AuditFilters {
  const actor = query.get("actor");
  const given = new Set(query.getAll("kind").flatMap((value) => value.split(",")));
  const day = (key: "from" | "to") => (parseDay(query.get(key)) ? query.get(key) : null);
  return {
    actor: actor && (actor === AUDIT_ACTOR_RINGBACK || UUID.test(actor)) ? actor : null,
    kinds: auditKinds.filter((kind) => given.has(kind)),
    from: day("from"),
    to: day("to"),
  };
}

/** The filters back into the page's URL: the ones in force only, the rest of the URL kept. */
export function auditFiltersSearch(filters: AuditFilters, current = new URLSearchParams()) {
  const query = new URLSearchParams(current);
  for (const key of ["actor", "kind", "from", "to"]) query.delete(key);
  if (filters.actor) query.set("actor", filters.actor);
  for (const kind of filters.kinds) query.append("kind", kind);
  if (filters.from) query.set("from", filters.from);
  if (filters.to) query.set("to", filters.to);
  return query;
}

export function hasAuditFilters(filters: AuditFilters): boolean {
  return (
    filters.actor !== null ||
    filters.kinds.length > 0 ||
    filters.from !== null ||
    filters.to !== null
  );
}

/** A range whose last day comes before its first: said under the date fields, and not asked. */
export function auditRangeError(filters: Pick<AuditFilters, "from" | "to">): string | null {
  const from = parseDay(filters.from);
  const to = parseDay(filters.to);
  return from && to && to < from ? "The end date is before the start date." : null;
}

/**
 * The API's query for the filters: the days become instants in the browser's time zone (the
 * user's), from the first day's midnight to the midnight after the last day.
 */
export function auditApiQuery(filters: AuditFilters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.actor) query.set("actor", filters.actor);
  if (filters.kinds.length > 0) query.set("kind", filters.kinds.join(","));
  const from = parseDay(filters.from);
  const to = parseDay(filters.to);
  if (from) query.set("from", from.toISOString());
  if (to) {
    const next = new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1);
    query.set("to", next.toISOString());
  }
  return query;
}
