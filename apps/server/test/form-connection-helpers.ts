import type { Assistant } from "@ringback/contracts";
import { expect } from "vitest";
import type { TestClient } from "./auth-client.ts";

/**
 * Drives the OAuth dance the way a browser would: ask Ringback where to go, answer the
 * sandbox's consent page, follow the redirect back to Ringback's callback, and return where
 * Ringback sends the browser in the end.
 */
export async function connectTypeform(
  client: TestClient,
  organizationId: string,
  options: {
    decision?: "allow" | "deny";
    account?: string;
    assistantId?: string;
    /** The browser that follows the provider's redirect back (default: the one that started). */
    callbackBrowser?: TestClient;
  } = {},
): Promise<{
  assistantId: string;
  finalUrl: URL;
  callbackUrl: URL | null;
  callback: Response | null;
}> {
  const assistantId =
    options.assistantId ??
    (
      await client.json<Assistant>(`/api/organizations/${organizationId}/assistants`, {
        method: "POST",
        json: { provider: "typeform" },
      })
    ).id;
  const { url } = await client.json<{ url: string }>(
    `/api/organizations/${organizationId}/form-connections/typeform/authorize`,
    { method: "POST", json: { assistantId } },
  );
  const authorize = new URL(url);
  if (!authorize.pathname.endsWith("/oauth/authorize")) {
    return { assistantId, finalUrl: authorize, callbackUrl: null, callback: null };
  }
  const consent = await fetch(url);
  expect(consent.status).toBe(200);
  const html = await consent.text();
  expect(html).toContain("Allow");
  const form = new URLSearchParams({
    client_id: authorize.searchParams.get("client_id") ?? "",
    redirect_uri: authorize.searchParams.get("redirect_uri") ?? "",
    scope: authorize.searchParams.get("scope") ?? "",
    state: authorize.searchParams.get("state") ?? "",
    account: options.account ?? `owner-${organizationId}@example.com`,
    decision: options.decision ?? "allow",
  });
  const decided = await fetch(authorize.toString().split("?")[0]!, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { origin: authorize.origin },
  });
  expect(decided.status).toBe(302);
  const callbackUrl = new URL(decided.headers.get("location")!, authorize);
  // The browser carries its cookies back to Ringback (the state is bound to one of them).
  const browser = options.callbackBrowser ?? client;
  const back = await browser.request(`${callbackUrl.pathname}${callbackUrl.search}`, {
    redirect: "manual",
  });
  if (back.status !== 302) {
    return { assistantId, finalUrl: callbackUrl, callbackUrl, callback: back };
  }
  return {
    assistantId,
    finalUrl: new URL(back.headers.get("location")!),
    callbackUrl,
    callback: back,
  };
}
