import type { DashboardStats } from "@ringback/contracts";
import { and, count, countDistinct, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { callRecords, formSubmissions } from "../../db/schema/index.ts";

/**
 * The dashboard's cards for one organization: completed = calls that connected (a person
 * answered, or voicemail picked up: ADR 0025); answered = a person picked up; unique forms
 * called = distinct submission_id; attempts; total submissions. Test calls ("Call me now") and
 * their submissions are not leads: left out.
 */
export async function dashboardStats(
  db: Database,
  organizationId: string,
): Promise<DashboardStats> {
  const [calls] = await db
    .select({
      completed:
        sql<number>`count(*) filter (where ${inArray(callRecords.status, ["answered", "voicemail"])})`.mapWith(
          Number,
        ),
      answered: sql<number>`count(*) filter (where ${eq(callRecords.status, "answered")})`.mapWith(
        Number,
      ),
      uniqueForms: countDistinct(callRecords.submissionId),
      attempts: count(),
    })
    .from(callRecords)
    .where(and(eq(callRecords.organizationId, organizationId), eq(callRecords.isTest, false)));
  const [submissions] = await db
    .select({ n: count() })
    .from(formSubmissions)
    .where(
      and(eq(formSubmissions.organizationId, organizationId), eq(formSubmissions.isTest, false)),
    );
  return {
    completedCalls: calls?.completed ?? 0,
    answeredCalls: calls?.answered ?? 0,
    uniqueFormsCalled: calls?.uniqueForms ?? 0,
    totalAttempts: calls?.attempts ?? 0,
    totalSubmissions: submissions?.n ?? 0,
  };
}
