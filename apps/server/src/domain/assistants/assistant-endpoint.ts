import { randomBytes } from "node:crypto";
import type { AssistantEndpoint } from "@ringback/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { formAssistants } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import type { FormSource } from "../../providers/forms/form-source.ts";
import type { FormSources } from "../form-connections/form-sources.ts";
import { lockAssistantRow } from "./assistants.ts";

type Scope = { organizationId: string; assistantId: string };
/** What the endpoint's functions use of the assistants' dependencies. */
interface AssistantDeps {
  db: Database;
  box: SecretBox;
  providers: FormSources;
  publicUrl: string;
  /** Sandboxes may run here: Ringback can send a tool's test submission itself. */
  sandbox?: boolean;
}
type AssistantRow = typeof formAssistants.$inferSelect;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** How long a rotated-out secret keeps working: time to paste the new one into the tool. */
export const SECRET_GRACE_MS = 24 * 60 * 60 * 1000;

/** Where an assistant's deliveries go: /api/webhooks/<source>/<assistant id>. */
export function webhookUrl(publicUrl: string, provider: string, assistantId: string): string {
  return `${publicUrl}/api/webhooks/${provider}/${assistantId}`;
}

/** The source, which must be a URL and a secret (Ringback manages other sources' webhooks). */
function urlAndSecretSource(deps: AssistantDeps, row: AssistantRow) {
  const source = deps.providers.get(row.provider);
  if (source.webhooks || !source.samples) {
    throw new AppError(
      "conflict",
      `Ringback creates ${source.name}'s webhook itself when the assistant is activated.`,
    );
  }
  return source as FormSource & { samples: NonNullable<FormSource["samples"]> };
}

const newSecret = (source: { samples: NonNullable<FormSource["samples"]> }) =>
  source.samples.newSecret?.() ?? randomBytes(32).toString("base64url");

function endpointOf(
  deps: AssistantDeps,
  source: FormSource,
  row: AssistantRow,
  secret: string,
  shown: boolean,
): AssistantEndpoint {
  const url = webhookUrl(deps.publicUrl, row.provider, row.id);
  return {
    // A URL that carries the secret's token is shown with the secret, once.
    url: shown ? (source.samples?.endpointUrl?.(url, secret, row.sourceSettings) ?? url) : url,
    secret: shown ? secret : null,
    secretHint: secret.slice(-4),
    previousSecretUntil:
      row.previousWebhookSecretUntil && row.previousWebhookSecretUntil.getTime() > Date.now()
        ? row.previousWebhookSecretUntil.toISOString()
        : null,
    settings: row.sourceSettings ?? {},
    sampleReceivedAt: row.sampleReceivedAt?.toISOString() ?? null,
    testSubmissions: Boolean(deps.sandbox && source.samples?.testSubmission),
  };
}

/** Runs fn on the assistant's row, locked, and its URL-and-secret source, in one transaction. */
function onEndpoint<T>(
  deps: AssistantDeps,
  scope: Scope,
  fn: (
    tx: Tx,
    row: AssistantRow,
    source: FormSource & { samples: NonNullable<FormSource["samples"]> },
  ) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const row = await lockAssistantRow(tx, scope);
    return fn(tx, row, urlAndSecretSource(deps, row));
  });
}

/** The endpoint as saved, its secret not shown. */
function endpointWithoutSecret(
  deps: AssistantDeps,
  source: FormSource,
  row: AssistantRow,
): AssistantEndpoint {
  const secret = row.webhookSecretEncrypted ? deps.box.decrypt(row.webhookSecretEncrypted) : "";
  return endpointOf(deps, source, row, secret, false);
}

/**
 * POST …/endpoint: the assistant's own URL and signing secret, made the first time they are asked
 * for (the assistant is then its own form). The secret is in the answer that made it and never
 * again: a business that lost it rotates it.
 */
export async function assistantEndpoint(
  deps: AssistantDeps,
  scope: Scope,
): Promise<AssistantEndpoint> {
  return onEndpoint(deps, scope, async (tx, row, source) => {
    const url = webhookUrl(deps.publicUrl, row.provider, row.id);
    if (row.webhookSecretEncrypted && row.webhookUrl === url && row.formId) {
      return endpointWithoutSecret(deps, source, row);
    }
    const secret = row.webhookSecretEncrypted
      ? deps.box.decrypt(row.webhookSecretEncrypted)
      : newSecret(source);
    const [saved] = await tx
      .update(formAssistants)
      .set({
        formId: row.formId ?? row.id,
        formTitle: row.formTitle ?? source.name,
        webhookUrl: url,
        webhookSecretEncrypted: deps.box.encrypt(secret),
        updatedAt: new Date(),
      })
      .where(eq(formAssistants.id, row.id))
      .returning();
    return endpointOf(deps, source, saved!, secret, !row.webhookSecretEncrypted);
  });
}

/** GET …/endpoint: the URL and how it is set up, without the secret; 404 before it is made. */
export async function readAssistantEndpoint(
  deps: AssistantDeps,
  scope: Scope,
): Promise<AssistantEndpoint> {
  return onEndpoint(deps, scope, async (_tx, row, source) => {
    if (!row.webhookSecretEncrypted || !row.webhookUrl) {
      throw new AppError("not_found", "This assistant has no webhook URL yet.");
    }
    return endpointWithoutSecret(deps, source, row);
  });
}

/**
 * POST …/endpoint/rotate-secret: a new secret, shown this once; the one it replaces keeps working
 * for SECRET_GRACE_MS, so no lead is lost while the tool is moved to the new one.
 */
export async function rotateEndpointSecret(
  deps: AssistantDeps,
  scope: Scope,
): Promise<AssistantEndpoint> {
  return onEndpoint(deps, scope, async (tx, row, source) => {
    if (!row.webhookSecretEncrypted) {
      throw new AppError("conflict", "This assistant has no webhook URL yet.");
    }
    const secret = newSecret(source);
    const [saved] = await tx
      .update(formAssistants)
      .set({
        webhookSecretEncrypted: deps.box.encrypt(secret),
        previousWebhookSecretEncrypted: row.webhookSecretEncrypted,
        previousWebhookSecretUntil: new Date(Date.now() + SECRET_GRACE_MS),
        updatedAt: new Date(),
      })
      .where(eq(formAssistants.id, row.id))
      .returning();
    return endpointOf(deps, source, saved!, secret, true);
  });
}

/**
 * PUT …/endpoint/secret: the secret the business's tool made (WPForms, a Webflow app), used from
 * now on instead of Ringback's; the one it replaces keeps working for SECRET_GRACE_MS.
 */
export async function setToolSecret(
  deps: AssistantDeps,
  scope: Scope,
  secret: string,
): Promise<AssistantEndpoint> {
  return onEndpoint(deps, scope, async (tx, row, source) => {
    if (!row.webhookSecretEncrypted) {
      throw new AppError("conflict", "This assistant has no webhook URL yet.");
    }
    const previous = deps.box.decrypt(row.webhookSecretEncrypted);
    const [saved] = await tx
      .update(formAssistants)
      .set({
        webhookSecretEncrypted: deps.box.encrypt(secret),
        ...(previous === secret
          ? {}
          : {
              previousWebhookSecretEncrypted: row.webhookSecretEncrypted,
              previousWebhookSecretUntil: new Date(Date.now() + SECRET_GRACE_MS),
            }),
        updatedAt: new Date(),
      })
      .where(eq(formAssistants.id, row.id))
      .returning();
    return endpointWithoutSecret(deps, source, saved!);
  });
}

/**
 * POST …/endpoint/learn-again: forgets the sample, so that the next submission sent to the URL
 * (while the assistant is not active) teaches the fields again.
 */
export async function forgetSample(deps: AssistantDeps, scope: Scope): Promise<AssistantEndpoint> {
  return onEndpoint(deps, scope, async (tx, row, source) => {
    if (row.isActive) {
      throw new AppError("conflict", "Deactivate the assistant to learn its fields again.");
    }
    const [saved] = await tx
      .update(formAssistants)
      .set({ sampleFields: null, sampleReceivedAt: null, updatedAt: new Date() })
      .where(eq(formAssistants.id, row.id))
      .returning();
    return endpointWithoutSecret(deps, source, saved!);
  });
}

/**
 * PUT …/endpoint/settings: what the assistant sets for its source (how deliveries are
 * authenticated), checked by the source's own schema; a bad one is a 422 naming the problem.
 */
export async function saveEndpointSettings(
  deps: AssistantDeps,
  scope: Scope,
  input: unknown,
): Promise<AssistantEndpoint> {
  return onEndpoint(deps, scope, async (tx, row, source) => {
    const schema = source.samples.settings;
    if (!schema) throw new AppError("conflict", `${source.name} has no settings to change.`);
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      throw new AppError(
        "validation_failed",
        parsed.error.issues[0]?.message ?? "Invalid settings",
      );
    }
    const [saved] = await tx
      .update(formAssistants)
      .set({ sourceSettings: parsed.data as Record<string, unknown>, updatedAt: new Date() })
      .where(eq(formAssistants.id, row.id))
      .returning();
    return endpointWithoutSecret(deps, source, saved!);
  });
}
