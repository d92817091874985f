import {
  AUDIT_ACTOR_RINGBACK,
  type AuditAction,
  type AuditEventPage,
  type AuditQuery,
  auditKindActions,
} from "@ringback/contracts";
import { and, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { auditEvents, users } from "../../db/schema/index.ts";
import { isUuid } from "../../lib/uuid.ts";

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
  /** One of auditActions, which groups each into a kind for the trail's filter. */
  action: AuditAction;
  subject: { type: string; id: string; label?: string | null };
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one event to the organization's audit trail, in the caller's transaction, so the trail
 * has exactly the changes that were committed.
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
    // The moment of writing, not the transaction's start (now()): the events one change writes
    // (a removal and the keys it revoked) keep the order they were written in, newest first.
    createdAt: sql`clock_timestamp()`,
  });
}

/** The signed-in member as an actor: their name as it reads now (their phone or email without one). */
export async function memberActor(db: Tx | Database, userId: string): Promise<AuditActor> {
  const [user] = await db
    .select({ name: users.name, phone: users.phoneNumber, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const label = user?.name.trim() || user?.phone || user?.email || "A member";
  return { userId, label };
}

export const AUDIT_PAGE_SIZE = 50;

/**
 * The organization's trail, newest first, a page at a time, filtered. The cursor is the last
 * event's time (as the database writes it, microseconds kept) and id, so pages never skip or
 * repeat; a filtered trail's cursor pages the same filtered trail. The filters: who (a member's
 * user id, or Ringback for the changes no member made), the kinds of change, and a range of
 * instants (from inclusive, to exclusive). Each filter has an index that leads with the
 * organization and ends with the trail's order (audit_events_org_*_created_idx).
 */
export async function listAuditEvents(
  db: Database,
  organizationId: string,
  query: Omit<AuditQuery, "cursor"> & { cursor?: string | undefined } = {},
): Promise<AuditEventPage> {
  const [at, id] = query.cursor?.split("|") ?? [];
  const after =
    at && id && isUuid(id) && !Number.isNaN(Date.parse(at))
      ? sql`(${auditEvents.createdAt}, ${auditEvents.id}) < (${at}::timestamptz, ${id}::uuid)`
      : undefined;
  const actor =
    query.actor === undefined
      ? undefined
      : query.actor === AUDIT_ACTOR_RINGBACK
        ? isNull(auditEvents.actorUserId)
        : eq(auditEvents.actorUserId, query.actor);
  const actions = query.kind?.flatMap((kind) => auditKindActions[kind]);
  const rows = await db
    .select({
      id: auditEvents.id,
      actor: auditEvents.actorLabel,
      action: auditEvents.action,
      subjectType: auditEvents.subjectType,
      subjectId: auditEvents.subjectId,
      subjectLabel: auditEvents.subjectLabel,
      before: auditEvents.before,
      after: auditEvents.after,
      createdAt: auditEvents.createdAt,
      at: sql<string>`${auditEvents.createdAt}::text`,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.organizationId, organizationId),
        actor,
        actions ? inArray(auditEvents.action, actions) : undefined,
        query.from ? gte(auditEvents.createdAt, new Date(query.from)) : undefined,
        query.to ? lt(auditEvents.createdAt, new Date(query.to)) : undefined,
        after,
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(({ at: _, createdAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
    })),
    nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? `${last.at}|${last.id}` : null,
  };
}
