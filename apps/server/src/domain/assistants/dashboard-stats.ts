import type { DashboardStats } from "@ringback/contracts";
import { and, count, countDistinct, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { callRecords, formSubmissions } from "../../db/schema/index.ts";

/**
 * SPEC.md §2 dashboard stats for one organization: completed = completed or answered;
 * answered; unique forms called = distinct submission_id; attempts; total submissions. Test
 * calls ("Call me now", issue 15 §5) and their submissions are not leads: left out.
 */
export async function dashboardStats(
  db: Database,
  organizationId: string,
): Promise<DashboardStats> {
  const [calls] = await db
    .select({
      completed:
        sql<number>`count(*) filter (where ${inArray(callRecords.status, ["completed", "answered"])})`.mapWith(
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
