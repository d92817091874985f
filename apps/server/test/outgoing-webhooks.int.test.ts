import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import {
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookMessageType,
  webhookPayloadSchema,
} from "@ringback/contracts";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "../src/db/schema/index.ts";
import {
  attemptDelivery,
  DISABLED_AFTER_FAILURES,
  dispatchDueDeliveries,
  LEASE_MS,
  MAX_ATTEMPTS,
  RETRY_DELAYS_SECONDS,
} from "../src/domain/webhooks/deliver-webhook.ts";
import { emitWebhookEvent } from "../src/domain/webhooks/emit-webhook-event.ts";
import type { WebhookDeliveryQueue, WebhookDeps } from "../src/domain/webhooks/webhook-deps.ts";
import { checkEndpointUrl } from "../src/domain/webhooks/webhook-endpoints.ts";
import { contactOptedOutEvent } from "../src/domain/webhooks/webhook-events.ts";
import { latestOutboxMessage } from "../src/http/routes/dev-outbox.routes.ts";
import { guardedPost } from "../src/lib/guarded-post.ts";
import { parseAllowedNetworks } from "../src/lib/outbound-addresses.ts";
import { createOutboundClient } from "../src/lib/outbound-http.ts";
import { createSecretBox } from "../src/lib/secret-box.ts";
import { createConsoleEmailSender } from "../src/providers/email/console-email-sender.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback, testLogger } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { waitFor } from "./webhook-receiver.ts";

const publicOnly = createOutboundClient({ requireHttps: false, allowedNetworks: [] });
const loopbackAllowed = createOutboundClient({
  requireHttps: false,
  allowedNetworks: parseAllowedNetworks("127.0.0.0/8, ::1"),
});

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A webhook receiver on 127.0.0.1, written for these tests: each path answers with a planned
 * status and body, or never answers at all ("hang", a dead endpoint that accepts connections).
 */
async function startReceiver() {
  const received: Received[] = [];
  const plans = new Map<string, { statuses: number[]; body: string } | "hang">();
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({
        path,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      });
      const plan = plans.get(path) ?? { statuses: [200], body: "ok" };
      if (plan === "hang") return;
      const status = plan.statuses.length > 1 ? plan.statuses.shift()! : plan.statuses[0]!;
      res.writeHead(status, { "content-type": "text/plain" }).end(plan.body);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    port,
    url(path: string, plan: { statuses?: number[]; body?: string } | "hang" = {}) {
      plans.set(
        path,
        plan === "hang"
          ? "hang"
          : { statuses: [...(plan.statuses ?? [200])], body: plan.body ?? "ok" },
      );
      return `http://127.0.0.1:${port}${path}`;
    },
    at: (path: string) => received.filter((r) => r.path === path),
  };
}

/** The body's type, after checking the signature with the standardwebhooks package. */
function verified(secret: string, request: Received): { type: WebhookMessageType; data: unknown } {
  const payload = new Webhook(secret).verify(request.body, {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  }) as { type: WebhookMessageType; data: unknown };
  // Every body matches its documented schema.
  webhookPayloadSchema(payload.type).parse(payload);
  return payload;
}

/**
 * Outgoing webhooks over HTTP, with the worker running: endpoints managed by owners and admins,
 * deliveries signed per Standard Webhooks (checked by the standardwebhooks package, a client
 * Ringback did not write), the events of a real (simulated) call, and endpoints that are slow
 * or dead holding up neither calls nor other endpoints.
 */
describe("outgoing webhooks", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "1000", CALL_SIMULATOR_RING_MS: "30", CALL_SIMULATOR_TURN_MS: "10" },
  });
  const db = app.database.db;
  const team = await createTeam(app.url, db);
  const org = team.organization.id;
  const base = `/api/organizations/${org}/webhook-endpoints`;
  const { owner, admin, member } = team;
  const receiver = await startReceiver();
  const calls = await activeAssistant({
    url: app.url,
    db,
    secretKey: app.config.secretKey,
    owner: owner.client,
    organizationId: org,
  });

  const create = (json: unknown, client = owner.client) =>
    client.request(base, { method: "POST", json });
  const add = async (json: { url: string; events: string[]; description?: string }) => {
    const response = await create(json, admin.client);
    expect(response.status).toBe(201);
    return (await response.json()) as CreatedWebhookEndpoint;
  };
  const deliveries = (endpointId: string, query = "") =>
    owner.client.json<WebhookDeliveryPage>(`${base}/${endpointId}/deliveries${query}`);
  /** Waits for the endpoint's delivery log to show `count` deliveries that are all settled. */
  const settledLog = (endpointId: string, count: number) =>
    waitFor(async () => {
      const page = await deliveries(endpointId);
      return page.items.length >= count && page.items.every((d) => d.status !== "pending")
        ? page.items
        : undefined;
    }, 20_000);

  it("lets owners and admins add endpoints, with a secret shown once, and refuses bad input", async () => {
    const created = await add({
      url: receiver.url("/crm"),
      description: "CRM",
      events: ["call.completed", "submission.received", "call.completed"],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.endpoint).toMatchObject({
      url: receiver.url("/crm"),
      description: "CRM",
      // Deduplicated, in the documented order.
      events: ["submission.received", "call.completed"],
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
    // Never again: not in the list, and not readable in the database.
    const listed = await owner.client.request(base);
    const text = await listed.text();
    expect(text).toContain(created.endpoint.id);
    expect(text).not.toContain(created.secret);
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, created.endpoint.id));
    expect(row!.secretEncrypted).not.toContain(created.secret.slice(6, 20));

    for (const json of [
      { url: "not a url", events: ["call.started"] },
      { url: "ftp://example.com/hook", events: ["call.started"] },
      { url: "https://user:pw@example.com/hook", events: ["call.started"] },
      { url: "https://example.com/hook", events: [] },
      { url: "https://example.com/hook", events: ["call.exploded"] },
      { url: "https://example.com/hook", events: ["call.started"], description: "d".repeat(201) },
    ]) {
      const response = await create(json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(
        ((await response.json()) as { error: { message: string } }).error.message,
      ).toBeTruthy();
    }
  });

  it("is for owners and admins only: members get 403, another organization 404", async () => {
    const { endpoint } = await add({ url: receiver.url("/perm"), events: ["call.started"] });
    const path = `${base}/${endpoint.id}`;
    for (const [method, url, json] of [
      ["GET", base, undefined],
      ["POST", base, { url: "https://example.com", events: ["call.started"] }],
      ["PATCH", path, { enabled: false }],
      ["DELETE", path, undefined],
      ["POST", `${path}/rotate-secret`, undefined],
      ["GET", `${path}/deliveries`, undefined],
      ["POST", `${path}/test`, undefined],
    ] as const) {
      const response = await member.client.request(url, { method, json });
      expect(response.status, `${method} ${url}`).toBe(403);
    }
    // Someone else's organization: as if it did not exist, even through their own.
    const other = await createTeam(app.url, db, { label: "other" });
    expect((await other.owner.client.request(base)).status).toBe(404);
    const theirs = `/api/organizations/${other.organization.id}/webhook-endpoints/${endpoint.id}`;
    expect(
      (await other.owner.client.request(theirs, { method: "PATCH", json: { enabled: false } }))
        .status,
    ).toBe(404);
    expect((await other.owner.client.request(`${theirs}/deliveries`)).status).toBe(404);
    expect((await other.owner.client.request(`${theirs}/test`, { method: "POST" })).status).toBe(
      404,
    );
    // Nothing changed.
    const list = await owner.client.json<WebhookEndpoint[]>(base);
    expect(list.find((e) => e.id === endpoint.id)?.enabled).toBe(true);
  });

  it("sends a test event signed per Standard Webhooks, logs the answer, and resends the same message", async () => {
    const url = receiver.url("/test", {
      statuses: [200],
      body: `{"received":true,"pad":"${"x".repeat(3000)}"}`,
    });
    const { endpoint, secret } = await add({ url, events: ["call.started"] });
    const sent = await owner.client.json<WebhookDelivery>(`${base}/${endpoint.id}/test`, {
      method: "POST",
    });
    expect(sent).toMatchObject({ eventType: "webhook.test", status: "pending" });
    const [first] = await waitFor(() =>
      receiver.at("/test").length === 1 ? receiver.at("/test") : undefined,
    );
    const payload = verified(secret, first!);
    expect(payload).toMatchObject({
      type: "webhook.test",
      data: { endpointId: endpoint.id },
    });
    expect(first!.headers["webhook-id"]).toBe(sent.messageId);
    expect(first!.headers["content-type"]).toBe("application/json");
    // A wrong secret does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(first!.body, {
        "webhook-id": String(first!.headers["webhook-id"]),
        "webhook-timestamp": String(first!.headers["webhook-timestamp"]),
        "webhook-signature": String(first!.headers["webhook-signature"]),
      }),
    ).toThrow();

    const [logged] = await settledLog(endpoint.id, 1);
    expect(logged).toMatchObject({
      id: sent.id,
      status: "succeeded",
      attempts: 1,
      responseStatus: 200,
      error: null,
    });
    // The first KiB of the answer, no more.
    expect(logged!.responseBody).toHaveLength(1024);
    expect(logged!.responseBody!.startsWith('{"received":true')).toBe(true);

    // Resend: the same message (id and body) again, signed anew.
    const resent = await owner.client.request(
      `${base}/${endpoint.id}/deliveries/${sent.id}/resend`,
      {
        method: "POST",
      },
    );
    expect(resent.status).toBe(202);
    const both = await waitFor(() =>
      receiver.at("/test").length === 2 ? receiver.at("/test") : undefined,
    );
    verified(secret, both[1]!);
    expect(both[1]!.headers["webhook-id"]).toBe(sent.messageId);
    expect(JSON.parse(both[1]!.body)).toEqual(JSON.parse(both[0]!.body));
    await waitFor(async () => {
      const [item] = (await deliveries(endpoint.id)).items;
      return item?.attempts === 2 && item.status === "succeeded" ? item : undefined;
    });

    // Rotate: the next message is signed with the new secret only.
    const rotated = await owner.client.json<{ secret: string }>(
      `${base}/${endpoint.id}/rotate-secret`,
      { method: "POST" },
    );
    expect(rotated.secret).not.toBe(secret);
    await owner.client.json(`${base}/${endpoint.id}/test`, { method: "POST" });
    const three = await waitFor(() =>
      receiver.at("/test").length === 3 ? receiver.at("/test") : undefined,
    );
    verified(rotated.secret, three[2]!);
    expect(() => verified(secret, three[2]!)).toThrow();
  });

  it("pages the delivery log newest first and refuses to resend to a disabled endpoint", async () => {
    const { endpoint } = await add({ url: receiver.url("/paged"), events: ["call.started"] });
    for (let i = 0; i < 23; i += 1) {
      await owner.client.json(`${base}/${endpoint.id}/test`, { method: "POST" });
    }
    const first = await deliveries(endpoint.id);
    expect(first.items).toHaveLength(20);
    expect(first.nextBefore).toBe(first.items[19]!.id);
    const second = await deliveries(endpoint.id, `?before=${first.nextBefore}`);
    expect(second.items).toHaveLength(3);
    expect(second.nextBefore).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((d) => d.id)).size).toBe(23);
    const times = all.map((d) => d.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const disabled = await owner.client.json<WebhookEndpoint>(`${base}/${endpoint.id}`, {
      method: "PATCH",
      json: { enabled: false },
    });
    expect(disabled).toMatchObject({ enabled: false, disabledReason: "Disabled by a member" });
    const refused = await owner.client.request(
      `${base}/${endpoint.id}/deliveries/${all[0]!.id}/resend`,
      { method: "POST" },
    );
    expect(refused.status).toBe(409);
    expect(
      (await owner.client.request(`${base}/${endpoint.id}/test`, { method: "POST" })).status,
    ).toBe(409);
    const enabled = await owner.client.json<WebhookEndpoint>(`${base}/${endpoint.id}`, {
      method: "PATCH",
      json: { enabled: true },
    });
    expect(enabled).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    // Deleting it takes its log along.
    expect(
      (await owner.client.request(`${base}/${endpoint.id}`, { method: "DELETE" })).status,
    ).toBe(204);
    expect((await owner.client.request(`${base}/${endpoint.id}/deliveries`)).status).toBe(404);
  });

  it("sends submission.received, call.started and call.completed for a simulated call, and contact.opted_out", async () => {
    const all = [
      "submission.received",
      "call.started",
      "call.completed",
      "call.failed",
      "contact.opted_out",
    ];
    const { endpoint, secret } = await add({ url: receiver.url("/events"), events: all });
    // Another endpoint, for call.failed only: it hears nothing else.
    const failedOnly = await add({ url: receiver.url("/failed-only"), events: ["call.failed"] });
    const body = calls.delivery({ phone: "+14155550142", name: "Ana Webhook" });
    const token = JSON.parse(body).form_response.token as string;
    expect((await calls.deliver(body)).status).toBe(200);
    const [attempt] = await calls.settled(token, 1);

    const types = () => receiver.at("/events").map((r) => verified(secret, r).type);
    await waitFor(() => (receiver.at("/events").length >= 3 ? true : undefined), 20_000);
    // Each delivery is a job of its own: they may arrive in any order.
    expect([...types()].sort()).toEqual(["call.completed", "call.started", "submission.received"]);
    const byType = (type: string) =>
      receiver
        .at("/events")
        .map((r) => JSON.parse(r.body))
        .find((b) => b.type === type);
    const received = byType("submission.received");
    const started = byType("call.started");
    const completed = byType("call.completed");
    expect(received.data).toMatchObject({
      status: "call_scheduled",
      assistantId: calls.assistantId,
      respondent: { name: "Ana Webhook", phoneNumber: "+14155550142" },
    });
    expect(received.data.answers.length).toBeGreaterThan(0);
    expect(started.data).toMatchObject({ callId: attempt!.id, attempt: 1, provider: "bland" });
    expect(completed.data).toMatchObject({
      callId: attempt!.id,
      submissionId: received.data.submissionId,
      status: attempt!.status,
      durationSeconds: attempt!.duration,
      summary: attempt!.callSummary,
    });
    expect(completed.data.transcript.length).toBeGreaterThan(0);
    // A person was reached: the lead's outcome says so, with why the call ended.
    expect(completed.data).toMatchObject({
      status: "answered",
      leadOutcome: "reached",
      endedReason: attempt!.endedReason,
    });
    // Each event has its own message id.
    expect(new Set(receiver.at("/events").map((r) => r.headers["webhook-id"])).size).toBe(3);

    // The recording link works without a session until it expires; a changed one does not.
    expect(completed.data.recording).not.toBeNull();
    {
      const link = new URL(completed.data.recording.url);
      expect(link.origin).toBe(new URL(app.config.publicUrl).origin);
      const audio = await waitFor(async () => {
        const response = await fetch(link);
        if (response.status === 503) return undefined;
        return response;
      });
      expect(audio.status).toBe(200);
      expect(audio.headers.get("content-type")).toMatch(/^audio\//);
      link.searchParams.set("exp", String(Number(link.searchParams.get("exp")) + 1));
      expect((await fetch(link)).status).toBe(404);
    }

    // A busy number: call.failed, to both endpoints that want it.
    const busy = calls.delivery({ phone: "+14155550001" });
    expect((await calls.deliver(busy)).status).toBe(200);
    await waitFor(() => (receiver.at("/failed-only").length > 0 ? true : undefined), 20_000);
    const failed = verified(failedOnly.secret, receiver.at("/failed-only")[0]!);
    expect(failed).toMatchObject({
      type: "call.failed",
      data: { status: "busy", endedReason: "busy" },
    });
    expect(
      receiver.at("/failed-only").every((r) => JSON.parse(r.body).type === "call.failed"),
    ).toBe(true);

    // A voicemail is never call.completed: each of its three attempts is call.failed with status
    // voicemail, the first two while a retry is scheduled (not reached yet), the last one final
    // (this assistant hangs up at voicemail: not reached).
    const voicemail = calls.delivery({ phone: "+14155550004" });
    const voicemailToken = JSON.parse(voicemail).form_response.token as string;
    expect((await calls.deliver(voicemail)).status).toBe(200);
    const voicemails = await calls.settled(voicemailToken, 3);
    const ids = new Set(voicemails.map((v) => v.id));
    const heard = await waitFor(() => {
      const bodies = receiver
        .at("/events")
        .map((r) => JSON.parse(r.body))
        .filter((b) => ids.has(b.data.callId) && b.type !== "call.started");
      return bodies.length >= 3 ? bodies : undefined;
    }, 20_000);
    expect(heard.map((b) => b.type)).toEqual(["call.failed", "call.failed", "call.failed"]);
    const byAttempt = heard.sort((x, y) => x.data.attempt - y.data.attempt).map((b) => b.data);
    expect(byAttempt.map((d) => [d.status, d.endedReason, d.leadOutcome])).toEqual([
      ["voicemail", "voicemail-no-message", "not-reached-yet"],
      ["voicemail", "voicemail-no-message", "not-reached-yet"],
      ["voicemail", "voicemail-no-message", "not-reached"],
    ]);

    // A number added to the do-not-call list.
    await owner.client.json(`/api/organizations/${org}/do-not-call`, {
      method: "POST",
      json: { phoneNumber: "+1 415 555 0177", reason: "Asked by email" },
    });
    const optedOut = await waitFor(() =>
      receiver.at("/events").find((r) => JSON.parse(r.body).type === "contact.opted_out"),
    );
    expect(verified(secret, optedOut).data).toMatchObject({
      phoneNumber: "+14155550177",
      reason: "Asked by email",
      source: "manual",
      callId: null,
    });
    // The log says each went out.
    const log = await settledLog(endpoint.id, 5);
    expect(log.every((d) => d.status === "succeeded" && d.responseStatus === 200)).toBe(true);
  });

  it("never lets a dead endpoint delay a call, or another endpoint", async () => {
    const dead = await add({
      url: receiver.url("/dead", "hang"),
      events: ["submission.received", "call.started", "call.completed", "call.failed"],
    });
    const healthy = await add({ url: receiver.url("/healthy"), events: ["call.completed"] });
    // A backlog for the dead endpoint first: each of these hangs until the 10 s timeout.
    for (let i = 0; i < 6; i += 1) {
      await owner.client.json(`${base}/${dead.endpoint.id}/test`, { method: "POST" });
    }
    const started = Date.now();
    const body = calls.delivery({ phone: "+14155550143" });
    expect((await calls.deliver(body)).status).toBe(200);
    const token = JSON.parse(body).form_response.token as string;
    // The call is placed and completes while the dead endpoint holds its requests open.
    const [attempt] = await calls.settled(token, 1, 15_000);
    expect(attempt!.finalAt).not.toBeNull();
    // The healthy endpoint hears of it at once, well before the dead one's first timeout.
    await waitFor(() => (receiver.at("/healthy").length > 0 ? true : undefined), 8_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    verified(healthy.secret, receiver.at("/healthy")[0]!);
    // The dead endpoint's deliveries are still waiting for their first answer.
    const waiting = await deliveries(dead.endpoint.id);
    expect(waiting.items.every((d) => d.status === "pending")).toBe(true);
  });
});

/**
 * Retries, back-off and the 5-day rule with a clock the test moves: the app runs without a
 * worker, and the test runs each attempt itself, as the webhooks.deliver job would.
 */
describe("outgoing webhook retries, with a controlled clock", async () => {
  const app = await startTestRingback({ role: "web", env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;
  const team = await createTeam(app.url, db);
  const org = team.organization.id;
  const base = `/api/organizations/${org}/webhook-endpoints`;
  const receiver = await startReceiver();

  let now = new Date("2030-01-07T09:00:00.000Z");
  const queued: { deliveryId: string; attempt: number; startAfter?: Date }[] = [];
  const queue: WebhookDeliveryQueue = {
    enqueue: async (jobs) => {
      queued.push(...jobs);
    },
  };
  const deps: WebhookDeps = {
    db,
    box: createSecretBox(app.config.secretKey),
    queue,
    email: createConsoleEmailSender({ db, logger: testLogger }),
    logger: testLogger,
    publicUrl: app.url,
    // The receiver is on loopback: allowed here as an operator would allow an internal network.
    outbound: loopbackAllowed,
    timeoutMs: 2000,
    now: () => now,
  };
  const addEndpoint = (url: string) =>
    team.owner.client.json<CreatedWebhookEndpoint>(base, {
      method: "POST",
      json: { url, events: ["contact.opted_out"] },
    });
  const emit = async (n = 1) => {
    await emitWebhookEvent(
      db,
      Array.from({ length: n }, (_, i) =>
        contactOptedOutEvent({
          organizationId: org,
          phoneNumber: `+1415555${String(1000 + i)}`,
          reason: "Test",
          source: "manual",
          at: now,
        }),
      ),
    );
  };
  const deliveriesOf = (endpointId: string) =>
    db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
  const endpointRow = async (id: string) =>
    (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0]!;

  it("retries a failing delivery on the schedule (5 s … 24 h), records each answer, then gives up", async () => {
    const { endpoint } = await addEndpoint(
      receiver.url("/failing", { statuses: [500], body: "e".repeat(4000) }),
    );
    await emit();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({
      status: "pending",
      attempts: 0,
      eventType: "contact.opted_out",
    });
    expect(delivery!.messageId).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    expect(delivery!.payload).toMatchObject({
      type: "contact.opted_out",
      timestamp: now.toISOString(),
    });

    const started = now.getTime();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      queued.length = 0;
      const result = await attemptDelivery(deps, { deliveryId: delivery!.id, attempt });
      const [row] = await deliveriesOf(endpoint.id);
      expect(row!.attempts).toBe(attempt + 1);
      expect(row!.responseStatus).toBe(500);
      expect(row!.responseBody).toBe("e".repeat(1024));
      expect(row!.lastAttemptAt).toEqual(now);
      if (attempt + 1 < MAX_ATTEMPTS) {
        expect(result).toBe("retrying");
        const delay = RETRY_DELAYS_SECONDS[attempt]! * 1000;
        expect(row!.status).toBe("pending");
        expect(row!.nextAttemptAt!.getTime() - now.getTime()).toBe(delay);
        // The next attempt is queued for then.
        expect(queued).toEqual([
          { deliveryId: delivery!.id, attempt: attempt + 1, startAfter: row!.nextAttemptAt },
        ]);
        // A stale or repeated job does nothing (and sends nothing).
        const sent = receiver.at("/failing").length;
        expect(await attemptDelivery(deps, { deliveryId: delivery!.id, attempt })).toBe("skipped");
        expect(receiver.at("/failing")).toHaveLength(sent);
        now = new Date(now.getTime() + delay);
      } else {
        expect(result).toBe("failed");
        expect(row!.status).toBe("failed");
        expect(row!.nextAttemptAt).toBeNull();
        expect(queued).toEqual([]);
      }
    }
    expect(receiver.at("/failing")).toHaveLength(MAX_ATTEMPTS);
    // About 3 days from the first attempt to the last.
    const span = (now.getTime() - started) / 86_400_000;
    expect(span).toBeGreaterThan(3);
    expect(span).toBeLessThan(3.3);
    // Not yet 5 days of failures: still enabled, failing since the first one.
    const row = await endpointRow(endpoint.id);
    expect(row.enabled).toBe(true);
    expect(row.failingSince).toEqual(new Date(started));
  });

  it("counts a success as the end of a run of failures", async () => {
    const { endpoint } = await addEndpoint(receiver.url("/flaky", { statuses: [503, 200] }));
    await emit();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(await attemptDelivery(deps, { deliveryId: delivery!.id, attempt: 0 })).toBe("retrying");
    expect((await endpointRow(endpoint.id)).failingSince).toEqual(now);
    now = new Date(now.getTime() + 5000);
    expect(await attemptDelivery(deps, { deliveryId: delivery!.id, attempt: 1 })).toBe("succeeded");
    const [row] = await deliveriesOf(endpoint.id);
    expect(row).toMatchObject({
      status: "succeeded",
      attempts: 2,
      responseStatus: 200,
      responseBody: "ok",
      error: null,
    });
    expect((await endpointRow(endpoint.id)).failingSince).toBeNull();
  });

  it("records a network error or a timeout, without a response", async () => {
    const refused = await addEndpoint("http://127.0.0.1:9/refused");
    const slow = await addEndpoint(receiver.url("/slow", "hang"));
    await emit();
    const [a] = await deliveriesOf(refused.endpoint.id);
    const [b] = await deliveriesOf(slow.endpoint.id);
    await attemptDelivery(deps, { deliveryId: a!.id, attempt: 0 });
    await attemptDelivery({ ...deps, timeoutMs: 300 }, { deliveryId: b!.id, attempt: 0 });
    expect((await deliveriesOf(refused.endpoint.id))[0]).toMatchObject({
      status: "pending",
      responseStatus: null,
      error: "Connection refused",
    });
    expect((await deliveriesOf(slow.endpoint.id))[0]).toMatchObject({
      status: "pending",
      responseStatus: null,
      error: "Timed out after 300 ms",
    });
    // Out of the way of the next tests.
    for (const id of [refused.endpoint.id, slow.endpoint.id]) {
      await team.owner.client.json(`${base}/${id}`, { method: "DELETE" });
    }
  });

  it("disables an endpoint after 5 days of failures, cancels what waits, and emails the owners", async () => {
    const url = receiver.url("/down", { statuses: [502] });
    const { endpoint } = await addEndpoint(url);
    const start = now.getTime();
    // One event a day, each failing its first attempt: failing since day 0.
    for (let day = 0; day < 5; day += 1) {
      now = new Date(start + day * 86_400_000);
      await emit();
      const pending = (await deliveriesOf(endpoint.id)).filter((d) => d.attempts === 0);
      for (const d of pending) {
        expect(await attemptDelivery(deps, { deliveryId: d.id, attempt: 0 })).toBe("retrying");
      }
    }
    expect((await endpointRow(endpoint.id)).enabled).toBe(true);
    const disabledSubject = /^Webhook endpoint disabled/;
    expect(String((await latestOutboxMessage(db, "email", team.owner.email))?.subject)).not.toMatch(
      disabledSubject,
    );

    // Five days after the first failure, another failure: disabled.
    now = new Date(start + 5 * 86_400_000);
    await emit();
    const fresh = (await deliveriesOf(endpoint.id)).find((d) => d.attempts === 0)!;
    expect(await attemptDelivery(deps, { deliveryId: fresh.id, attempt: 0 })).toBe("canceled");
    const row = await endpointRow(endpoint.id);
    expect(row).toMatchObject({ enabled: false, disabledReason: DISABLED_AFTER_FAILURES });
    expect(row.disabledAt).toEqual(now);
    // Nothing waits for it any more.
    expect((await deliveriesOf(endpoint.id)).filter((d) => d.status === "pending")).toEqual([]);
    // Each owner is told, once; admins and members are not emailed.
    const email = await latestOutboxMessage(db, "email", team.owner.email);
    expect(email?.subject).toBe(`Webhook endpoint disabled: ${url}`);
    expect(email?.body).toContain("5 days");
    expect(email?.body).toContain(`${app.url}/admin/settings/webhooks`);
    expect(String((await latestOutboxMessage(db, "email", team.admin.email))?.subject)).not.toMatch(
      disabledSubject,
    );
    // The page shows why; new events are not stored for it.
    const listed = await team.owner.client.json<WebhookEndpoint[]>(base);
    expect(listed.find((e) => e.id === endpoint.id)).toMatchObject({
      enabled: false,
      disabledReason: DISABLED_AFTER_FAILURES,
    });
    const before = (await deliveriesOf(endpoint.id)).length;
    await emit();
    expect(await deliveriesOf(endpoint.id)).toHaveLength(before);
    // Enabled again by an admin: a fresh start.
    const enabled = await team.admin.client.json<WebhookEndpoint>(`${base}/${endpoint.id}`, {
      method: "PATCH",
      json: { enabled: true },
    });
    expect(enabled).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
    await team.owner.client.json(`${base}/${endpoint.id}`, { method: "DELETE" });
  });

  it("hands due deliveries to the queue once per lease, and again if their job was lost", async () => {
    const { endpoint } = await addEndpoint(receiver.url("/dispatch"));
    await emit(3);
    const ids = (await deliveriesOf(endpoint.id)).map((d) => d.id).sort();
    queued.length = 0;
    expect(await dispatchDueDeliveries(deps)).toBeGreaterThanOrEqual(3);
    expect(
      queued
        .filter((j) => ids.includes(j.deliveryId))
        .map((j) => j.deliveryId)
        .sort(),
    ).toEqual(ids);
    // Leased: not handed over again while the jobs may still run.
    queued.length = 0;
    await dispatchDueDeliveries(deps);
    expect(queued.filter((j) => ids.includes(j.deliveryId))).toEqual([]);
    // The jobs never ran (lost): after the lease, the sweeper hands them over again.
    now = new Date(now.getTime() + LEASE_MS + 1000);
    await dispatchDueDeliveries(deps);
    expect(queued.filter((j) => ids.includes(j.deliveryId)).map((j) => j.attempt)).toEqual([
      0, 0, 0,
    ]);
    for (const id of ids) {
      expect(await attemptDelivery(deps, { deliveryId: id, attempt: 0 })).toBe("succeeded");
    }
    expect(receiver.at("/dispatch")).toHaveLength(3);
  });

  it("refuses loopback, private, link-local and IPv6 loopback addresses when the SSRF guard is on", async () => {
    const target = receiver.url("/guarded");
    const post = (url: string, guarded: boolean) =>
      guardedPost(guarded ? publicOnly : loopbackAllowed, {
        url,
        headers: { "content-type": "application/json" },
        body: "{}",
        timeoutMs: 2000,
        maxResponseBytes: 1024,
      });
    // With loopback allowed by the operator: the local receiver answers.
    expect(await post(target, false)).toMatchObject({ ok: true, status: 200 });
    expect(receiver.at("/guarded")).toHaveLength(1);
    for (const url of [
      target,
      `http://localhost:${receiver.port}/guarded`,
      "http://10.0.0.1/hook",
      "http://169.254.169.254/latest/meta-data/",
      `http://[::1]:${receiver.port}/guarded`,
      `http://[::ffff:127.0.0.1]:${receiver.port}/guarded`,
      "http://0.0.0.0/hook",
    ]) {
      const result = await post(url, true);
      expect(result.ok, url).toBe(false);
      expect(result.ok ? "" : result.error, url).toMatch(/^Refused: .*not a public address$/);
    }
    // A name that resolves to loopback is refused when it is resolved, at connect time.
    const named = await post(`http://localhost:${receiver.port}/guarded`, true);
    expect(named.ok ? "" : named.error).toMatch(
      /^Refused: localhost resolves to (127\.0\.0\.1|::1)/,
    );
    expect(receiver.at("/guarded")).toHaveLength(1);

    // Through a delivery: the attempt fails with the reason, and nothing reaches the receiver.
    const { endpoint } = await addEndpoint(target);
    await emit();
    const [delivery] = await deliveriesOf(endpoint.id);
    await attemptDelivery(
      { ...deps, outbound: publicOnly },
      { deliveryId: delivery!.id, attempt: 0 },
    );
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({
      status: "pending",
      responseStatus: null,
      error: "Refused: 127.0.0.1 is not a public address",
    });
    expect(receiver.at("/guarded")).toHaveLength(1);
    await team.owner.client.json(`${base}/${endpoint.id}`, { method: "DELETE" });
  });

  it("in production refuses http:// and private hosts when an endpoint is added", async () => {
    const production = {
      outbound: createOutboundClient({ requireHttps: true, allowedNetworks: [] }),
    };
    expect(() => checkEndpointUrl(production, "http://example.com/hook")).toThrow(/https:\/\//);
    for (const url of [
      "https://localhost/hook",
      "https://127.0.0.1/hook",
      "https://10.1.2.3/hook",
      "https://[::1]/hook",
      "https://169.254.169.254/hook",
    ]) {
      expect(() => checkEndpointUrl(production, url), url).toThrow(/public address/);
    }
    expect(() => checkEndpointUrl(production, "https://hooks.example.com/ringback")).not.toThrow();
    // Outside production, http is fine; a private receiver only where the operator allows its
    // network (OUTBOUND_ALLOWED_NETWORKS), never by default.
    expect(() =>
      checkEndpointUrl({ outbound: publicOnly }, "http://hooks.example.com/hook"),
    ).not.toThrow();
    expect(() => checkEndpointUrl({ outbound: publicOnly }, "http://127.0.0.1:8080/hook")).toThrow(
      /public address/,
    );
    expect(() =>
      checkEndpointUrl({ outbound: loopbackAllowed }, "http://127.0.0.1:8080/hook"),
    ).not.toThrow();
    expect(() =>
      checkEndpointUrl({ outbound: loopbackAllowed }, "http://localhost:8080/hook"),
    ).not.toThrow();
  });
});
