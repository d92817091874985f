import { createHash } from "node:crypto";
import type { SimulatorTranscriptEntry } from "../../db/schema/call-simulator.ts";

/**
 * The simulator's `analysis` (issue 14): Bland answers a call's `analysis_schema` after it ends.
 * Here the answers are made up, but plausibly and repeatably: from what the respondent said
 * (an opt-out answers "no"), what they wrote in the form (request_data: a budget they typed is
 * the budget), and otherwise from a hash of the number and the question, so that a list of calls
 * looks like real leads — some qualified, some not — and the same call always answers the same.
 */
export function simulatedAnalysis(
  schema: Record<string, unknown> | null,
  call: {
    phoneNumber: string;
    answeredBy: string | null;
    transcripts: SimulatorTranscriptEntry[];
    requestData: Record<string, unknown> | null;
    createdAt: Date;
  },
): Record<string, unknown> | null {
  if (!schema || Object.keys(schema).length === 0) return null;
  const said = call.transcripts.filter((t) => t.user === "user").map((t) => t.text);
  // Nobody to ask: voicemail or no conversation. Bland answers what it cannot tell with null.
  const talked = call.answeredBy === "human" && said.length > 0;
  const declined = said.some((text) =>
    /stop calling|not interested|take me off|don't call/i.test(text),
  );
  const answers: Record<string, unknown> = {};
  for (const [key, hint] of Object.entries(schema)) {
    if (!talked) {
      answers[key] = null;
      continue;
    }
    const type = String(hint ?? "string").trim();
    const roll = unit(`${call.phoneNumber}:${key}`);
    if (/^bool/i.test(type)) {
      answers[key] = declined ? false : roll < 0.65;
    } else if (/^(number|int|float|integer)/i.test(type)) {
      answers[key] = formNumber(key, call.requestData) ?? plausibleNumber(key, roll);
    } else if (/YYYY-MM-DD/i.test(type) || /^date/i.test(type)) {
      answers[key] = declined ? null : dayAfter(call.createdAt, 1 + Math.floor(roll * 13));
    } else if (/^one of:/i.test(type)) {
      const options = type
        .replace(/^one of:/i, "")
        .split("|")
        .map((o) => o.trim())
        .filter(Boolean);
      answers[key] = options.length > 0 ? options[Math.floor(roll * options.length)] : null;
    } else {
      answers[key] = said.at(-1)?.slice(0, 200) ?? null;
    }
  }
  return answers;
}

/** A repeatable number in [0, 1) for a text. */
function unit(text: string): number {
  return createHash("sha256").update(text).digest().readUInt32BE(0) / 2 ** 32;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 2);

/** A number the respondent wrote under a question that shares a word with the key ("budget"). */
function formNumber(key: string, data: Record<string, unknown> | null): number | null {
  if (!data) return null;
  const keyWords = new Set(words(key.replaceAll("_", " ")));
  for (const [question, answer] of Object.entries(data)) {
    if (!words(question).some((w) => keyWords.has(w))) continue;
    const match = String(answer)
      .replace(/,(?=\d{3}\b)/g, "")
      .match(/\d+(\.\d+)?/);
    if (match) return Number(match[0]);
  }
  return null;
}

function plausibleNumber(key: string, roll: number): number {
  if (/budget|price|amount|revenue|value|spend|cost/i.test(key)) {
    return Math.round((5_000 + roll * 45_000) / 500) * 500;
  }
  if (/size|team|employees|people|seats|users/i.test(key)) return 1 + Math.floor(roll * 200);
  if (/score|rating|likel/i.test(key)) return 1 + Math.floor(roll * 10);
  return 1 + Math.floor(roll * 100);
}

function dayAfter(from: Date, days: number): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}
