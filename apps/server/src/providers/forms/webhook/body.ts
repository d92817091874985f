import { FormSourceError } from "../form-source.ts";

/** One value a delivery carried, at its flattened path (`data.phone`, `items.0.name`). */
export interface FlatField {
  path: string;
  value: string | number | boolean | string[] | null;
}

/** Where flattening stops: a body is a lead, not a database. */
const MAX_FIELDS = 500;
const MAX_DEPTH = 8;

/**
 * A delivery's body as a value: JSON (`application/json`, or any body that starts like JSON), or
 * an HTML form's `application/x-www-form-urlencoded` pairs (a key sent twice is a list). Anything
 * else is refused with words a sender's own log can show (Zapier and Make show them to the user).
 */
export function readBody(rawBody: string, contentType: string | null): unknown {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  const text = rawBody.trim();
  if (text === "") {
    throw new FormSourceError("The body is empty: send the lead's fields as JSON or as a form.", {
      status: 422,
      code: "empty_body",
    });
  }
  const looksJson = text.startsWith("{") || text.startsWith("[");
  if (
    type === "application/json" ||
    type.endsWith("+json") ||
    (type !== "application/x-www-form-urlencoded" && looksJson)
  ) {
    const parsed = parseJson(text);
    if (parsed === undefined) {
      throw new FormSourceError("The body is not valid JSON.", {
        status: 400,
        code: "invalid_json",
      });
    }
    return parsed;
  }
  if (type === "application/x-www-form-urlencoded" || (type === "" && text.includes("="))) {
    const form: Record<string, string | string[]> = {};
    for (const [key, value] of new URLSearchParams(text)) {
      const had = form[key];
      form[key] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
    }
    return form;
  }
  throw new FormSourceError(
    `Send the lead as JSON (Content-Type: application/json) or as a form (application/x-www-form-urlencoded), not ${type || "an unnamed type"}.`,
    { status: 415, code: "unsupported_media_type" },
  );
}

/**
 * A JSON text as a value (undefined: not JSON). A comma before a closing bracket is forgiven,
 * because Google Ads' own published lead sample has one, and a lead is worth more than the
 * rule; numbers keep their digits (losslessNumbers).
 */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text, losslessNumbers);
  } catch {
    const forgiven = text.replace(/,(\s*[}\]])/g, "$1");
    if (forgiven === text) return undefined;
    try {
      return JSON.parse(forgiven, losslessNumbers);
    } catch {
      return undefined;
    }
  }
}

/**
 * JSON numbers too large to be exact as a double (the 64-bit ids some senders use) are kept as
 * the digits that were sent, so that an id never changes on its way into Ringback.
 */
function losslessNumbers(
  this: unknown,
  _key: string,
  value: unknown,
  context?: { source?: string },
) {
  if (typeof value === "number" && !Number.isSafeInteger(value) && Number.isInteger(value)) {
    return context?.source ?? String(value);
  }
  return value;
}

/**
 * Every value of a body at a dotted path, in the order it was sent: objects by key, arrays by
 * index (`items.0.name`); an array of plain values stays one field (a list of choices). Paths are
 * what an assistant's fields name, so they are stable for a sender that keeps its shape.
 */
export function flatten(body: unknown): FlatField[] {
  const fields: FlatField[] = [];
  const visit = (value: unknown, path: string, depth: number) => {
    if (fields.length >= MAX_FIELDS) return;
    if (
      value === null ||
      typeof value === "string" ||
      typeof value === "number" ||
      typeof value === "boolean"
    ) {
      if (path) fields.push({ path, value });
      return;
    }
    if (Array.isArray(value)) {
      if (
        value.every(
          (item) => item === null || ["string", "number", "boolean"].includes(typeof item),
        )
      ) {
        if (path) fields.push({ path, value: value.filter((item) => item !== null).map(String) });
        return;
      }
      if (depth >= MAX_DEPTH) return;
      for (const [index, item] of value.entries()) {
        visit(item, path ? `${path}.${index}` : String(index), depth + 1);
      }
      return;
    }
    if (typeof value === "object" && depth < MAX_DEPTH) {
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        visit(item, path ? `${path}.${key}` : key, depth + 1);
      }
    }
  };
  visit(body, "", 0);
  return fields;
}
