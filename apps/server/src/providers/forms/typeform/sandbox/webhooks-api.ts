import { and, asc, eq } from "drizzle-orm";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { sandboxTypeformWebhooks } from "../../../../db/schema/index.ts";
import { httpUrlSchema } from "../../../../lib/http-url.ts";
import { type SandboxApiEnv, type SandboxContext, typeformError } from "./context.ts";
import { findAccountForm } from "./forms-api.ts";
import { newWebhookId } from "./ids.ts";
import { requireScope } from "./oauth.ts";

type Webhook = typeof sandboxTypeformWebhooks.$inferSelect;
type Env = SandboxApiEnv & { Variables: { formId: string } };

/** Typeform's webhook object. The secret is never echoed back. */
export function webhookJson(webhook: Webhook) {
  return {
    id: webhook.id,
    form_id: webhook.formId,
    tag: webhook.tag,
    url: webhook.url,
    enabled: webhook.enabled,
    verify_ssl: webhook.verifySsl,
    ...(webhook.eventTypes ? { event_types: webhook.eventTypes } : {}),
    created_at: webhook.createdAt.toISOString(),
    updated_at: webhook.updatedAt.toISOString(),
  };
}

const toggleBody = z.strictObject({ enabled: z.boolean() });

const putBody = z.object({
  url: httpUrlSchema,
  enabled: z.boolean().optional(),
  secret: z.string().max(1024).optional().nullable(),
  verify_ssl: z.boolean().optional(),
  event_types: z.record(z.string(), z.boolean()).optional().nullable(),
});

/** Routes under /forms/:formId/webhooks; 404 FORM_NOT_FOUND for another account's form. */
export function webhooksApiRoutes(ctx: SandboxContext) {
  const ownForm: MiddlewareHandler<Env> = async (c, next) => {
    const formId = c.req.param("formId") ?? "";
    const form = await findAccountForm(ctx.db, c.get("caller").accountId, formId);
    if (!form) return typeformError(c, 404, "FORM_NOT_FOUND", "Form not found.");
    c.set("formId", form.id);
    await next();
  };
  const byTag = (c: Context<Env>) =>
    and(
      eq(sandboxTypeformWebhooks.formId, c.get("formId")),
      eq(sandboxTypeformWebhooks.tag, c.req.param("tag") ?? ""),
    );
  const notFound = (c: Context<Env>) =>
    typeformError(c, 404, "NOT_FOUND", "No webhook with this tag on this form.");

  return new Hono<Env>()
    .use("*", ownForm)
    .get("/", requireScope("webhooks:read"), async (c) => {
      const rows = await ctx.db
        .select()
        .from(sandboxTypeformWebhooks)
        .where(eq(sandboxTypeformWebhooks.formId, c.get("formId")))
        .orderBy(asc(sandboxTypeformWebhooks.createdAt));
      return c.json({ items: rows.map(webhookJson) });
    })
    .get("/:tag", requireScope("webhooks:read"), async (c) => {
      const [row] = await ctx.db.select().from(sandboxTypeformWebhooks).where(byTag(c));
      return row ? c.json(webhookJson(row)) : notFound(c);
    })
    .put("/:tag", requireScope("webhooks:write"), async (c) => {
      const tag = c.req.param("tag");
      if (!tag || tag.length > 255) {
        return typeformError(c, 400, "VALIDATION_ERROR", "The tag must be 1 to 255 characters.");
      }
      let json: unknown;
      try {
        json = await c.req.json();
      } catch {
        return typeformError(
          c,
          400,
          "INVALID_JSON",
          "Unable to process the JSON in the request body.",
        );
      }
      // A body with `enabled` alone turns an existing webhook on or off, its other settings
      // kept: what Typeform's own SDK sends (`webhooks.toggle`, fixtures/README.md).
      const toggle = toggleBody.safeParse(json);
      if (toggle.success) {
        const [row] = await ctx.db
          .update(sandboxTypeformWebhooks)
          .set({ enabled: toggle.data.enabled, updatedAt: new Date() })
          .where(byTag(c))
          .returning();
        if (row) return c.json(webhookJson(row));
      }
      const parsed = putBody.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return typeformError(
          c,
          400,
          "VALIDATION_ERROR",
          issue ? `${issue.path.join(".") || "body"}: ${issue.message}` : "Invalid webhook.",
        );
      }
      const body = parsed.data;
      // PUT replaces the webhook: omitted settings take their defaults (enabled: false).
      const values = {
        url: body.url,
        enabled: body.enabled ?? false,
        secretEncrypted: body.secret ? ctx.secrets.encrypt(body.secret) : null,
        verifySsl: body.verify_ssl ?? false,
        eventTypes: body.event_types ?? null,
        updatedAt: new Date(),
      };
      const [row] = await ctx.db
        .insert(sandboxTypeformWebhooks)
        .values({ id: newWebhookId(), formId: c.get("formId"), tag, ...values })
        .onConflictDoUpdate({
          target: [sandboxTypeformWebhooks.formId, sandboxTypeformWebhooks.tag],
          set: values,
        })
        .returning();
      return c.json(webhookJson(row!));
    })
    .delete("/:tag", requireScope("webhooks:write"), async (c) => {
      const deleted = await ctx.db
        .delete(sandboxTypeformWebhooks)
        .where(byTag(c))
        .returning({ id: sandboxTypeformWebhooks.id });
      return deleted.length > 0 ? c.body(null, 204) : notFound(c);
    });
}
