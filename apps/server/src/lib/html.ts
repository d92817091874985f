import { escapeHtml } from "./escape-html.ts";
import { htmlDocument } from "./html-document.ts";
/**
 * Server-rendered pages of the Typeform sandbox: one layout, inline styles only and no scripts
 * (Ringback's content security policy allows no inline script; forms post to the same origin).
 */

/** Tagged template that escapes every interpolated value unless it is `raw()` HTML. */
export class RawHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString() {
    return this.value;
  }
}
export const raw = (value: string) => new RawHtml(value);

type Part = string | number | RawHtml | null | undefined | false | Part[];

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return "";
  if (Array.isArray(part)) return part.map(render).join("");
  if (part instanceof RawHtml) return part.value;
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): RawHtml {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return new RawHtml(out);
}

export function layout(options: { title: string; body: RawHtml; wide?: boolean }): string {
  return htmlDocument({
    title: `${options.title} · Typeform sandbox`,
    styles: STYLES,
    body: `<header class="banner">
<span class="badge">Typeform sandbox</span>
<span class="banner-note">A stand-in for Typeform built into Ringback. Nothing here is sent to Typeform.</span>
</header>
<main class="${options.wide ? "card wide" : "card"}">
${options.body.value}
</main>`,
  });
}

/** A page that only says something went wrong (bad OAuth request, unknown form). */
export function messagePage(title: string, message: string): string {
  return layout({
    title,
    body: html`<h1>${title}</h1>
<p class="lead">${message}</p>`,
  });
}

const STYLES = `
:root { color-scheme: light; --bg: #f4f2ee; --card: #fff; --fg: #262627; --muted: #55555a; --accent: #0445af; --accent-dark: #03337f; --accent-soft: #e6eefa; --border: #cfcbc4; --error: #b3261e; --error-soft: #fbeceb; --ok: #0b6e4f; --ok-soft: #e7f4ee; }
* { box-sizing: border-box; }
html { background: var(--bg); }
body { margin: 0; color: var(--fg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
.banner { display: flex; flex-wrap: wrap; align-items: center; gap: 0.5rem 0.75rem; padding: 0.625rem 1.25rem; background: var(--fg); color: #fff; font-size: 0.875rem; }
.badge { display: inline-block; padding: 0.125rem 0.5rem; border-radius: 999px; background: #fff; color: var(--fg); font-weight: 700; font-size: 0.75rem; letter-spacing: 0.02em; text-transform: uppercase; }
.banner-note { opacity: 0.9; }
.card { max-width: 40rem; margin: 2.5rem auto 4rem; padding: 2rem 2.25rem 2.5rem; background: var(--card); border-radius: 1rem; box-shadow: 0 1px 2px rgba(0,0,0,0.06), 0 8px 24px rgba(0,0,0,0.06); }
.card.wide { max-width: 52rem; }
@media (max-width: 40rem) { .card { margin: 0; border-radius: 0; padding: 1.5rem 1.25rem 2rem; } }
h1 { margin: 0 0 0.5rem; font-size: 1.75rem; line-height: 1.25; font-weight: 600; }
h2 { margin: 2rem 0 0.75rem; font-size: 1.25rem; font-weight: 600; }
p { margin: 0 0 1rem; }
.lead { color: var(--muted); font-size: 1.0625rem; }
.muted { color: var(--muted); }
.small { font-size: 0.875rem; }
a { color: var(--accent); }
a:hover { color: var(--accent-dark); }
code { font: 0.875em ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--bg); padding: 0.0625rem 0.25rem; border-radius: 0.25rem; overflow-wrap: anywhere; }
form { margin: 0; }
.question { margin: 0 0 1.75rem; padding: 0; border: 0; min-width: 0; }
.question > legend, .q-title { display: block; padding: 0; margin: 0 0 0.25rem; font-size: 1.1875rem; font-weight: 500; line-height: 1.35; }
.num { color: var(--accent); font-size: 0.875rem; font-weight: 600; margin-right: 0.375rem; }
.req { color: var(--muted); font-weight: 400; }
.desc { margin: 0 0 0.625rem; color: var(--muted); font-size: 0.9375rem; }
.block { margin: 0 0 1.75rem; padding: 1.25rem 1.25rem 0.25rem; border: 1px solid var(--border); border-radius: 0.75rem; min-width: 0; }
.block > legend { padding: 0 0.375rem; font-size: 1.1875rem; font-weight: 600; }
.block .question > legend, .block .q-title { font-size: 1rem; }
input[type=text], input[type=email], input[type=tel], textarea { display: block; width: 100%; margin-top: 0.375rem; padding: 0.5rem 0.125rem; border: 0; border-bottom: 2px solid var(--border); background: transparent; color: var(--accent); font: inherit; font-size: 1.125rem; border-radius: 0; }
textarea { min-height: 5.5rem; resize: vertical; }
input:focus, textarea:focus { outline: none; border-bottom-color: var(--accent); }
input::placeholder, textarea::placeholder { color: #8a8a90; }
.choices { display: grid; gap: 0.5rem; margin-top: 0.5rem; max-width: 26rem; }
.choice { display: flex; align-items: center; gap: 0.625rem; padding: 0.5rem 0.75rem; border: 1px solid #9db4dd; border-radius: 0.375rem; background: var(--accent-soft); color: var(--accent-dark); cursor: pointer; }
.choice:hover { background: #d6e2f6; }
.choice input { width: 1.125rem; height: 1.125rem; margin: 0; accent-color: var(--accent); }
.choice:has(input:focus-visible) { outline: 3px solid var(--accent); outline-offset: 2px; }
.choice:has(input:checked) { border-color: var(--accent); box-shadow: inset 0 0 0 1px var(--accent); }
.key { display: inline-flex; align-items: center; justify-content: center; min-width: 1.5rem; height: 1.5rem; border: 1px solid #9db4dd; border-radius: 0.25rem; background: #fff; font-size: 0.75rem; font-weight: 700; }
.error { margin: 0.375rem 0 0; color: var(--error); font-size: 0.9375rem; font-weight: 500; }
.summary { margin: 0 0 1.5rem; padding: 0.875rem 1rem; border-left: 4px solid var(--error); background: var(--error-soft); border-radius: 0.375rem; }
.summary h2 { margin: 0 0 0.25rem; font-size: 1rem; color: var(--error); }
.summary ul { margin: 0; padding-left: 1.25rem; }
.notice { margin: 0 0 1.5rem; padding: 0.75rem 1rem; border-left: 4px solid var(--ok); background: var(--ok-soft); border-radius: 0.375rem; }
.btn { display: inline-flex; align-items: center; justify-content: center; gap: 0.375rem; padding: 0.625rem 1.25rem; border: 1px solid transparent; border-radius: 0.375rem; background: var(--accent); color: #fff; font: inherit; font-weight: 600; font-size: 1.0625rem; cursor: pointer; text-decoration: none; }
.btn:hover { background: var(--accent-dark); color: #fff; }
.btn:focus-visible, a:focus-visible, input:focus-visible, textarea:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.btn.secondary { background: #fff; color: var(--fg); border-color: var(--border); }
.btn.secondary:hover { background: var(--bg); color: var(--fg); }
.btn.small { padding: 0.3125rem 0.75rem; font-size: 0.875rem; }
.btn.danger { background: #fff; color: var(--error); border-color: #e3a9a5; }
.btn.danger:hover { background: var(--error-soft); color: var(--error); }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1.5rem; }
.scopes { margin: 0 0 1.5rem; padding: 0; list-style: none; border: 1px solid var(--border); border-radius: 0.75rem; }
.scopes li { padding: 0.625rem 1rem; border-top: 1px solid var(--border); }
.scopes li:first-child { border-top: 0; }
.scopes code { margin-left: 0.375rem; }
.field-label { display: block; font-weight: 600; }
.hint { margin: 0.25rem 0 0; color: var(--muted); font-size: 0.875rem; }
.app { display: flex; align-items: center; gap: 0.75rem; margin-bottom: 1.25rem; }
.app-icon { display: inline-flex; align-items: center; justify-content: center; width: 2.75rem; height: 2.75rem; border-radius: 0.75rem; background: var(--fg); color: #fff; font-weight: 700; font-size: 1.25rem; }
.fields { margin: 0 0 1rem; padding: 0; list-style: none; border: 1px solid var(--border); border-radius: 0.75rem; }
.fields li { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 0.5rem 1rem; padding: 0.75rem 1rem; border-top: 1px solid var(--border); }
.fields li:first-child { border-top: 0; }
.fields .nested { padding-left: 2.25rem; }
.fields form { flex: none; }
.type { display: inline-block; margin-left: 0.375rem; padding: 0 0.375rem; border-radius: 0.25rem; background: var(--bg); color: var(--muted); font: 0.75rem/1.5rem ui-monospace, SFMono-Regular, Menlo, monospace; }
table { width: 100%; border-collapse: collapse; font-size: 0.9375rem; }
th, td { text-align: left; padding: 0.5rem 0.5rem; border-top: 1px solid var(--border); vertical-align: top; }
th { color: var(--muted); font-weight: 600; border-top: 0; }
td.url { overflow-wrap: anywhere; }
`;
