import { ApiRequestError } from "./api-client";

/**
 * The server's validation issues (`details.issues`, one per field path) as errors by field, so a
 * refused form shows each under its own field. Fields the form does not have are
 * left out: the caller shows those in a toast.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiRequestError)) return out;
  const issues = (error.details as { issues?: { path?: unknown; message?: unknown }[] } | null)
    ?.issues;
  if (!Array.isArray(issues)) return out;
  for (const issue of issues) {
    const field = String(issue.path ?? "").split(".")[0] as F;
    if (fields.includes(field) && typeof issue.message === "string") out[field] ??= issue.message;
  }
  return out;
}
