import { ApiRequestError } from "@/lib/api-client";
import type { CallSettingsErrors, CallSettingsForm } from "../call-settings-form";

/** The call settings' fields a server refusal may name ("transferNumber", "voice.id"). */
const SETTINGS_FIELDS = [
  "maxAttempts",
  "retryDelayMinutes",
  "callingWindowStart",
  "callingWindowEnd",
  "defaultTimeZone",
  "defaultCountry",
  "voicemailAction",
  "voicemailMessage",
  "voice",
  "language",
  "maxCallMinutes",
  "transferNumber",
] as const satisfies readonly (keyof CallSettingsForm)[];

/** A refusal's issues under the call settings' fields they name (the first one of each). */
export function settingsErrorsFromIssues(
  issues: { path: string; message: string }[],
): CallSettingsErrors {
  const errors: CallSettingsErrors = {};
  for (const issue of issues) {
    const field = SETTINGS_FIELDS.find((key) => issue.path.split(".")[0] === key);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** A validation refusal's issues (`details.issues`, paths such as "questions.0.key"). */
export function serverIssues(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiRequestError)) return [];
  const issues = (error.details as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is { path: string; message: string } =>
      typeof issue?.path === "string" && typeof issue?.message === "string",
  );
}
