import type { Database } from "../../db/database.ts";
import { auditEvents } from "../../db/schema/index.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Who did something: a member (with their name as it reads now), or Ringback itself. */
export interface AuditActor {
  userId: string | null;
  /** "Ana Costa", "A call", "The opt-out page", "Ringback". */
  label: string;
}

export interface AuditEventInput {
  organizationId: string;
  actor: AuditActor;
  /** do_not_call.added, do_not_call.removed, do_not_call.imported, assistant.activated,
   *  assistant.deactivated, assistant.settings_changed, organization.call_settings_changed */
  action: string;
  subject: { type: string; id: string; label?: string | null };
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one event to the organization's audit trail (issue 13 §9), in the caller's
 * transaction, so the trail has exactly the changes that were committed.
 */
export async function recordAuditEvent(tx: Tx | Database, event: AuditEventInput): Promise<void> {
  await tx.insert(auditEvents).values({
    organizationId: event.organizationId,
    actorUserId: event.actor.userId,
    actorLabel: event.actor.label,
    action: event.action,
    subjectType: event.subject.type,
    subjectId: event.subject.id,
    subjectLabel: event.subject.label ?? null,
    before: event.before ?? null,
    after: event.after ?? null,
  });
}
