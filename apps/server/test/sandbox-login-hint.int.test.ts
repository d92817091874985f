import type { Assistant } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { signIn, signUp, type TestClient } from "./auth-client.ts";
import { startTestRingback } from "./harness.ts";

/**
 * The sandbox's consent page cannot see Ringback's session, so Connect tells it who
 * is connecting (`login_hint`) and its Account box is filled in.
 */
describe("the sandbox consent page knows who is connecting", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;

  async function authorizeUrl(client: TestClient, organizationId: string): Promise<URL> {
    const { id } = await client.json<Assistant>(`/api/organizations/${organizationId}/assistants`, {
      method: "POST",
      json: { provider: "typeform" },
    });
    const { url } = await client.json<{ url: string }>(
      `/api/organizations/${organizationId}/form-connections/typeform/authorize`,
      { method: "POST", json: { assistantId: id } },
    );
    return new URL(url);
  }

  it("pre-fills the account with the user's email", async () => {
    const email = `hinted-${Date.now()}@example.com`;
    const { client, organization } = await signUp(app.url, db, { email });
    const url = await authorizeUrl(client, organization.id);
    expect(url.searchParams.get("login_hint")).toBe(email);
    const html = await (await fetch(url)).text();
    expect(html).toMatch(
      new RegExp(`<input type="text" id="account" name="account" value="${email}"`),
    );
  });

  it("leaves it empty for someone signed in by phone only, until they give an email", async () => {
    const { client } = await signIn(app.url, db);
    const organization = await client.json<{ id: string }>("/api/organizations", {
      method: "POST",
      json: { name: "Phone Only" },
    });
    const url = await authorizeUrl(client, organization.id);
    expect(url.searchParams.has("login_hint")).toBe(false);
    const html = await (await fetch(url)).text();
    expect(html).toContain('<input type="text" id="account" name="account" value=""');

    await client.json("/api/account", {
      method: "PATCH",
      json: { fullName: "Pat Phone", email: `pat-${Date.now()}@example.com` },
    });
    const named = await authorizeUrl(client, organization.id);
    expect(named.searchParams.get("login_hint")).toMatch(/^pat-\d+@example\.com$/);
  });
});
