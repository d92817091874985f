import { and, count, desc, eq, ilike } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../../../../db/database.ts";
import { sandboxTypeformAccounts, sandboxTypeformForms } from "../../../../db/schema/index.ts";
import { type SandboxApiEnv, type SandboxContext, typeformError } from "./context.ts";
import { requireScope } from "./oauth.ts";

export type SandboxForm = typeof sandboxTypeformForms.$inferSelect;

/** Typeform's timestamps: UTC to the second. */
export const typeformTime = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;

/** A form of one account, or undefined (another account's form is as good as missing). */
export async function findAccountForm(
  db: Database,
  accountId: string,
  formId: string,
): Promise<SandboxForm | undefined> {
  const [form] = await db
    .select()
    .from(sandboxTypeformForms)
    .where(and(eq(sandboxTypeformForms.id, formId), eq(sandboxTypeformForms.accountId, accountId)));
  return form;
}

/** Typeform's form definition (GET /forms/:id). */
export function formDefinition(ctx: SandboxContext, form: SandboxForm) {
  return {
    id: form.id,
    title: form.title,
    language: "en",
    fields: form.definition.fields,
    ...(form.definition.hidden.length > 0 ? { hidden: form.definition.hidden } : {}),
    settings: {
      language: "en",
      is_public: true,
      progress_bar: "proportion",
      show_progress_bar: true,
      show_typeform_branding: true,
    },
    theme: { href: `${ctx.apiUrl}/themes/default` },
    created_at: typeformTime(form.createdAt),
    last_updated_at: typeformTime(form.lastUpdatedAt),
    _links: { display: ctx.displayUrl(form.id) },
  };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (m) => `\\${m}`);

/** A positive integer query parameter, its default when absent, or null when invalid. */
function intParam(value: string | undefined, fallback: number, max: number): number | null {
  if (value === undefined || value === "") return fallback;
  if (!/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** GET /me, GET /forms and GET /forms/:formId (the webhooks routes are mounted beside). */
export function formsApiRoutes(ctx: SandboxContext) {
  return new Hono<SandboxApiEnv>()
    .get("/me", requireScope("accounts:read"), async (c) => {
      const [account] = await ctx.db
        .select()
        .from(sandboxTypeformAccounts)
        .where(eq(sandboxTypeformAccounts.id, c.get("caller").accountId));
      if (!account) return typeformError(c, 404, "NOT_FOUND", "The account no longer exists.");
      const slug = account.login.replace(/[^a-z0-9]+/g, ".").replace(/^\.+|\.+$/g, "") || "user";
      return c.json({
        alias: account.alias,
        email: account.login.includes("@") ? account.login : `${slug}@example.com`,
        language: "en",
        user_id: account.id,
      });
    })
    .get("/forms", requireScope("forms:read"), async (c) => {
      const page = intParam(c.req.query("page"), 1, 1_000_000);
      const pageSize = intParam(c.req.query("page_size"), 10, 200);
      if (page === null || pageSize === null) {
        return typeformError(
          c,
          400,
          "VALIDATION_ERROR",
          "page must be a positive integer and page_size an integer from 1 to 200.",
        );
      }
      const search = c.req.query("search")?.trim();
      const where = and(
        eq(sandboxTypeformForms.accountId, c.get("caller").accountId),
        search ? ilike(sandboxTypeformForms.title, `%${escapeLike(search)}%`) : undefined,
      );
      const [total] = await ctx.db.select({ n: count() }).from(sandboxTypeformForms).where(where);
      const forms = await ctx.db
        .select()
        .from(sandboxTypeformForms)
        .where(where)
        .orderBy(desc(sandboxTypeformForms.createdAt), sandboxTypeformForms.id)
        .limit(pageSize)
        .offset((page - 1) * pageSize);
      const totalItems = total?.n ?? 0;
      return c.json({
        total_items: totalItems,
        page_count: Math.ceil(totalItems / pageSize),
        items: forms.map((form) => ({
          id: form.id,
          title: form.title,
          created_at: typeformTime(form.createdAt),
          last_updated_at: typeformTime(form.lastUpdatedAt),
          settings: { is_public: true },
          self: { href: `${ctx.apiUrl}/forms/${form.id}` },
          theme: { href: `${ctx.apiUrl}/themes/default` },
          _links: {
            display: ctx.displayUrl(form.id),
            responses: `${ctx.apiUrl}/forms/${form.id}/responses`,
          },
        })),
      });
    })
    .get("/forms/:formId", requireScope("forms:read"), async (c) => {
      const form = await findAccountForm(ctx.db, c.get("caller").accountId, c.req.param("formId"));
      if (!form) return typeformError(c, 404, "FORM_NOT_FOUND", "Form not found.");
      return c.json(formDefinition(ctx, form));
    });
}
