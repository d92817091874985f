import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../lib/app-error.ts";
import { hasNul } from "../lib/text.ts";

/** The contract layer's one rule for all text: PostgreSQL cannot store U+0000. */
function refuseNul(input: unknown): void {
  if (hasNul(input)) {
    throw new AppError("validation_failed", "Text cannot contain NUL (\\u0000) characters.");
  }
}

function parsed<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new AppError("validation_failed", issue?.message ?? "Invalid request", {
      issues: result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    });
  }
  return result.data;
}

/** Parses the query string with a contracts schema (first value of each parameter). */
export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  const query = c.req.query();
  refuseNul(query);
  return parsed(schema, query);
}

/** Parses a JSON body with a contracts schema; the first problem becomes the message. */
export async function parseJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError("bad_request", "The request body must be JSON.");
  }
  refuseNul(body);
  return parsed(schema, body);
}
