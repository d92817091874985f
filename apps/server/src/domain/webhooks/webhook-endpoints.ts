import { isIP } from "node:net";
import {
  type CreatedWebhookEndpoint,
  MAX_WEBHOOK_ENDPOINTS,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookSecret,
} from "@ringback/contracts";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { isAllowedAddress } from "../../lib/outbound-addresses.ts";
import { isUuid } from "../../lib/uuid.ts";
import { clock, type WebhookDeps } from "./webhook-deps.ts";
import { generateWebhookSecret } from "./webhook-signature.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type EndpointRow = typeof webhookEndpoints.$inferSelect;

export const DISABLED_BY_MEMBER = "Disabled by a member";

export function toWebhookEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.enabled ? null : row.disabledReason,
    disabledAt: row.enabled ? null : (row.disabledAt?.toISOString() ?? null),
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function urlProblem(message: string): AppError {
  return new AppError("validation_failed", message, { issues: [{ path: "url", message }] });
}

/**
 * The guarded client's rules for an endpoint's URL, on top of the contract's, said when it is
 * saved: https only in production, and not a host that is plainly private (localhost, a
 * non-public address written out) unless the operator allows its network. A name is checked
 * again, by its addresses, every time a delivery connects.
 */
export function checkEndpointUrl(deps: Pick<WebhookDeps, "outbound">, value: string): void {
  const url = new URL(value);
  const { policy } = deps.outbound;
  if (policy.requireHttps && url.protocol !== "https:") {
    throw urlProblem("Use an https:// URL: Ringback sends webhooks over HTTPS only.");
  }
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const literal = isIP(host) !== 0;
  const named = host === "localhost" || host.endsWith(".localhost");
  if (
    (literal && !isAllowedAddress(host, policy.allowedNetworks)) ||
    (named && !isAllowedAddress("127.0.0.1", policy.allowedNetworks))
  ) {
    throw urlProblem("Use a public address: Ringback does not send webhooks to private networks.");
  }
}

/** The organization's endpoints, oldest first. */
export async function listWebhookEndpoints(
  db: Database,
  organizationId: string,
): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(toWebhookEndpoint);
}

/** One endpoint of the organization (404 for another organization's, as for none). */
export async function getWebhookEndpoint(
  db: Database | Tx,
  organizationId: string,
  endpointId: string,
): Promise<EndpointRow> {
  const [row] = isUuid(endpointId)
    ? await db
        .select()
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.id, endpointId),
            eq(webhookEndpoints.organizationId, organizationId),
          ),
        )
    : [];
  if (!row) throw new AppError("not_found", "Webhook endpoint not found");
  return row;
}

/** Adds an endpoint with a new secret, which this answer shows once. */
export async function createWebhookEndpoint(
  deps: Pick<WebhookDeps, "db" | "box" | "outbound" | "now">,
  input: {
    organizationId: string;
    userId: string;
    url: string;
    description: string;
    events: WebhookEventType[];
  },
): Promise<CreatedWebhookEndpoint> {
  checkEndpointUrl(deps, input.url);
  const secret = generateWebhookSecret();
  const now = clock(deps);
  const row = await deps.db.transaction(async (tx) => {
    // One at a time per organization, so that the limit holds under concurrent adds.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`webhook-endpoints:${input.organizationId}`}, 0))`,
    );
    const [existing] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.organizationId, input.organizationId));
    if ((existing?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError(
        "conflict",
        `An organization can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints.`,
      );
    }
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        organizationId: input.organizationId,
        url: input.url,
        description: input.description,
        events: input.events,
        secretEncrypted: deps.box.encrypt(secret),
        createdByUserId: input.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return created!;
  });
  return { endpoint: toWebhookEndpoint(row), secret };
}

/** Cancels an endpoint's waiting deliveries (it was disabled: nothing queued goes out later). */
export async function cancelPendingDeliveries(
  tx: Tx | Database,
  endpointId: string,
  reason: string,
) {
  await tx
    .update(webhookDeliveries)
    .set({ status: "canceled", nextAttemptAt: null, error: reason })
    .where(
      and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending")),
    );
}

/**
 * Changes an endpoint. Disabling it cancels its waiting deliveries; enabling it clears why it
 * was disabled and its run of failures (a fresh start for the 5-day rule).
 */
export async function updateWebhookEndpoint(
  deps: Pick<WebhookDeps, "db" | "outbound" | "now">,
  input: {
    organizationId: string;
    endpointId: string;
    url?: string | undefined;
    description?: string | undefined;
    events?: WebhookEventType[] | undefined;
    enabled?: boolean | undefined;
  },
): Promise<WebhookEndpoint> {
  if (input.url !== undefined) checkEndpointUrl(deps, input.url);
  const now = clock(deps);
  return deps.db.transaction(async (tx) => {
    const current = await getWebhookEndpoint(tx, input.organizationId, input.endpointId);
    const changes: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: now };
    if (input.url !== undefined) changes.url = input.url;
    if (input.description !== undefined) changes.description = input.description;
    if (input.events !== undefined) changes.events = input.events;
    if (input.enabled === true && !current.enabled) {
      Object.assign(changes, {
        enabled: true,
        disabledReason: null,
        disabledAt: null,
        failingSince: null,
      });
    }
    if (input.enabled === false && current.enabled) {
      Object.assign(changes, {
        enabled: false,
        disabledReason: DISABLED_BY_MEMBER,
        disabledAt: now,
      });
      await cancelPendingDeliveries(tx, current.id, "Canceled: the endpoint was disabled");
    }
    const [updated] = await tx
      .update(webhookEndpoints)
      .set(changes)
      .where(eq(webhookEndpoints.id, current.id))
      .returning();
    return toWebhookEndpoint(updated!);
  });
}

/** Deletes an endpoint and its delivery log. */
export async function deleteWebhookEndpoint(
  db: Database,
  organizationId: string,
  endpointId: string,
): Promise<void> {
  const endpoint = await getWebhookEndpoint(db, organizationId, endpointId);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
}

/**
 * A new secret for the endpoint, shown once; the old one stops signing at once (deliveries
 * already on their way are signed when they are sent, so they carry the new one).
 */
export async function rotateWebhookSecret(
  deps: Pick<WebhookDeps, "db" | "box" | "now">,
  input: { organizationId: string; endpointId: string },
): Promise<WebhookSecret> {
  const endpoint = await getWebhookEndpoint(deps.db, input.organizationId, input.endpointId);
  const secret = generateWebhookSecret();
  await deps.db
    .update(webhookEndpoints)
    .set({ secretEncrypted: deps.box.encrypt(secret), updatedAt: clock(deps) })
    .where(eq(webhookEndpoints.id, endpoint.id));
  return { secret };
}
