import type { FormSourceModule } from "../source-module.ts";
import { webhookManifest } from "./manifest.ts";
import { createWebhookSource } from "./webhook-source.ts";

/**
 * Any form or tool: a signed webhook URL per assistant, with fields learned from a sample. There
 * is no vendor to stand in for, so no sandbox: the business's own tool (or curl) sends to it.
 */
export const webhook: FormSourceModule = {
  manifest: webhookManifest,
  create: () => createWebhookSource(),
};
