import { type DeliveryResult, deliveryResultLabels } from "@ringback/contracts";
import { AppError } from "../../lib/app-error.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { findAssistantRow } from "../assistants/assistants.ts";
import { type IngestDeps, ingestDelivery } from "./ingest-delivery.ts";

export interface TestSubmissionDeps extends IngestDeps {
  box: SecretBox;
  /** Sandboxes may run here: only then does Ringback send a tool's requests itself. */
  sandbox: boolean;
}

/**
 * "Send a test submission" (sandbox mode): the request the assistant's tool would send — its
 * documented example, signed with the assistant's secret as the tool signs — delivered to the
 * assistant exactly as one from outside is, so it is verified, read, logged in "Recent
 * deliveries" and, while the assistant is not active, learnt from.
 */
export async function sendTestSubmission(
  deps: TestSubmissionDeps,
  scope: { organizationId: string; assistantId: string },
  now = new Date(),
): Promise<{ result: DeliveryResult; label: string; detail: string | null }> {
  if (!deps.sandbox) {
    throw new AppError(
      "conflict",
      "Test submissions are sent only in sandbox mode: send one from your tool instead.",
    );
  }
  const row = await findAssistantRow(deps.db, scope.organizationId, scope.assistantId);
  if (!row) throw new AppError("not_found", "Assistant not found");
  const source = deps.providers.get(row.provider);
  if (!source.samples?.testSubmission) {
    throw new AppError("conflict", `${source.name} sends its own test submissions.`);
  }
  if (!row.webhookSecretEncrypted) {
    throw new AppError("conflict", "This assistant has no webhook URL yet.");
  }
  const request = source.samples.testSubmission(
    deps.box.decrypt(row.webhookSecretEncrypted),
    row.sourceSettings,
    now,
  );
  const { outcome, result } = await ingestDelivery(deps, {
    providerId: row.provider,
    assistantId: row.id,
    rawBody: request.rawBody,
    headers: request.headers,
    pathToken: request.pathToken,
    fresh: true,
  });
  // The page reads "Recent deliveries" next: this request is in it by then.
  await deps.log.flushed();
  // The assistant was found above, so the request has its line.
  if (!result) throw new AppError("not_found", "Assistant not found");
  return {
    result,
    label: deliveryResultLabels[result],
    detail: outcome.outcome === "ignored" || outcome.outcome === "rejected" ? outcome.reason : null,
  };
}
