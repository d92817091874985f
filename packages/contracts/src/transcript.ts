/**
 * One line of a call's conversation, as Call Details shows it and the public API gives it
 * (GET /api/v1/call-records/:id).
 */
export interface ConversationLine {
  from: "assistant" | "respondent";
  text: string;
  /**
   * When the line was said, in seconds from the first timed line of the call (where the
   * recording starts, near enough to find the line in it); null when the transcript has no times.
   */
  atSeconds: number | null;
}

type Entry = Record<string, unknown>;

const SPEAKER_KEYS = ["speaker", "role", "user", "from", "sender"];
const TEXT_KEYS = ["text", "message", "content"];

function firstString(entry: Entry, keys: string[]): string | null {
  for (const key of keys) {
    const value = entry[key];
    if (typeof value === "string") return value;
  }
  return null;
}

/** The entries of any shape a transcript may come in, or null when it is none of them. */
function entriesOf(raw: unknown, depth = 0): unknown[] | null {
  if (depth > 3 || raw === null || raw === undefined) return null;
  if (Array.isArray(raw)) return raw;
  if (typeof raw === "string") {
    try {
      return entriesOf(JSON.parse(raw), depth + 1);
    } catch {
      return null;
    }
  }
  if (typeof raw === "object") {
    const object = raw as Entry;
    if (Array.isArray(object.turns)) return object.turns;
    // An object holding an array (e.g. { transcript: [...] } or { messages: [...] }).
    for (const value of Object.values(object)) {
      if (Array.isArray(value)) return value;
    }
    for (const value of Object.values(object)) {
      if (typeof value === "string" && value.trim().startsWith("[")) {
        const nested = entriesOf(value, depth + 1);
        if (nested) return nested;
      }
    }
  }
  return null;
}

/**
 * A stored transcript as chat lines: an array, a JSON string, an object with
 * `turns`, or an object holding an array. Each entry carries a speaker marker (`speaker`,
 * `role` or `user`) and `text` or `message`: assistant and agent speak for the assistant,
 * agent-action entries are hidden, anything else is the respondent.
 */
export function parseTranscript(raw: unknown): ConversationLine[] {
  const entries = entriesOf(raw) ?? [];
  const lines: ConversationLine[] = [];
  let firstInstant: number | null = null;
  for (const item of entries) {
    if (!item || typeof item !== "object") continue;
    const entry = item as Entry;
    const speaker = (firstString(entry, SPEAKER_KEYS) ?? "").trim().toLowerCase();
    // The first entry's instant is the call's start, even when it is not shown (an action).
    const time = timeOf(entry);
    if (time?.kind === "instant") firstInstant ??= time.value;
    if (speaker === "agent-action") continue;
    const text = firstString(entry, TEXT_KEYS)?.trim();
    if (!text) continue;
    const assistant = speaker === "assistant" || speaker === "agent" || speaker === "bot";
    const atSeconds =
      time === null
        ? null
        : Math.max(0, time.kind === "offset" ? time.value : (time.value - firstInstant!) / 1000);
    lines.push({ from: assistant ? "assistant" : "respondent", text, atSeconds });
  }
  return lines;
}

/** Keys of a line's offset into the call, in seconds (Vapi's secondsFromStart, a `start`). */
const OFFSET_KEYS = ["secondsFromStart", "seconds_from_start", "start", "startSeconds"];
/** Keys of a line's instant (ISO text, or epoch milliseconds). */
const INSTANT_KEYS = ["at", "created_at", "createdAt", "timestamp", "time"];

/** A line's time: an offset in seconds, or an instant in epoch milliseconds; null without. */
function timeOf(entry: Entry): { kind: "offset" | "instant"; value: number } | null {
  for (const key of OFFSET_KEYS) {
    const value = entry[key];
    if (typeof value === "number" && Number.isFinite(value) && value >= 0) {
      return { kind: "offset", value };
    }
  }
  for (const key of INSTANT_KEYS) {
    const value = entry[key];
    const ms =
      typeof value === "string"
        ? Date.parse(value)
        : typeof value === "number" && value > 1e11
          ? value
          : Number.NaN;
    if (Number.isFinite(ms)) return { kind: "instant", value: ms };
  }
  return null;
}
