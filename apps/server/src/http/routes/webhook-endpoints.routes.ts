import {
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  webhookDeliveriesQuerySchema,
} from "@ringback/contracts";
import { Hono } from "hono";
import {
  listWebhookDeliveries,
  resendWebhookDelivery,
  sendWebhookTestEvent,
} from "../../domain/webhooks/webhook-delivery-log.ts";
import type { WebhookDeps } from "../../domain/webhooks/webhook-deps.ts";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "../../domain/webhooks/webhook-endpoints.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";
import { parseJson, parseQuery } from "../validate.ts";

/**
 * Mounted at /api/organizations/:organizationId/webhook-endpoints: the
 * organization's outgoing webhook endpoints and their delivery logs. Owners and admins only
 * (webhooks:manage), for reading too: the log holds what was sent out.
 */
export function webhookEndpointsRoutes(deps: WebhookDeps) {
  const { db } = deps;
  const allowed = withOrganization(db, "webhooks:manage");
  const target = (c: {
    get(key: "organizationId"): string;
    req: { param(key: string): string };
  }) => ({
    organizationId: c.get("organizationId"),
    endpointId: c.req.param("endpointId"),
  });
  return (
    new Hono<{ Variables: TenantVariables }>()
      // GET / — the endpoints (WebhookEndpoint[]), oldest first.
      .get("/", allowed, async (c) => {
        c.header("Cache-Control", "no-store");
        return c.json(await listWebhookEndpoints(db, c.get("organizationId")));
      })
      // POST / — add one (CreatedWebhookEndpoint: the secret, this once); 201.
      .post("/", allowed, async (c) => {
        const input = await parseJson(c, createWebhookEndpointSchema);
        const created = await createWebhookEndpoint(deps, {
          organizationId: c.get("organizationId"),
          userId: c.get("userId"),
          ...input,
        });
        c.header("Cache-Control", "no-store");
        return c.json(created, 201);
      })
      // PATCH /:endpointId — url, description, events, enabled (WebhookEndpoint).
      .patch("/:endpointId", allowed, async (c) => {
        // Another organization's endpoint is 404 whatever the body says (tenant isolation).
        const { organizationId, endpointId } = target(c);
        await getWebhookEndpoint(db, organizationId, endpointId);
        const input = await parseJson(c, updateWebhookEndpointSchema);
        return c.json(await updateWebhookEndpoint(deps, { ...target(c), ...input }));
      })
      // DELETE /:endpointId — the endpoint and its delivery log; 204.
      .delete("/:endpointId", allowed, async (c) => {
        const { organizationId, endpointId } = target(c);
        await deleteWebhookEndpoint(db, organizationId, endpointId);
        return c.body(null, 204);
      })
      // POST /:endpointId/rotate-secret — a new secret (WebhookSecret), shown this once.
      .post("/:endpointId/rotate-secret", allowed, async (c) => {
        c.header("Cache-Control", "no-store");
        return c.json(await rotateWebhookSecret(deps, target(c)));
      })
      // GET /:endpointId/deliveries — the delivery log, newest first (WebhookDeliveryPage);
      // ?before=<delivery id> for the page after it.
      .get("/:endpointId/deliveries", allowed, async (c) => {
        const { before } = parseQuery(c, webhookDeliveriesQuerySchema);
        c.header("Cache-Control", "no-store");
        return c.json(await listWebhookDeliveries(deps, { ...target(c), before }));
      })
      // POST /:endpointId/deliveries/:deliveryId/resend — the same message again now; 202.
      .post("/:endpointId/deliveries/:deliveryId/resend", allowed, async (c) =>
        c.json(
          await resendWebhookDelivery(deps, {
            ...target(c),
            deliveryId: c.req.param("deliveryId"),
          }),
          202,
        ),
      )
      // POST /:endpointId/test — a webhook.test message to this endpoint (WebhookDelivery); 202.
      .post("/:endpointId/test", allowed, async (c) =>
        c.json(await sendWebhookTestEvent(deps, target(c)), 202),
      )
  );
}
