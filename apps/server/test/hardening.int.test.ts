import { Agent, request as httpRequest } from "node:http";
import type { Assistant, FormListItem } from "@ringback/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { connectTypeform } from "./form-connection-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";

/** One request on a keep-alive agent; resolves with the status, the headers and the body. */
function send(
  agent: Agent,
  url: string,
  options: { method?: string; body?: Buffer | string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: options.method ?? "GET", agent, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

describe("hardening: bad input gets a clear 4xx, never a 5xx or a broken connection", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;
  const team = await createTeam(app.url, db);
  const org = team.organization.id;
  const owner = team.owner.client;
  const base = `/api/organizations/${org}`;
  const { assistantId } = await connectTypeform(owner, org);

  it("answers 413 to a body over the limit and the client's next request still works", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    afterAll(() => agent.destroy());
    const big = Buffer.alloc(2 * 1024 * 1024, "a");
    for (const chunked of [false, true]) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (chunked) headers["transfer-encoding"] = "chunked";
      else headers["content-length"] = String(big.length);
      const tooLarge = await send(agent, `${app.url}/api/webhooks/typeform/${assistantId}`, {
        method: "POST",
        body: big,
        headers,
      });
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.body).error.code).toBe("payload_too_large");
      // The same agent (the same connection, or a new one if the server closed it cleanly).
      const next = await send(agent, `${app.url}/api/health`);
      expect(next.status).toBe(200);
    }
  });

  it("refuses a time zone that is not an IANA zone, and keeps the saved one", async () => {
    const settings = {
      maxAttempts: 3,
      retryDelayMinutes: 10,
      callingWindowStart: "09:00",
      callingWindowEnd: "20:00",
      voicemailAction: "hang_up",
      voicemailMessage: null,
    };
    const path = `${base}/assistants/${assistantId}/settings`;
    for (const zone of ["Mars/Olympus", "", "+05:00", "America/Nowhere"]) {
      const response = await owner.request(path, {
        method: "PUT",
        json: { ...settings, defaultTimeZone: zone },
      });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe("validation_failed");
    }
    const saved = await owner.json<Assistant>(path, {
      method: "PUT",
      json: { ...settings, defaultTimeZone: "Europe/Berlin" },
    });
    expect(saved.call_settings.defaultTimeZone).toBe("Europe/Berlin");
  });

  it("answers 404 'Form not found' for a form the provider does not know", async () => {
    for (const formId of ["nosuchform", "%00", "a%2Fb", "x".repeat(300)]) {
      const fields = await owner.request(
        `${base}/form-connections/typeform/forms/${formId}/fields`,
      );
      expect(fields.status, formId).toBeLessThan(500);
      if (formId === "nosuchform") {
        expect(fields.status).toBe(404);
        expect((await errorOf(fields)).message).toBe("Form not found");
      }
    }
    const select = await owner.request(`${base}/assistants/${assistantId}/form`, {
      method: "PUT",
      json: { formId: "nosuchform" },
    });
    expect(select.status).toBe(404);
    expect((await errorOf(select)).message).toBe("Form not found");
  });

  it("validates ids in paths and queries before they reach SQL", async () => {
    const forms = await owner.request(`${base}/form-connections/typeform/forms?assistantId=abc`);
    expect(forms.status).toBe(400);
    const ok = await owner.json<FormListItem[]>(
      `${base}/form-connections/typeform/forms?assistantId=${assistantId}`,
    );
    expect(ok.length).toBeGreaterThan(0);
    for (const path of [
      "/api/organizations/%00",
      `/api/organizations/${org}%00/assistants`,
      `${base}/members/%00`,
      `${base}/invitations/%00`,
      `${base}/call-records?search=%00`,
      `${base}/call-records?search=a%00b`,
      `${base}/assistants/%00`,
      `${base}/call-records/%00`,
      "/api/invitations/%00",
      `${base}/call-records?search=%E0%A4%A`,
      "/sandbox/typeform/api/forms/%00",
      "/sandbox/typeform/to/%00",
    ]) {
      for (const method of ["GET", "DELETE"]) {
        const response = await owner.request(path, { method });
        expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${method} ${path}`).toBeLessThan(500);
      }
    }
  });

  it("refuses NUL inside text fields with 400 and stores nothing", async () => {
    const cases: [string, string, unknown][] = [
      ["PATCH", base, { name: "Acme\u0000Leads" }],
      ["PATCH", `${base}/assistants/${assistantId}/name`, { name: "Caller\u0000" }],
      ["PUT", `${base}/assistants/${assistantId}/script`, { script: "Hi {name}\u0000" }],
      ["POST", "/api/organizations", { name: "New\u0000Org" }],
      ["POST", `${base}/invitations`, { email: "a\u0000@example.com", role: "member" }],
      ["PATCH", "/api/account", { fullName: "Sam\u0000" }],
    ];
    for (const [method, path, json] of cases) {
      const response = await owner.request(path, { method, json });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect((await errorOf(response)).message).toMatch(/NUL/);
    }
    const assistant = await owner.json<Assistant>(`${base}/assistants/${assistantId}`);
    expect(assistant.name ?? "").not.toContain("\u0000");
  });
});
