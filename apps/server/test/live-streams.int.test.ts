import type {
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryPage,
} from "@ringback/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestClient } from "./auth-client.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam, inviteAndAccept } from "./organization-harness.ts";
import { startReceiver, waitFor } from "./webhook-receiver.ts";

/**
 * A live event stream ends with the right that opened it: signing out, a revoked or expired
 * session, or removal from the organization closes an open stream within seconds (the stream
 * guard re-checks every 5 s), with an `end` event saying why; the reconnect is refused.
 */
describe("live event streams end with their session and membership", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;
  const team = await createTeam(app.url, db, { label: "streams" });
  const org = team.organization.id;
  const path = `/api/organizations/${org}/events`;

  /** Opens the stream as `client`; `ended` resolves with the `end` event's reason and the time. */
  async function open(client: TestClient) {
    const controller = new AbortController();
    const response = await fetch(`${app.url}${path}`, {
      headers: { authorization: `Bearer ${client.accessToken}`, accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    const ready = (async () => {
      while (!text.includes("event: ready")) {
        const { value, done } = await reader.read();
        if (done) throw new Error("closed before ready");
        text += value;
      }
    })();
    await ready;
    const ended = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
      const match = /event: end\ndata: (\{[^\n]*\})/.exec(text);
      return {
        reason: match ? (JSON.parse(match[1]!) as { reason: string }).reason : null,
        at: Date.now(),
      };
    })().catch(() => ({ reason: "aborted", at: Date.now() }));
    return { ended, close: () => controller.abort() };
  }

  const reconnect = (client: TestClient) =>
    fetch(`${app.url}${path}`, {
      headers: { authorization: `Bearer ${client.accessToken}`, accept: "text/event-stream" },
    });

  /** Opens the stream as `client` and collects its `change` events' data as they come. */
  async function changes(client: TestClient) {
    const controller = new AbortController();
    const response = await fetch(`${app.url}${path}`, {
      headers: { authorization: `Bearer ${client.accessToken}`, accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const received: { table: string; id: string }[] = [];
    let buffer = "";
    const { promise: opened, resolve: ready } = Promise.withResolvers<void>();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        const events = buffer.split("\n\n");
        buffer = events.pop() ?? "";
        for (const event of events) {
          if (event.startsWith("event: ready")) ready();
          const data = /^event: change\ndata: (.*)$/m.exec(event)?.[1];
          if (data) received.push(JSON.parse(data) as { table: string; id: string });
        }
      }
    })().catch(() => undefined);
    await opened;
    return { received, close: () => controller.abort() };
  }

  it("announces a webhook delivery's changes to owners and admins, so the delivery log is live", async () => {
    const receiver = await startReceiver();
    const owner = await changes(team.owner.client);
    const member = await changes(team.member.client);
    const base = `/api/organizations/${org}/webhook-endpoints`;
    const { endpoint } = await team.owner.client.json<CreatedWebhookEndpoint>(base, {
      method: "POST",
      json: { url: receiver.url("/live"), events: ["call.started"] },
    });
    const events = (id: string) =>
      owner.received.filter((c) => c.table === "webhook_deliveries" && c.id === id);

    // Send test event (twice): each new delivery, then the worker's attempt and the endpoint's 200.
    const sendTest = () =>
      team.owner.client.json<WebhookDelivery>(`${base}/${endpoint.id}/test`, { method: "POST" });
    const first = await sendTest();
    const second = await sendTest();
    await waitFor(async () => {
      const log = await team.owner.client.json<WebhookDeliveryPage>(
        `${base}/${endpoint.id}/deliveries`,
      );
      return (
        log.items.length === 2 &&
        log.items.every((d) => d.status === "succeeded") &&
        events(first.id).length >= 2 &&
        events(second.id).length >= 2
      );
    }, 20_000);
    expect(receiver.at("/live")).toHaveLength(2);

    // An update of what the log shows is announced; a lease or a deferral moving next_attempt_at
    // alone is not. Notifications come in commit order, so when the second update's event has
    // come, the first one's would have too.
    owner.received.length = 0;
    await db.execute(
      sql`update webhook_deliveries set next_attempt_at = now() where id = ${first.id}`,
    );
    await db.execute(
      sql`update webhook_deliveries set status = 'failed', response_status = 500 where id = ${second.id}`,
    );
    await waitFor(() => events(second.id).length >= 1, 10_000);
    expect(owner.received).toEqual([{ table: "webhook_deliveries", id: second.id }]);

    // A member, who cannot see the Webhooks page, is not told about deliveries.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(member.received.filter((c) => c.table === "webhook_deliveries")).toEqual([]);
    owner.close();
    member.close();
  });

  it("follows a role change on an open stream: delivery news starts and stops with it", async () => {
    const changing = await inviteAndAccept(app.url, db, team.owner.client, org, {
      role: "member",
      fullName: "Role Changer",
    });
    const stream = await changes(changing.client);
    const [delivery] = (
      await db.execute<{ id: string }>(
        sql`select id from webhook_deliveries where organization_id = ${org} limit 1`,
      )
    ).rows;
    const touch = () =>
      db.execute(
        sql`update webhook_deliveries set attempts = attempts + 1 where id = ${delivery!.id}`,
      );
    const memberPath = `/api/organizations/${org}/members/${changing.memberId}`;
    await team.owner.client.json(memberPath, { method: "PATCH", json: { role: "admin" } });
    // Within the guard's interval the open stream is an admin's: deliveries reach it.
    await waitFor(async () => {
      await touch();
      return stream.received.some((c) => c.table === "webhook_deliveries") ? true : undefined;
    }, 15_000);
    await team.owner.client.json(memberPath, { method: "PATCH", json: { role: "member" } });
    await new Promise((resolve) => setTimeout(resolve, 7000));
    stream.received.length = 0;
    await touch();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.received.filter((c) => c.table === "webhook_deliveries")).toEqual([]);
    stream.close();
  });

  it("ends the stream of a removed member, a signed-out session and an expired one", async () => {
    const expiring = await inviteAndAccept(app.url, db, team.owner.client, org, {
      role: "member",
      fullName: "Soon Expired",
    });
    const removed = await open(team.member.client);
    const signedOut = await open(team.admin.client);
    const expired = await open(expiring.client);
    const staying = await open(team.owner.client);

    const started = Date.now();
    const removal = await team.owner.client.request(
      `/api/organizations/${org}/members/${team.member.memberId}`,
      {
        method: "DELETE",
      },
    );
    expect(removal.status).toBe(204);
    const signOut = await team.admin.client.request("/api/auth/sign-out", {
      method: "POST",
      json: {},
    });
    expect(signOut.status).toBe(200);
    await db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${expiring.userId}`,
    );

    const results = await Promise.all([removed.ended, signedOut.ended, expired.ended]);
    expect(results.map((r) => r.reason)).toEqual(["access", "session", "session"]);
    for (const result of results) expect(result.at - started).toBeLessThan(15_000);

    // The owner's stream is not touched by any of it.
    const stillOpen = await Promise.race([
      staying.ended.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 6000)),
    ]);
    expect(stillOpen).toBe(true);
    staying.close();

    // And none of them can open it again.
    expect((await reconnect(team.member.client)).status).toBe(404);
    expect((await reconnect(team.admin.client)).status).toBe(401);
    expect((await reconnect(expiring.client)).status).toBe(401);
  });
});
