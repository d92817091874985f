import { and, asc, desc, eq, gt, gte, lt, lte, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { sandboxTypeformResponses } from "../../../../db/schema/index.ts";
import { type SandboxApiEnv, type SandboxContext, typeformError } from "./context.ts";
import { findAccountForm, typeformTime } from "./forms-api.ts";
import { requireScope } from "./oauth.ts";

/** A `since`/`until` value: Unix seconds, or ISO 8601 in UTC to the second. */
function timeParam(value: string | undefined): Date | null | undefined {
  if (value === undefined || value === "") return undefined;
  const date = /^\d+$/.test(value) ? new Date(Number(value) * 1000) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * GET /forms/:formId/responses, as Typeform documents it: `page_size` (default 25, at most
 * 1000), `since` and `until` (inclusive), `before` and `after` (a response token, exclusive; not
 * with `sort`), `sort` (`submitted_at,desc` by default). Each item is the stored response as the
 * Responses API shows it: `landing_id`, `token` and `response_id` (the same token), the landing
 * and submit times, `hidden`, `calculated` and the answers (each answer's field by id, type and
 * ref). Only completed responses exist in the sandbox.
 */
export function responsesApiRoutes(ctx: SandboxContext) {
  return new Hono<SandboxApiEnv>().get("/", requireScope("responses:read"), async (c) => {
    const form = await findAccountForm(
      ctx.db,
      c.get("caller").accountId,
      c.req.param("formId") ?? "",
    );
    if (!form) return typeformError(c, 404, "FORM_NOT_FOUND", "Form not found.");
    const query = c.req.query();
    const pageSize = query.page_size === undefined ? 25 : Number(query.page_size);
    const since = timeParam(query.since);
    const until = timeParam(query.until);
    if (
      !Number.isInteger(pageSize) ||
      pageSize < 1 ||
      pageSize > 1000 ||
      since === null ||
      until === null
    ) {
      return typeformError(
        c,
        400,
        "VALIDATION_ERROR",
        "page_size must be an integer from 1 to 1000; since and until a Unix time or an ISO 8601 date.",
      );
    }
    const { before, after, sort } = query;
    if ((before || after) && sort) {
      return typeformError(
        c,
        400,
        "VALIDATION_ERROR",
        "before and after cannot be used with sort.",
      );
    }
    if (sort && !/^submitted_at,(asc|desc)$/.test(sort)) {
      return typeformError(
        c,
        400,
        "VALIDATION_ERROR",
        "sort must be submitted_at,asc or submitted_at,desc.",
      );
    }
    const ascending = Boolean(after) || sort === "submitted_at,asc";
    const conditions: SQL[] = [eq(sandboxTypeformResponses.formId, form.id)];
    if (since) conditions.push(gte(sandboxTypeformResponses.submittedAt, since));
    if (until) conditions.push(lte(sandboxTypeformResponses.submittedAt, until));
    // A token's place: responses submitted after (or before) it, ties broken by token.
    for (const [token, later] of [
      [after, true],
      [before, false],
    ] as const) {
      if (!token) continue;
      const [anchor] = await ctx.db
        .select()
        .from(sandboxTypeformResponses)
        .where(
          and(
            eq(sandboxTypeformResponses.formId, form.id),
            eq(sandboxTypeformResponses.token, token),
          ),
        );
      if (!anchor) continue;
      conditions.push(
        later
          ? gt(sandboxTypeformResponses.submittedAt, anchor.submittedAt)
          : lt(sandboxTypeformResponses.submittedAt, anchor.submittedAt),
      );
    }
    const where = and(...conditions);
    const total = await ctx.db.$count(sandboxTypeformResponses, where);
    const rows = await ctx.db
      .select()
      .from(sandboxTypeformResponses)
      .where(where)
      .orderBy(
        ascending
          ? asc(sandboxTypeformResponses.submittedAt)
          : desc(sandboxTypeformResponses.submittedAt),
        ascending ? asc(sandboxTypeformResponses.token) : desc(sandboxTypeformResponses.token),
      )
      .limit(pageSize);
    return c.json({
      total_items: total,
      page_count: Math.ceil(total / pageSize),
      items: rows.map((row) => responseItem(row)),
    });
  });
}

/** A stored response (its webhook body) as the Responses API shows it. */
function responseItem(row: typeof sandboxTypeformResponses.$inferSelect) {
  const body = JSON.parse(row.payload) as {
    form_response: {
      hidden?: Record<string, string>;
      calculated?: { score?: number };
      answers?: { field: { id: string; type: string; ref?: string } }[];
    };
  };
  const response = body.form_response;
  return {
    landing_id: row.token,
    token: row.token,
    response_id: row.token,
    landed_at: typeformTime(row.landedAt),
    submitted_at: typeformTime(row.submittedAt),
    metadata: { user_agent: "Ringback sandbox", platform: "other", referer: "", network_id: "" },
    hidden: response.hidden ?? {},
    calculated: response.calculated ?? { score: 0 },
    answers: (response.answers ?? []).map((answer) => ({
      ...answer,
      field: { id: answer.field.id, type: answer.field.type, ref: answer.field.ref },
    })),
  };
}
