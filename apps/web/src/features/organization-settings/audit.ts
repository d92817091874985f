import type { AuditEventItem, OrganizationRole } from "@ringback/contracts";
import { formatPhone } from "@/lib/phone-format";
import { retentionLabel } from "./retention";
import { roleLabels } from "./team";

/** What the trail's fields are called on screen. */
const FIELD_LABELS: Record<string, string> = {
  maxCallsPerNumberPerDay: "Calls to one number a day",
  firstSentence: "First sentence",
  callingWindowStart: "Calling window start",
  callingWindowEnd: "Calling window end",
  defaultTimeZone: "Time zone",
  callingWindowDays: "Calling days",
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

/** Fields whose values read better than as they are stored. */
const FIELD_VALUES: Record<string, (value: unknown) => string> = {
  recordingDays: (v) => retentionLabel(typeof v === "number" ? v : null),
  transcriptDays: (v) => retentionLabel(typeof v === "number" ? v : null),
  role: (v) =>
    typeof v === "string" && v in roleLabels ? roleLabels[v as OrganizationRole] : show(v),
};

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
      return `${event.action} ${subject(event)}`;
  }
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "(none)";
  if (Array.isArray(value)) return value.map(show).join(", ");
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "object") return JSON.stringify(value);
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
    const label = FIELD_LABELS[key] ?? key;
    const value = FIELD_VALUES[key] ?? show;
    if (!(key in before)) return `${label}: ${value(after[key])}`;
    if (!(key in after)) return `${label} was ${value(before[key])}`;
    return `${label}: ${value(before[key])} → ${value(after[key])}`;
  });
}
