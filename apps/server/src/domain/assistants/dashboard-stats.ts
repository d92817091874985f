import type { DashboardStats } from "@ringback/contracts";
import { type AnyColumn, and, count, eq, gte, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { callGroups, formSubmissions } from "../../db/schema/index.ts";

/**
 * The dashboard's cards for one organization, over a window (the dashboard's date range, the
 * charts' window) or all time, with Call Records' own definitions (ADR 0025), so that each card
 * equals what Call Records lists for the same range:
 * - unique forms called: leads (call groups) whose latest call falls in the window and that
 *   were dialled at least once — Call Records for that date range filtered by every status but
 *   Scheduled, Canceled and Not called (a lead only waiting for its first call was not called);
 * - answered: those with an answered attempt — Call Records filtered by status Answered;
 * - completed: those with an attempt that connected, answered or voicemail — Call Records
 *   filtered by status Answered and Voicemail;
 * - attempts: those leads' dialled attempts; submissions: form submissions received in the
 *   window, called or not.
 * Test calls ("Call me now") and their submissions are not leads: left out.
 */
export async function dashboardStats(
  db: Database,
  organizationId: string,
  window: { from: Date; to: Date } | null = null,
): Promise<DashboardStats> {
  const [groups] = await db
    .select({
      completed:
        sql<number>`count(*) filter (where ${callGroups.attemptStatuses} && array['answered', 'voicemail']::text[])`.mapWith(
          Number,
        ),
      answered:
        sql<number>`count(*) filter (where 'answered' = any(${callGroups.attemptStatuses}))`.mapWith(
          Number,
        ),
      leads: sql<number>`count(*) filter (where ${callGroups.dialledCount} > 0)`.mapWith(Number),
      attempts: sql<number>`coalesce(sum(${callGroups.dialledCount}), 0)`.mapWith(Number),
    })
    .from(callGroups)
    .where(
      and(
        eq(callGroups.organizationId, organizationId),
        eq(callGroups.isTest, false),
        within(callGroups.latestCallAt, window),
      ),
    );
  const [submissions] = await db
    .select({ n: count() })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.organizationId, organizationId),
        eq(formSubmissions.isTest, false),
        within(formSubmissions.createdAt, window),
      ),
    );
  return {
    completedCalls: groups?.completed ?? 0,
    answeredCalls: groups?.answered ?? 0,
    uniqueFormsCalled: groups?.leads ?? 0,
    totalAttempts: groups?.attempts ?? 0,
    totalSubmissions: submissions?.n ?? 0,
  };
}

/** The column's instant in [from, to); no condition without a window. */
function within(column: AnyColumn, window: { from: Date; to: Date } | null) {
  return window ? and(gte(column, window.from), lt(column, window.to)) : undefined;
}
