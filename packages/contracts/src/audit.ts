// The audit trail's actions and the kinds they are grouped in, shared by the server (which
// records the actions and filters by kind) and the web app (which names them). No zod here: the
// settings pages that read these do not need it.

/** Every action the audit trail records. */
export const auditActions = [
  "do_not_call.added",
  "do_not_call.removed",
  "assistant.activated",
  "assistant.deactivated",
  "assistant.settings_changed",
  "organization.call_settings_changed",
  "organization.retention_changed",
  "api_key.created",
  "api_key.revoked",
  "member.removed",
  "member.role_changed",
  "voice.provider_set",
  "voice.provider_reset",
] as const;
export type AuditAction = (typeof auditActions)[number];

/** What a change was about, as the trail's Kind filter offers it. */
export const auditKinds = [
  "do-not-call",
  "assistants",
  "call-limits",
  "retention",
  "api-keys",
  "team",
  "voice",
] as const;
export type AuditKind = (typeof auditKinds)[number];

/** The actions of each kind: every action is in exactly one. */
export const auditKindActions: Record<AuditKind, readonly AuditAction[]> = {
  "do-not-call": ["do_not_call.added", "do_not_call.removed"],
  assistants: ["assistant.activated", "assistant.deactivated", "assistant.settings_changed"],
  "call-limits": ["organization.call_settings_changed"],
  retention: ["organization.retention_changed"],
  "api-keys": ["api_key.created", "api_key.revoked"],
  team: ["member.removed", "member.role_changed"],
  voice: ["voice.provider_set", "voice.provider_reset"],
};

/** The kind an action belongs to; null for an action this version does not know. */
export function auditKindOf(action: string): AuditKind | null {
  return auditKinds.find((kind) => auditKindActions[kind].some((a) => a === action)) ?? null;
}

/**
 * The actor filter's value for changes no member made: Ringback itself, on a call (a person
 * asked not to be called again) or from the public opt-out page. Any other value is a user's id.
 */
export const AUDIT_ACTOR_RINGBACK = "ringback";
