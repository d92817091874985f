import { and, desc, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { Database } from "../../db/database.ts";
import { devOutbox } from "../../db/schema/index.ts";
import { escapeHtml } from "../../lib/escape-html.ts";
import { htmlDocument } from "../../lib/html-document.ts";

export type OutboxChannel = "sms" | "email";
export type OutboxMessage = typeof devOutbox.$inferSelect;

/** The page shows only the newest rows: enough to find a fresh code, bounded however many pile up. */
const PAGE_LIMIT = 200;

/** The newest message sent to one recipient, or undefined. Tests use it to read a code. */
export async function latestOutboxMessage(
  db: Database,
  channel: OutboxChannel,
  recipient: string,
): Promise<OutboxMessage | undefined> {
  const [row] = await db
    .select()
    .from(devOutbox)
    .where(and(eq(devOutbox.channel, channel), eq(devOutbox.recipient, recipient)))
    .orderBy(desc(devOutbox.createdAt))
    .limit(1);
  return row;
}

async function newestMessages(db: Database, channel: OutboxChannel): Promise<OutboxMessage[]> {
  // Matches dev_outbox_channel_created_idx (channel, created_at desc): an index range scan.
  return db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.channel, channel))
    .orderBy(desc(devOutbox.createdAt))
    .limit(PAGE_LIMIT);
}

/**
 * Development-only pages listing what the console senders would have delivered. The caller
 * mounts them (at /dev) only outside production: they show sign-in codes to anyone.
 */
export function devOutboxRoutes(deps: { db: Database }) {
  const page = (channel: OutboxChannel) => async (c: Context) => {
    const messages = await newestMessages(deps.db, channel);
    c.header("Cache-Control", "no-store");
    return c.html(renderOutboxPage(channel, messages, new Date()));
  };
  return new Hono().get("/sms", page("sms")).get("/email", page("email"));
}

const TITLES: Record<OutboxChannel, string> = { sms: "SMS outbox", email: "Email outbox" };

export function renderOutboxPage(
  channel: OutboxChannel,
  messages: OutboxMessage[],
  now: Date,
): string {
  const title = TITLES[channel];
  const items = messages.map((m) => renderMessage(m, now)).join("\n");
  const nav = (Object.keys(TITLES) as OutboxChannel[])
    .map((ch) =>
      ch === channel
        ? `<a href="${ch}" aria-current="page">${escapeHtml(TITLES[ch])}</a>`
        : `<a href="${ch}">${escapeHtml(TITLES[ch])}</a>`,
    )
    .join("");
  const count =
    messages.length === PAGE_LIMIT
      ? `<p class="count">Showing the ${PAGE_LIMIT} newest messages.</p>`
      : "";
  return htmlDocument({
    title: `${title} · Ringback`,
    styles: STYLES,
    head: '<meta http-equiv="refresh" content="5">',
    body: `<header>
<nav aria-label="Outboxes">${nav}</nav>
<h1>${escapeHtml(title)}</h1>
<p class="note">Development only: messages the console sender would have delivered.</p>
</header>
<main>
${messages.length === 0 ? `<p class="empty">No messages yet.</p>` : `${count}<ol class="messages">\n${items}\n</ol>`}
</main>`,
  });
}

function renderMessage(m: OutboxMessage, now: Date): string {
  const iso = m.createdAt.toISOString();
  const subject = m.subject != null ? `<p class="subject">${escapeHtml(m.subject)}</p>` : "";
  return `<li class="message">
<div class="meta"><span class="recipient">${escapeHtml(m.recipient)}</span><time datetime="${iso}" title="${iso}">${escapeHtml(humanTime(m.createdAt, now))}</time></div>
<div class="iso">${iso}</div>
${subject}<pre>${escapeHtml(m.body)}</pre>
</li>`;
}

const absoluteFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "long" });
const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "Nov 22, 2026, 12:00:05 PM UTC (2 minutes ago)" in the server's time zone. */
function humanTime(at: Date, now: Date): string {
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  const relative =
    abs < 60
      ? relativeFormat.format(seconds, "second")
      : abs < 3600
        ? relativeFormat.format(Math.round(seconds / 60), "minute")
        : abs < 86_400
          ? relativeFormat.format(Math.round(seconds / 3600), "hour")
          : relativeFormat.format(Math.round(seconds / 86_400), "day");
  return `${absoluteFormat.format(at)} (${relative})`;
}

const STYLES = `
:root { color-scheme: light dark; --bg: #f8fafc; --card: #fff; --fg: #0f172a; --muted: #64748b; --border: #e2e8f0; --accent: #4f46e5; }
@media (prefers-color-scheme: dark) { :root { --bg: #0b1120; --card: #111827; --fg: #e2e8f0; --muted: #94a3b8; --border: #1f2937; --accent: #a5b4fc; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
header, main { max-width: 52rem; margin: 0 auto; padding: 0 1.25rem; }
header { padding-top: 2rem; }
nav { display: flex; gap: 1rem; font-size: 0.875rem; }
nav a { color: var(--muted); text-decoration: none; }
nav a:hover { text-decoration: underline; }
nav a[aria-current="page"] { color: var(--accent); font-weight: 600; }
h1 { margin: 0.75rem 0 0.25rem; font-size: 1.5rem; }
.note, .count, .empty { color: var(--muted); margin: 0 0 1.5rem; }
.empty { padding: 3rem 0; text-align: center; border: 1px dashed var(--border); border-radius: 0.75rem; }
.messages { list-style: none; margin: 0 0 3rem; padding: 0; display: grid; gap: 0.75rem; }
.message { background: var(--card); border: 1px solid var(--border); border-radius: 0.75rem; padding: 1rem 1.25rem; }
.meta { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 0.25rem 1rem; }
.recipient { font-weight: 600; overflow-wrap: anywhere; }
time, .iso { color: var(--muted); font-size: 0.8125rem; }
.iso { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.subject { margin: 0.5rem 0 0; font-weight: 600; }
pre { margin: 0.75rem 0 0; padding: 0.75rem; background: var(--bg); border-radius: 0.5rem; white-space: pre-wrap; overflow-wrap: anywhere; font: 0.875rem/1.5 ui-monospace, SFMono-Regular, Menlo, monospace; }
`;
