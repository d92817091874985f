import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { sandboxTypeformForms, sandboxTypeformWebhooks } from "../../../../db/schema/index.ts";
import type { SandboxTypeformField } from "../../../../db/schema/typeform-sandbox.ts";
import { html, layout, messagePage, type RawHtml } from "../../../../lib/html.ts";
import { isContainer } from "./answers.ts";
import type { SandboxContext } from "./context.ts";
import { phoneNumber, shortText, uniqueRef, yesNo } from "./sample-forms.ts";

/**
 * The questions the edit page adds and removes: the ones Ringback's warnings are about, and a
 * name question (the wizard suggests it after Refresh Fields).
 */
const EDITABLE: Record<string, { label: string; create: () => SandboxTypeformField }> = {
  phone_number: {
    label: "phone number",
    create: () => phoneNumber(uniqueRef("phone"), "What's your phone number?"),
  },
  yes_no: {
    label: "yes/no",
    create: () => yesNo(uniqueRef("call_ok"), "Can we call you?"),
  },
  short_text: {
    label: "name",
    create: () => shortText(uniqueRef("name"), "What's your name?"),
  },
};

const NOTICES: Record<string, string> = {
  "added-phone_number": "Phone number question added.",
  "added-yes_no": "Yes/no question added.",
  "added-short_text": "Name question added.",
  removed: "Question removed.",
  unchanged: "Nothing changed: that question is gone already or cannot be removed here.",
};

function findField(
  fields: SandboxTypeformField[],
  fieldId: string,
): SandboxTypeformField | undefined {
  for (const field of fields) {
    if (field.id === fieldId) return field;
    const inner = isContainer(field)
      ? findField(field.properties?.fields ?? [], fieldId)
      : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** Removes a field wherever it is nested; a group or contact block left empty goes too. */
function withoutField(fields: SandboxTypeformField[], fieldId: string): SandboxTypeformField[] {
  return fields.flatMap((field) => {
    if (field.id === fieldId) return [];
    if (!isContainer(field)) return [field];
    const inner = withoutField(field.properties?.fields ?? [], fieldId);
    if (inner.length === 0) return [];
    return [{ ...field, properties: { ...field.properties, fields: inner } }];
  });
}

function fieldItems(fields: SandboxTypeformField[], formPath: string, nested = false): RawHtml[] {
  return fields.flatMap((field) => {
    const editable = field.type in EDITABLE;
    const item = html`<li${nested ? html` class="nested"` : ""}><span>${field.title}<span class="type">${field.type}</span></span>${
      editable
        ? html`<form method="post" action="${formPath}/fields/${field.id}/delete"><button class="btn danger small" type="submit" aria-label="Remove “${field.title}”">Remove</button></form>`
        : ""
    }</li>\n`;
    return isContainer(field)
      ? [item, ...fieldItems(field.properties?.fields ?? [], formPath, true)]
      : [item];
  });
}

/** GET /admin/form/:formId/create (the adapter's editUrl) and its two POST actions. */
export function adminPageRoutes(ctx: SandboxContext) {
  const formPath = (formId: string) => `${ctx.basePath}/admin/form/${formId}`;

  const touch = async (
    formId: string,
    change: (fields: SandboxTypeformField[]) => SandboxTypeformField[] | null,
  ): Promise<"not-found" | "changed" | "unchanged"> =>
    ctx.db.transaction(async (tx) => {
      const [form] = await tx
        .select()
        .from(sandboxTypeformForms)
        .where(eq(sandboxTypeformForms.id, formId))
        .for("update");
      if (!form) return "not-found";
      const fields = change(form.definition.fields);
      if (!fields) return "unchanged";
      await tx
        .update(sandboxTypeformForms)
        .set({ definition: { ...form.definition, fields }, lastUpdatedAt: new Date() })
        .where(eq(sandboxTypeformForms.id, formId));
      return "changed";
    });

  return new Hono()
    .get("/form/:formId/create", async (c) => {
      const formId = c.req.param("formId");
      const [form] = await ctx.db
        .select()
        .from(sandboxTypeformForms)
        .where(eq(sandboxTypeformForms.id, formId));
      if (!form) {
        return c.html(messagePage("Form not found", "This sandbox form doesn't exist."), 404);
      }
      const webhooks = await ctx.db
        .select()
        .from(sandboxTypeformWebhooks)
        .where(eq(sandboxTypeformWebhooks.formId, form.id))
        .orderBy(asc(sandboxTypeformWebhooks.createdAt));
      const notice = NOTICES[c.req.query("done") ?? ""];
      const path = formPath(form.id);
      c.header("Cache-Control", "no-store");
      return c.html(
        layout({
          title: `Edit ${form.title}`,
          wide: true,
          body: html`<h1>Edit “${form.title}”</h1>
<p class="lead">Changes are saved at once. In Ringback, use Refresh Fields to see them.</p>
${notice ? html`<p class="notice" role="status">${notice}</p>` : ""}
<p><a href="${ctx.displayUrl(form.id)}">View the form</a> · last updated <time datetime="${form.lastUpdatedAt.toISOString()}">${form.lastUpdatedAt.toISOString().replace("T", " ").slice(0, 19)} UTC</time></p>
<h2>Questions</h2>
${form.definition.fields.length > 0 ? html`<ul class="fields">\n${fieldItems(form.definition.fields, path)}</ul>` : html`<p class="muted">This form has no questions.</p>`}
<div class="actions">
${Object.entries(EDITABLE).map(
  ([type, { label }]) =>
    html`<form method="post" action="${path}/fields"><input type="hidden" name="type" value="${type}"><button class="btn secondary" type="submit">Add a ${label} question</button></form>\n`,
)}</div>
<h2>Webhooks</h2>
${
  webhooks.length > 0
    ? html`<table><thead><tr><th scope="col">Tag</th><th scope="col">URL</th><th scope="col">Status</th></tr></thead><tbody>
${webhooks.map((w) => html`<tr><td>${w.tag}</td><td class="url">${w.url}</td><td>${w.enabled ? "Enabled" : "Disabled"}</td></tr>\n`)}</tbody></table>`
    : html`<p class="muted">No webhooks yet. Activating an assistant for this form in Ringback adds one.</p>`
}`,
        }),
      );
    })
    .post("/form/:formId/fields", async (c) => {
      const formId = c.req.param("formId");
      const body = await c.req.parseBody();
      const kind = typeof body.type === "string" ? EDITABLE[body.type] : undefined;
      if (!kind) {
        return c.html(
          messagePage(
            "Can't add that",
            "Only phone number, yes/no and name questions can be added here.",
          ),
          400,
        );
      }
      const result = await touch(formId, (fields) => [...fields, kind.create()]);
      if (result === "not-found") {
        return c.html(messagePage("Form not found", "This sandbox form doesn't exist."), 404);
      }
      return c.redirect(`${formPath(formId)}/create?done=added-${body.type}`, 303);
    })
    .post("/form/:formId/fields/:fieldId/delete", async (c) => {
      const formId = c.req.param("formId");
      const fieldId = c.req.param("fieldId");
      // Only the question types this page adds can be removed.
      const result = await touch(formId, (fields) => {
        const field = findField(fields, fieldId);
        return field && field.type in EDITABLE ? withoutField(fields, fieldId) : null;
      });
      if (result === "not-found") {
        return c.html(messagePage("Form not found", "This sandbox form doesn't exist."), 404);
      }
      return c.redirect(
        `${formPath(formId)}/create?done=${result === "changed" ? "removed" : "unchanged"}`,
        303,
      );
    });
}
