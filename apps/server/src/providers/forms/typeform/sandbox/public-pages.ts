import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { sandboxTypeformForms, sandboxTypeformResponses } from "../../../../db/schema/index.ts";
import type { SandboxTypeformField } from "../../../../db/schema/typeform-sandbox.ts";
import { html, layout, messagePage, type RawHtml } from "../../../../lib/html.ts";
import {
  collectAnswers,
  formResponsePayload,
  isContainer,
  isMultiSelect,
  type SubmittedValues,
} from "./answers.ts";
import type { SandboxContext } from "./context.ts";
import { enqueueDeliveries } from "./deliver.ts";
import type { SandboxForm } from "./forms-api.ts";
import { newEventId, newResponseToken } from "./ids.ts";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Autocomplete hints for the parts of a contact_info block. */
const AUTOCOMPLETE: Record<string, string> = {
  first_name: "given-name",
  last_name: "family-name",
  email: "email",
  phone: "tel",
  phone_number: "tel",
  company: "organization",
};

interface RenderState {
  values: SubmittedValues;
  errors: Record<string, string>;
}

const inputId = (field: SandboxTypeformField) => `f-${field.id}`;
const errorId = (field: SandboxTypeformField) => `e-${field.id}`;
const descId = (field: SandboxTypeformField) => `d-${field.id}`;

function describedBy(field: SandboxTypeformField, state: RenderState, extra: string[] = []) {
  const ids = [
    ...(field.properties?.description ? [descId(field)] : []),
    ...extra,
    ...(state.errors[field.id] ? [errorId(field)] : []),
  ];
  return ids.length > 0 ? html` aria-describedby="${ids.join(" ")}"` : "";
}

const invalid = (field: SandboxTypeformField, state: RenderState) =>
  state.errors[field.id] ? html` aria-invalid="true"` : "";

function title(field: SandboxTypeformField, number: string): RawHtml {
  const required = field.validations?.required === true;
  return html`<span class="num">${number}→</span>${field.title}${required ? html` <span class="req">*</span>` : ""}`;
}

function description(field: SandboxTypeformField) {
  return field.properties?.description
    ? html`<p class="desc" id="${descId(field)}">${field.properties.description}</p>`
    : "";
}

function errorText(field: SandboxTypeformField, state: RenderState) {
  const message = state.errors[field.id];
  return message ? html`<p class="error" id="${errorId(field)}">${message}</p>` : "";
}

const submittedValue = (state: RenderState, field: SandboxTypeformField) => {
  const value = state.values[field.id];
  return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
};
const submittedValues = (state: RenderState, field: SandboxTypeformField) => {
  const value = state.values[field.id];
  return Array.isArray(value) ? value : value ? [value] : [];
};

function choiceList(
  field: SandboxTypeformField,
  state: RenderState,
  type: "radio" | "checkbox",
  options: { value: string; label: string }[],
  required: boolean,
) {
  const chosen = submittedValues(state, field);
  return html`<div class="choices">
${options.map(
  (option, i) =>
    html`<label class="choice"><input type="${type}" id="${inputId(field)}${i === 0 ? "" : `-${i}`}" name="${field.id}" value="${option.value}"${chosen.includes(option.value) ? html` checked` : ""}${required ? html` required` : ""}><span class="key" aria-hidden="true">${LETTERS[i] ?? ""}</span>${option.label}</label>\n`,
)}</div>`;
}

function renderField(
  field: SandboxTypeformField,
  number: string,
  state: RenderState,
  subfieldKey?: string,
): RawHtml {
  const required = field.validations?.required === true;
  const req = required ? html` required` : "";
  const autocomplete = subfieldKey ? AUTOCOMPLETE[subfieldKey] : undefined;
  switch (field.type) {
    case "short_text":
    case "email":
    case "phone_number": {
      const type =
        field.type === "email" ? "email" : field.type === "phone_number" ? "tel" : "text";
      const auto =
        autocomplete ??
        (field.type === "email" ? "email" : field.type === "phone_number" ? "tel" : undefined);
      const hintId = `h-${field.id}`;
      const hint =
        field.type === "phone_number"
          ? html`<p class="hint" id="${hintId}">Without a country code, the number is read as ${field.properties?.default_country_code ?? "US"}.</p>`
          : "";
      return html`<div class="question">
<label class="q-title" for="${inputId(field)}">${title(field, number)}</label>
${description(field)}${hint}
<input type="${type}" id="${inputId(field)}" name="${field.id}" value="${submittedValue(state, field)}"${auto ? html` autocomplete="${auto}"` : ""} placeholder="Type your answer here…"${req}${invalid(field, state)}${describedBy(field, state, field.type === "phone_number" ? [hintId] : [])}>
${errorText(field, state)}</div>`;
    }
    case "long_text":
      return html`<div class="question">
<label class="q-title" for="${inputId(field)}">${title(field, number)}</label>
${description(field)}
<textarea id="${inputId(field)}" name="${field.id}" placeholder="Type your answer here…"${req}${invalid(field, state)}${describedBy(field, state)}>${submittedValue(state, field)}</textarea>
${errorText(field, state)}</div>`;
    case "yes_no":
      return html`<fieldset class="question"${describedBy(field, state)}>
<legend>${title(field, number)}</legend>
${description(field)}${choiceList(
  field,
  state,
  "radio",
  [
    { value: "yes", label: "Yes" },
    { value: "no", label: "No" },
  ],
  required,
)}
${errorText(field, state)}</fieldset>`;
    case "legal":
      return html`<fieldset class="question"${describedBy(field, state)}>
<legend>${title(field, number)}</legend>
${description(field)}${choiceList(field, state, "checkbox", [{ value: "accept", label: "I accept" }], required)}
${errorText(field, state)}</fieldset>`;
    case "multiple_choice": {
      const choices = field.properties?.choices ?? [];
      // One lone choice ("Yes, call me") is a tick box: a single radio could not be unticked.
      const type = isMultiSelect(field) || choices.length === 1 ? "checkbox" : "radio";
      return html`<fieldset class="question"${describedBy(field, state)}>
<legend>${title(field, number)}</legend>
${description(field)}${isMultiSelect(field) ? html`<p class="hint">Choose as many as you like.</p>` : ""}${choiceList(
  field,
  state,
  type,
  choices.map((c) => ({ value: c.id, label: c.label })),
  required && type === "radio",
)}
${errorText(field, state)}</fieldset>`;
    }
    default:
      if (isContainer(field)) {
        const parts = field.properties?.fields ?? [];
        return html`<fieldset class="block">
<legend><span class="num">${number}→</span>${field.title}</legend>
${description(field)}
${parts.map((part, i) =>
  renderField(part, `${number}${LETTERS[i]?.toLowerCase() ?? ""}`, state, part.subfield_key),
)}
</fieldset>`;
      }
      return html`<div class="question"><p class="q-title">${title(field, number)}</p>${description(field)}</div>`;
  }
}

/** Errors in form order, each linking to its question. */
function errorSummary(fields: SandboxTypeformField[], errors: Record<string, string>) {
  const flat = (list: SandboxTypeformField[]): SandboxTypeformField[] =>
    list.flatMap((f) => (isContainer(f) ? flat(f.properties?.fields ?? []) : [f]));
  const withErrors = flat(fields).filter((f) => errors[f.id]);
  if (withErrors.length === 0) return "";
  return html`<div class="summary" role="alert">
<h2>Please check ${withErrors.length === 1 ? "1 answer" : `${withErrors.length} answers`}</h2>
<ul>${withErrors.map((f) => html`<li><a href="#${inputId(f)}">${f.title}</a>: ${errors[f.id] ?? ""}</li>`)}</ul>
</div>`;
}

function formPage(form: SandboxForm, state: RenderState, landedAt: Date): string {
  const fields = form.definition.fields;
  const anyRequired = JSON.stringify(fields).includes('"required":true');
  return layout({
    title: form.title,
    body: html`<h1>${form.title}</h1>
${anyRequired ? html`<p class="small muted">Questions marked * are required.</p>` : ""}
${errorSummary(fields, state.errors)}
<form method="post">
<input type="hidden" name="_landed_at" value="${landedAt.toISOString()}">
${fields.map((field, i) => renderField(field, String(i + 1), state))}
<div class="actions"><button class="btn" type="submit">Submit</button></div>
</form>`,
  });
}

function thankYouPage(form: SandboxForm, deliveries: number, againUrl: string): string {
  const note =
    deliveries > 0
      ? `It is being delivered to ${deliveries === 1 ? "1 webhook" : `${deliveries} webhooks`} on this form, signed as Typeform signs it.`
      : "This form has no enabled webhook, so the response was not sent anywhere. Activating an assistant for this form in Ringback adds one.";
  return layout({
    title: `${form.title}: submitted`,
    body: html`<h1>Thanks! Your response was submitted.</h1>
<p class="lead">${note}</p>
<div class="actions"><a class="btn secondary" href="${againUrl}">Submit another response</a></div>`,
  });
}

/** Hidden fields: the query-string values named in the form's `hidden` list. */
function hiddenValues(c: Context, form: SandboxForm): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of form.definition.hidden) {
    const value = c.req.query(name);
    if (value !== undefined) out[name] = value.slice(0, 1000);
  }
  return out;
}

async function findForm(ctx: SandboxContext, formId: string) {
  const [form] = await ctx.db
    .select()
    .from(sandboxTypeformForms)
    .where(eq(sandboxTypeformForms.id, formId));
  return form;
}

const notFoundPage = () =>
  messagePage("Form not found", "This form doesn't exist, or it was deleted from the sandbox.");

/** GET and POST /to/:formId: the public form page (a form's _links.display). */
export function publicPageRoutes(ctx: SandboxContext) {
  return new Hono()
    .get("/to/:formId", async (c) => {
      const form = await findForm(ctx, c.req.param("formId"));
      if (!form) return c.html(notFoundPage(), 404);
      c.header("Cache-Control", "no-store");
      return c.html(formPage(form, { values: {}, errors: {} }, new Date()));
    })
    .post("/to/:formId", async (c) => {
      const form = await findForm(ctx, c.req.param("formId"));
      if (!form) return c.html(notFoundPage(), 404);
      c.header("Cache-Control", "no-store");
      const body = await c.req.parseBody({ all: true });
      const values: SubmittedValues = {};
      for (const [key, value] of Object.entries(body)) {
        const strings = (Array.isArray(value) ? value : [value]).filter(
          (v): v is string => typeof v === "string",
        );
        if (strings.length > 0) values[key] = strings.length === 1 ? strings[0]! : strings;
      }
      const now = new Date();
      const landed = new Date(typeof body._landed_at === "string" ? body._landed_at : "");
      // The page's own timestamp, if it is plausible (not in the future, not a day old).
      const landedAt =
        !Number.isNaN(landed.getTime()) &&
        landed <= now &&
        now.getTime() - landed.getTime() < 86_400_000
          ? landed
          : now;
      const { answers, errors } = collectAnswers(form.definition.fields, values);
      if (Object.keys(errors).length > 0) {
        return c.html(formPage(form, { values, errors }, landedAt), 422);
      }
      const token = newResponseToken();
      const payload = formResponsePayload({
        eventId: newEventId(),
        form: { id: form.id, title: form.title, fields: form.definition.fields },
        token,
        landedAt,
        submittedAt: now,
        answers,
        hidden: hiddenValues(c, form),
      });
      await ctx.db.insert(sandboxTypeformResponses).values({
        token,
        formId: form.id,
        payload,
        landedAt,
        submittedAt: now,
      });
      const deliveries = await enqueueDeliveries(ctx, {
        formId: form.id,
        responseToken: token,
        payload,
      });
      ctx.logger.info(
        { formId: form.id, token, deliveries },
        "Typeform sandbox response submitted",
      );
      const url = new URL(c.req.url);
      return c.html(thankYouPage(form, deliveries, `${url.pathname}${url.search}`));
    });
}
