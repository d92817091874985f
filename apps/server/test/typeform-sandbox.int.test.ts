import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  sandboxTypeformAccounts,
  sandboxTypeformForms,
  sandboxTypeformTokens,
  sandboxTypeformWebhooks,
} from "../src/db/schema/index.ts";
import { type FormFields, FormSourceError } from "../src/providers/forms/form-source.ts";
import {
  sandboxTypeformCredentials,
  sandboxTypeformUrls,
} from "../src/providers/forms/typeform/sandbox/index.ts";
import { parseTypeformDelivery } from "../src/providers/forms/typeform/typeform-delivery.ts";
import { verifyTypeformSignature } from "../src/providers/forms/typeform/typeform-signature.ts";
import { createTypeformSource } from "../src/providers/forms/typeform/typeform-source.ts";
import { startTestRingback } from "./harness.ts";
import { startReceiver, waitFor } from "./webhook-receiver.ts";

describe("Typeform sandbox, driven by the real Typeform adapter", async () => {
  const ringback = await startTestRingback();
  const { db } = ringback.database;
  const base = ringback.config.publicUrl;
  const credentials = sandboxTypeformCredentials(ringback.config.secretKey);
  const urls = sandboxTypeformUrls(base);
  const provider = createTypeformSource({
    ...credentials,
    ...urls,
    sandbox: true,
    minIntervalMs: 0,
    pageSize: 2,
  });
  const redirectUri = `${base}/api/form-connections/typeform/callback`;
  const receiver = await startReceiver();

  /** The consent page's form, posted as a browser would (redirects not followed). */
  function consent(fields: Record<string, string>, authorizeUrl?: string) {
    const url = new URL(
      authorizeUrl ?? provider.oauth.authorizationUrl({ state: "st", redirectUri }),
    );
    const body = new URLSearchParams({
      client_id: url.searchParams.get("client_id") ?? "",
      redirect_uri: url.searchParams.get("redirect_uri") ?? "",
      scope: url.searchParams.get("scope") ?? "",
      state: url.searchParams.get("state") ?? "",
      ...fields,
    });
    return fetch(`${url.origin}${url.pathname}`, { method: "POST", body, redirect: "manual" });
  }

  async function connect(account: string) {
    const response = await consent({ account, decision: "allow" });
    expect(response.status).toBe(302);
    const code = new URL(response.headers.get("location")!).searchParams.get("code")!;
    return provider.oauth.exchangeCode({ code, redirectUri });
  }

  const api = (token: string, path: string, init: RequestInit = {}) =>
    fetch(`${urls.apiUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...init.headers },
    });

  async function formsByTitle(token: string) {
    const forms = await provider.forms.list(token);
    return new Map(forms.map((f) => [f.title, f]));
  }

  /** GET the public page (to read its landing time), then POST the answers as a browser would. */
  async function submit(displayUrl: string, answers: [string, string][], query = "") {
    const page = await fetch(`${displayUrl}${query}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const landedAt = /name="_landed_at" value="([^"]+)"/.exec(html)?.[1] ?? "";
    const body = new URLSearchParams([["_landed_at", landedAt], ...answers]);
    return fetch(`${displayUrl}${query}`, { method: "POST", body });
  }

  const id = (fields: FormFields, ref: string) => {
    const field = fields.all.find((f) => f.ref === ref);
    if (!field) throw new Error(`No field ${ref}`);
    return field.id;
  };

  /**
   * Waits until the delivery job of the form's webhook has settled — completed or failed, after
   * which pg-boss makes no further attempt — or until the receiver at `path` got more than `most`
   * deliveries, which would already be too many; then returns the job and what was received.
   * The wait is bounded well beyond the sandbox's first retry delays (about 2 and 4 s).
   */
  async function settledDelivery(formId: string, path: string, most: number) {
    const [webhook] = await db
      .select({ id: sandboxTypeformWebhooks.id })
      .from(sandboxTypeformWebhooks)
      .where(
        and(
          eq(sandboxTypeformWebhooks.formId, formId),
          eq(sandboxTypeformWebhooks.tag, "ringback"),
        ),
      );
    const jobs = () =>
      db
        .execute<{ state: string; retry_count: number }>(sql`
          select state, retry_count from pgboss.job
          where name = 'sandbox.typeform.deliver' and data->>'webhookId' = ${webhook!.id}`)
        .then((result) => result.rows);
    await waitFor(async () => {
      if (receiver.at(path).length > most) return true;
      const rows = await jobs();
      return rows.length > 0 && rows.every((r) => r.state === "completed" || r.state === "failed");
    }, 45_000);
    return { jobs: await jobs(), received: receiver.at(path) };
  }

  it("shows a consent page with the scopes, Allow and Deny, and the login hint", async () => {
    const url = `${provider.oauth.authorizationUrl({ state: "s1", redirectUri })}&login_hint=${encodeURIComponent("Ada & co")}`;
    expect(url.startsWith(`${base}/sandbox/typeform/api/oauth/authorize?`)).toBe(true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("Typeform sandbox");
    expect(html).toMatch(/<button[^>]*value="allow"[^>]*>Allow<\/button>/);
    expect(html).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
    expect(html).toContain('<label class="field-label" for="account">Account</label>');
    expect(html).toContain('value="Ada &amp; co"');
    for (const scope of ["offline", "accounts:read", "forms:read", "webhooks:write"]) {
      expect(html).toContain(`<code>${scope}</code>`);
    }
    expect(html).not.toMatch(/<script/i);

    // Without a hint the account box starts empty.
    const plain = await (
      await fetch(provider.oauth.authorizationUrl({ state: "s", redirectUri }))
    ).text();
    expect(plain).toMatch(/id="account" name="account" value=""/);
  });

  it("shows an error page for an unknown client or a foreign redirect_uri", async () => {
    const good = new URL(provider.oauth.authorizationUrl({ state: "s", redirectUri }));
    const badClient = new URL(good);
    badClient.searchParams.set("client_id", "someone-else");
    const badClientResponse = await fetch(badClient);
    expect(badClientResponse.status).toBe(400);
    expect(await badClientResponse.text()).toContain("someone-else");

    const foreign = new URL(good);
    foreign.searchParams.set("redirect_uri", "https://evil.example/callback");
    expect((await fetch(foreign)).status).toBe(400);
    // The POST checks again: no code is ever sent to a foreign redirect_uri.
    const post = await consent({ account: "mallory", decision: "allow" }, foreign.toString());
    expect(post.status).toBe(400);
    expect(post.headers.get("location")).toBeNull();
  });

  it("Allow gives a single-use code for tokens; Deny returns error=access_denied", async () => {
    const allowed = await consent({ account: "alice", decision: "allow" });
    expect(allowed.status).toBe(302);
    const location = new URL(allowed.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get("state")).toBe("st");
    const code = location.searchParams.get("code")!;
    expect(code).toMatch(/^[0-9a-f]{40}$/);

    const tokens = await provider.oauth.exchangeCode({ code, redirectUri });
    expect(tokens.accessToken).toMatch(/^[0-9a-f]{40}$/);
    expect(tokens.refreshToken).toMatch(/^[0-9a-f]{40}$/);
    expect(tokens.scope).toBe(
      "offline accounts:read forms:read responses:read webhooks:read webhooks:write",
    );
    const week = Date.now() + 7 * 24 * 3600 * 1000;
    expect(Math.abs(tokens.expiresAt!.getTime() - week)).toBeLessThan(60_000);
    // Only hashes are stored.
    const stored = await db.select().from(sandboxTypeformTokens);
    expect(stored.some((t) => t.tokenHash === tokens.accessToken)).toBe(false);

    const me = await api(tokens.accessToken, "/me");
    expect(await me.json()).toMatchObject({ alias: "alice", email: "alice@example.com" });

    // The code works once.
    await expect(provider.oauth.exchangeCode({ code, redirectUri })).rejects.toMatchObject({
      status: 400,
    });

    const denied = await consent({ decision: "deny" });
    expect(denied.status).toBe(302);
    const deniedLocation = new URL(denied.headers.get("location")!);
    expect(deniedLocation.searchParams.get("error")).toBe("access_denied");
    expect(deniedLocation.searchParams.get("state")).toBe("st");
    expect(deniedLocation.searchParams.get("code")).toBeNull();

    // Allow without an account name re-shows the page with an error.
    const empty = await consent({ account: "  ", decision: "allow" });
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain("Enter an account name to continue.");
  });

  it("refuses a wrong client secret at the token endpoint", async () => {
    const wrong = createTypeformSource({
      ...credentials,
      clientSecret: "not-the-secret",
      ...urls,
      sandbox: true,
      minIntervalMs: 0,
    });
    const response = await consent({ account: "bob", decision: "allow" });
    const code = new URL(response.headers.get("location")!).searchParams.get("code")!;
    await expect(wrong.oauth.exchangeCode({ code, redirectUri })).rejects.toMatchObject({
      status: 401,
    });
  });

  it("rotates refresh tokens: the old one is refused once used", async () => {
    const first = await connect("carol");
    const second = await provider.oauth.refresh(first.refreshToken!);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect((await provider.forms.list(second.accessToken)).length).toBe(5);

    const replay = await provider.oauth.refresh(first.refreshToken!).catch((e: unknown) => e);
    expect(replay).toBeInstanceOf(FormSourceError);
    expect(replay).toMatchObject({ status: 400 });
    // The new one works (and rotates again).
    const third = await provider.oauth.refresh(second.refreshToken!);
    expect(third.refreshToken).not.toBe(second.refreshToken);
  });

  it("answers 403 AUTHENTICATION_ERROR for unknown and expired access tokens", async () => {
    const unknown = await provider.forms.list("0".repeat(40)).catch((e: unknown) => e);
    expect(unknown).toBeInstanceOf(FormSourceError);
    expect(unknown).toMatchObject({ status: 403, code: "AUTHENTICATION_ERROR" });
    expect((unknown as FormSourceError).isAuthFailure).toBe(true);

    const tokens = await connect("dave");
    const [dave] = await db
      .select()
      .from(sandboxTypeformAccounts)
      .where(eq(sandboxTypeformAccounts.login, "dave"));
    await db
      .update(sandboxTypeformTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(
        and(
          eq(sandboxTypeformTokens.kind, "access"),
          eq(sandboxTypeformTokens.accountId, dave!.id),
        ),
      );
    const expired = await api(tokens.accessToken, "/forms");
    expect(expired.status).toBe(403);
    expect(await expired.json()).toMatchObject({ code: "AUTHENTICATION_ERROR" });
    // A refresh gets a working token again.
    const renewed = await provider.oauth.refresh(tokens.refreshToken!);
    expect((await provider.forms.list(renewed.accessToken)).length).toBe(5);
  });

  it("lists forms page by page, newest first, with search and Typeform's item shape", async () => {
    const tokens = await connect("erin");
    const [account] = await db
      .select()
      .from(sandboxTypeformAccounts)
      .where(eq(sandboxTypeformAccounts.login, "erin"));
    const old = new Date("2020-01-01T00:00:00Z");
    await db.insert(sandboxTypeformForms).values(
      ["Extra one", "Extra two"].map((title, i) => ({
        id: `Xtra000${i}`,
        accountId: account!.id,
        title,
        definition: { fields: [], hidden: [] },
        createdAt: old,
        lastUpdatedAt: old,
      })),
    );

    const forms = await provider.forms.list(tokens.accessToken);
    expect(forms.map((f) => f.title)).toEqual([
      "Website enquiry",
      "Contact us",
      "Newsletter signup",
      "Product feedback",
      "Demo request",
      "Extra one",
      "Extra two",
    ]);
    expect(new Set(forms.map((f) => f.id)).size).toBe(7);
    for (const form of forms.slice(0, 5)) {
      expect(form.id).toMatch(/^[0-9A-Za-z]{8}$/);
      expect(form.displayUrl).toBe(`${base}/sandbox/typeform/to/${form.id}`);
      expect(form.editUrl).toBe(`${urls.adminUrl}/form/${form.id}/create`);
    }

    const page = await api(tokens.accessToken, "/forms?page=2&page_size=3");
    const body = (await page.json()) as {
      total_items: number;
      page_count: number;
      items: unknown[];
    };
    expect(body.total_items).toBe(7);
    expect(body.page_count).toBe(3);
    expect(body.items).toHaveLength(3);
    expect(body.items[0]).toEqual({
      id: forms[3]!.id,
      title: "Product feedback",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      last_updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      settings: { is_public: true },
      self: { href: `${urls.apiUrl}/forms/${forms[3]!.id}` },
      theme: { href: expect.stringContaining(urls.apiUrl) },
      _links: {
        display: forms[3]!.displayUrl,
        responses: `${urls.apiUrl}/forms/${forms[3]!.id}/responses`,
      },
    });
    const defaultPage = (await (await api(tokens.accessToken, "/forms")).json()) as {
      items: unknown[];
    };
    expect(defaultPage.items).toHaveLength(7);
    const search = (await (await api(tokens.accessToken, "/forms?search=EXTRA")).json()) as {
      total_items: number;
    };
    expect(search.total_items).toBe(2);
    const tooBig = await api(tokens.accessToken, "/forms?page_size=201");
    expect(tooBig.status).toBe(400);
  });

  it("reads every sample form's fields, nested ones included, for Ringback's groups", async () => {
    const tokens = await connect("frank");
    const forms = await formsByTitle(tokens.accessToken);
    const fields = async (title: string) =>
      provider.fields.read(tokens.accessToken, forms.get(title)!.id);

    const website = await fields("Website enquiry");
    expect(website.title).toBe("Website enquiry");
    expect(website.displayUrl).toBe(forms.get("Website enquiry")!.displayUrl);
    expect(website.editUrl).toBe(forms.get("Website enquiry")!.editUrl);
    expect(website.phone.map((f) => f.ref)).toEqual(["phone"]);
    expect(website.phone[0]!.defaultCountry).toBe("US");
    expect(website.checkbox.map((f) => f.type)).toEqual(["yes_no"]);
    expect(website.email.map((f) => f.ref)).toEqual(["email"]);
    expect(website.text.map((f) => f.type)).toEqual(["short_text", "long_text"]);
    for (const field of website.all) expect(field.id).toMatch(/^[0-9A-Za-z]{12}$/);
    // Its hidden field, offered for the phone, name and email after the questions.
    expect(website.hidden).toEqual([
      {
        id: "hidden:utm_source",
        title: "utm_source (hidden field)",
        type: "hidden",
        ref: "utm_source",
        contact: null,
        defaultCountry: null,
      },
    ]);

    const contact = await fields("Contact us");
    expect(contact.phone.map((f) => f.ref)).toEqual(["contact_phone_number"]);
    expect(contact.email.map((f) => f.ref)).toEqual(["contact_email"]);
    // The contact block's first + last name is one more choice, before its parts.
    expect(contact.text.map((f) => f.ref)).toEqual([
      null,
      "contact_first_name",
      "contact_last_name",
      "message",
    ]);
    expect(contact.text[0]).toMatchObject({
      id: `${contact.text[1]!.id}+${contact.text[2]!.id}`,
      title: "First name + Last name",
      contact: "full_name",
    });
    expect(contact.checkbox.map((f) => f.type)).toEqual(["legal"]);

    const newsletter = await fields("Newsletter signup");
    expect(newsletter.phone).toEqual([]);
    expect(newsletter.checkbox.map((f) => f.type)).toEqual(["legal"]);

    const feedback = await fields("Product feedback");
    expect(feedback.phone).toHaveLength(1);
    expect(feedback.checkbox).toEqual([]);

    const demo = await fields("Demo request");
    expect(demo.phone.map((f) => f.ref)).toEqual(["phone"]);
    expect(demo.text.map((f) => f.ref)).toEqual(["name", "company"]);
    expect(demo.checkbox.map((f) => f.ref)).toEqual(["call_me"]);

    // The raw definition nests them as Typeform does, each with an id.
    const raw = (await (
      await api(tokens.accessToken, `/forms/${forms.get("Contact us")!.id}`)
    ).json()) as {
      id: string;
      fields: { type: string; id: string; properties: { fields: { subfield_key: string }[] } }[];
      _links: { display: string };
    };
    expect(raw.fields[0]!.type).toBe("contact_info");
    expect(raw.fields[0]!.properties.fields.map((f) => f.subfield_key)).toEqual([
      "first_name",
      "last_name",
      "email",
      "phone_number",
    ]);
    expect(raw._links.display).toBe(forms.get("Contact us")!.displayUrl);
  });

  it("keeps each account's forms to itself", async () => {
    const grace = await connect("grace");
    const heidi = await connect("heidi");
    const graceForms = await provider.forms.list(grace.accessToken);
    const heidiForms = await provider.forms.list(heidi.accessToken);
    expect(graceForms.map((f) => f.id)).not.toContain(heidiForms[0]!.id);
    const error = await provider.fields
      .read(grace.accessToken, heidiForms[0]!.id)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, code: "FORM_NOT_FOUND" });
    const webhook = await api(grace.accessToken, `/forms/${heidiForms[0]!.id}/webhooks/x`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "https://example.com", enabled: true }),
    });
    expect(webhook.status).toBe(404);
    // The same account name (any case) comes back to the same forms.
    const again = await connect("GRACE");
    expect((await provider.forms.list(again.accessToken)).map((f) => f.id)).toEqual(
      graceForms.map((f) => f.id),
    );
  });

  it("creates, shows, lists and deletes webhooks", async () => {
    const tokens = await connect("ivan");
    const form = (await formsByTitle(tokens.accessToken)).get("Website enquiry")!;
    const { webhookId } = await provider.webhooks.put(tokens.accessToken, {
      formId: form.id,
      tag: "ringback",
      url: "https://hooks.example/typeform",
      secret: "s3cret",
    });
    expect(webhookId).toMatch(/^[0-9A-Za-z]{10}$/);

    const shown = await api(tokens.accessToken, `/forms/${form.id}/webhooks/ringback`);
    expect(shown.status).toBe(200);
    const webhook = await shown.json();
    expect(webhook).toEqual({
      id: webhookId,
      form_id: form.id,
      tag: "ringback",
      url: "https://hooks.example/typeform",
      enabled: true,
      verify_ssl: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    // The secret is kept encrypted and never echoed.
    const [row] = await db.select().from(sandboxTypeformWebhooks);
    expect(row!.secretEncrypted).not.toContain("s3cret");

    // PUT again replaces it under the same id.
    const again = await provider.webhooks.put(tokens.accessToken, {
      formId: form.id,
      tag: "ringback",
      url: "https://hooks.example/v2",
      secret: "s3cret",
    });
    expect(again.webhookId).toBe(webhookId);
    const list = (await (await api(tokens.accessToken, `/forms/${form.id}/webhooks`)).json()) as {
      items: { url: string }[];
    };
    expect(list.items.map((w) => w.url)).toEqual(["https://hooks.example/v2"]);

    // Typeform's SDK turns a webhook off and on with `enabled` alone (webhooks.toggle): the
    // webhook keeps its URL and secret. Without an existing webhook, a URL is needed.
    const toggleBody = readFileSync(
      new URL(
        "../src/providers/forms/typeform/fixtures/sdk-webhooks-toggle-body.json",
        import.meta.url,
      ),
      "utf8",
    );
    const toggle = (tag: string, body: string) =>
      api(tokens.accessToken, `/forms/${form.id}/webhooks/${tag}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body,
      });
    const off = await toggle("ringback", toggleBody);
    expect(off.status).toBe(200);
    expect(await off.json()).toMatchObject({ enabled: false, url: "https://hooks.example/v2" });
    expect(await (await toggle("ringback", '{"enabled":true}')).json()).toMatchObject({
      enabled: true,
      url: "https://hooks.example/v2",
    });
    const [kept] = await db.select().from(sandboxTypeformWebhooks);
    expect(kept!.secretEncrypted).not.toBeNull();
    expect((await toggle("nosuch", toggleBody)).status).toBe(400);

    const bad = await api(tokens.accessToken, `/forms/${form.id}/webhooks/bad`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "not a url" }),
    });
    expect(bad.status).toBe(400);

    await provider.webhooks.delete(tokens.accessToken, { formId: form.id, tag: "ringback" });
    const gone = await api(tokens.accessToken, `/forms/${form.id}/webhooks/ringback`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ code: "NOT_FOUND" });
    // Deleting again is a 404 the adapter treats as done.
    const second = await api(tokens.accessToken, `/forms/${form.id}/webhooks/ringback`, {
      method: "DELETE",
    });
    expect(second.status).toBe(404);
    await provider.webhooks.delete(tokens.accessToken, { formId: form.id, tag: "ringback" });
  });

  it("delivers a signed form_response to every enabled webhook when a form is submitted", async () => {
    const tokens = await connect("judy");
    const form = (await formsByTitle(tokens.accessToken)).get("Website enquiry")!;
    const fields = await provider.fields.read(tokens.accessToken, form.id);
    await provider.webhooks.put(tokens.accessToken, {
      formId: form.id,
      tag: "ringback",
      url: receiver.url("/judy-a"),
      secret: "judy-secret",
    });
    // A second, unsigned webhook, and a disabled one that gets nothing.
    await api(tokens.accessToken, `/forms/${form.id}/webhooks/other`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: receiver.url("/judy-b"), enabled: true }),
    });
    await api(tokens.accessToken, `/forms/${form.id}/webhooks/off`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: receiver.url("/judy-off"), enabled: false }),
    });

    const response = await submit(
      form.displayUrl!,
      [
        [id(fields, "name"), "Judy Hopps"],
        [id(fields, "email"), "judy@example.com"],
        [id(fields, "phone"), "(415) 555-0134"],
        [id(fields, "call_consent"), "yes"],
      ],
      "?utm_source=newsletter&ignored=1",
    );
    expect(response.status).toBe(200);
    const thanks = await response.text();
    expect(thanks).toContain("Thanks! Your response was submitted.");
    expect(thanks).toContain("2 webhooks");

    const [signed] = await waitFor(() => {
      const got = receiver.at("/judy-a");
      return got.length > 0 ? got : undefined;
    });
    expect(signed!.headers["content-type"]).toBe("application/json");
    const header = signed!.headers["typeform-signature"] as string;
    expect(header).toMatch(/^sha256=[A-Za-z0-9+/]+=*$/);
    expect(verifyTypeformSignature(signed!.body, header, "judy-secret")).toBe(true);
    expect(verifyTypeformSignature(signed!.body, header, "other")).toBe(false);

    const parsed = parseTypeformDelivery(signed!.body);
    expect(parsed.formId).toBe(form.id);
    expect(parsed.responseId).toMatch(/^[0-9a-f]{32}$/);
    expect(parsed.answers).toEqual({
      [id(fields, "name")]: "Judy Hopps",
      [id(fields, "email")]: "judy@example.com",
      [id(fields, "phone")]: "+14155550134",
      [id(fields, "call_consent")]: true,
    });
    expect(parsed.hidden).toEqual({ utm_source: "newsletter" });

    const payload = JSON.parse(signed!.body);
    expect(payload).toMatchObject({
      event_id: expect.stringMatching(/^[0-9A-Za-z]{10}$/),
      event_type: "form_response",
      form_response: {
        form_id: form.id,
        token: parsed.responseId,
        submitted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        landed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        definition: { id: form.id, title: "Website enquiry" },
      },
    });
    expect(payload.form_response.definition.fields.map((f: { id: string }) => f.id)).toEqual(
      fields.all.map((f) => f.id),
    );
    expect(payload.form_response.answers[2]).toEqual({
      type: "phone_number",
      phone_number: "+14155550134",
      field: { id: id(fields, "phone"), type: "phone_number", ref: "phone" },
    });
    expect(payload.form_response.answers[3]).toMatchObject({ type: "boolean", boolean: true });

    const [unsigned] = await waitFor(() => {
      const got = receiver.at("/judy-b");
      return got.length > 0 ? got : undefined;
    });
    expect(unsigned!.headers["typeform-signature"]).toBeUndefined();
    expect(unsigned!.body).toBe(signed!.body);
    expect(receiver.at("/judy-off")).toEqual([]);
  });

  it("answers contact_info parts, groups and choices with Typeform's answer types", async () => {
    const tokens = await connect("ken");
    const forms = await formsByTitle(tokens.accessToken);

    const contact = forms.get("Contact us")!;
    const contactFields = await provider.fields.read(tokens.accessToken, contact.id);
    await provider.webhooks.put(tokens.accessToken, {
      formId: contact.id,
      tag: "ringback",
      url: receiver.url("/ken-contact"),
      secret: "k",
    });
    const submitted = await submit(contact.displayUrl!, [
      [id(contactFields, "contact_first_name"), "Ken"],
      [id(contactFields, "contact_last_name"), "Adams"],
      [id(contactFields, "contact_email"), "ken@example.com"],
      [id(contactFields, "contact_phone_number"), "+44 20 7946 0958"],
      [id(contactFields, "contact_consent"), "accept"],
    ]);
    expect(submitted.status).toBe(200);
    const [delivery] = await waitFor(() => {
      const got = receiver.at("/ken-contact");
      return got.length > 0 ? got : undefined;
    });
    const answers = JSON.parse(delivery!.body).form_response.answers as {
      type: string;
      field: { type: string };
    }[];
    expect(answers.map((a) => [a.type, a.field.type])).toEqual([
      ["text", "short_text"],
      ["text", "short_text"],
      ["email", "email"],
      ["phone_number", "phone_number"],
      ["boolean", "legal"],
    ]);
    expect(parseTypeformDelivery(delivery!.body).answers).toMatchObject({
      [id(contactFields, "contact_phone_number")]: "+442079460958",
      [id(contactFields, "contact_consent")]: true,
    });

    const demo = forms.get("Demo request")!;
    const demoDefinition = (await (await api(tokens.accessToken, `/forms/${demo.id}`)).json()) as {
      fields: { ref: string; id: string; properties: { choices?: { id: string }[] } }[];
    };
    const callMe = demoDefinition.fields.find((f) => f.ref === "call_me")!;
    const demoFields = await provider.fields.read(tokens.accessToken, demo.id);
    await provider.webhooks.put(tokens.accessToken, {
      formId: demo.id,
      tag: "ringback",
      url: receiver.url("/ken-demo"),
      secret: "k",
    });
    await submit(
      demo.displayUrl!,
      [
        [id(demoFields, "name"), "Ken"],
        [id(demoFields, "phone"), "415 555 0100"],
        [callMe.id, callMe.properties.choices![0]!.id],
      ],
      "?campaign=spring",
    );
    const [demoDelivery] = await waitFor(() => {
      const got = receiver.at("/ken-demo");
      return got.length > 0 ? got : undefined;
    });
    const demoParsed = parseTypeformDelivery(demoDelivery!.body);
    expect(demoParsed.answers).toEqual({
      [id(demoFields, "name")]: "Ken",
      [id(demoFields, "phone")]: "+14155550100",
      [callMe.id]: "Yes, call me",
    });
    expect(demoParsed.hidden).toEqual({ campaign: "spring" });

    const newsletter = forms.get("Newsletter signup")!;
    const newsletterDefinition = (await (
      await api(tokens.accessToken, `/forms/${newsletter.id}`)
    ).json()) as {
      fields: { ref: string; id: string; properties: { choices?: { id: string }[] } }[];
    };
    const topics = newsletterDefinition.fields.find((f) => f.ref === "topics")!;
    const byRef = (ref: string) => newsletterDefinition.fields.find((f) => f.ref === ref)!.id;
    await provider.webhooks.put(tokens.accessToken, {
      formId: newsletter.id,
      tag: "ringback",
      url: receiver.url("/ken-news"),
      secret: "k",
    });
    await submit(newsletter.displayUrl!, [
      [byRef("first_name"), "Ken"],
      [byRef("email"), "ken@example.com"],
      [topics.id, topics.properties.choices![0]!.id],
      [topics.id, topics.properties.choices![2]!.id],
      [byRef("newsletter_consent"), "accept"],
    ]);
    const [newsDelivery] = await waitFor(() => {
      const got = receiver.at("/ken-news");
      return got.length > 0 ? got : undefined;
    });
    const topicsAnswer = JSON.parse(newsDelivery!.body).form_response.answers[2];
    expect(topicsAnswer).toMatchObject({
      type: "choices",
      choices: { labels: ["Product news", "Tips and guides"] },
    });
  });

  it("re-shows the form with the errors and sends nothing for an invalid submission", async () => {
    const tokens = await connect("leo");
    const form = (await formsByTitle(tokens.accessToken)).get("Website enquiry")!;
    const fields = await provider.fields.read(tokens.accessToken, form.id);
    await provider.webhooks.put(tokens.accessToken, {
      formId: form.id,
      tag: "ringback",
      url: receiver.url("/leo"),
      secret: "l",
    });
    const response = await submit(form.displayUrl!, [
      [id(fields, "name"), "Leo <b>"],
      [id(fields, "email"), "not-an-email"],
      [id(fields, "phone"), "12"],
    ]);
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain("Please check 3 answers");
    expect(html).toContain("Please enter a valid email address.");
    expect(html).toContain("That phone number doesn&#39;t look right.");
    expect(html).toContain("Please choose Yes or No.");
    expect(html).toContain('value="Leo &lt;b&gt;"');
    expect(html).toContain('aria-invalid="true"');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.at("/leo")).toEqual([]);
  });

  it("disables a webhook whose receiver answers 410, as Typeform does", async () => {
    const tokens = await connect("mia");
    const form = (await formsByTitle(tokens.accessToken)).get("Website enquiry")!;
    const fields = await provider.fields.read(tokens.accessToken, form.id);
    await provider.webhooks.put(tokens.accessToken, {
      formId: form.id,
      tag: "ringback",
      url: receiver.url("/mia", [410]),
      secret: "m",
    });
    await submit(form.displayUrl!, [
      [id(fields, "name"), "Mia"],
      [id(fields, "email"), "mia@example.com"],
      [id(fields, "phone"), "4155550111"],
      [id(fields, "call_consent"), "no"],
    ]);
    await waitFor(async () => {
      const response = await api(tokens.accessToken, `/forms/${form.id}/webhooks/ringback`);
      const webhook = (await response.json()) as { enabled: boolean };
      return webhook.enabled === false ? true : undefined;
    });
    // No retry followed the 410: the one job completed at its first attempt, with one delivery.
    const settled = await settledDelivery(form.id, "/mia", 1);
    expect(settled.jobs).toEqual([{ state: "completed", retry_count: 0 }]);
    expect(settled.received).toHaveLength(1);
  });

  it("retries a failed delivery with back-off and sends the same payload again", async () => {
    const tokens = await connect("nina");
    const form = (await formsByTitle(tokens.accessToken)).get("Website enquiry")!;
    const fields = await provider.fields.read(tokens.accessToken, form.id);
    await provider.webhooks.put(tokens.accessToken, {
      formId: form.id,
      tag: "ringback",
      url: receiver.url("/nina", [500, 200]),
      secret: "n",
    });
    await submit(form.displayUrl!, [
      [id(fields, "name"), "Nina"],
      [id(fields, "email"), "nina@example.com"],
      [id(fields, "phone"), "4155550112"],
      [id(fields, "call_consent"), "yes"],
    ]);
    const attempts = await waitFor(() => {
      const got = receiver.at("/nina");
      return got.length >= 2 ? got : undefined;
    });
    expect(attempts[1]!.body).toBe(attempts[0]!.body);
    expect(attempts[1]!.headers["typeform-signature"]).toBe(
      attempts[0]!.headers["typeform-signature"],
    );
    expect(
      verifyTypeformSignature(
        attempts[1]!.body,
        attempts[1]!.headers["typeform-signature"] as string,
        "n",
      ),
    ).toBe(true);
    const webhook = (await (
      await api(tokens.accessToken, `/forms/${form.id}/webhooks/ringback`)
    ).json()) as { enabled: boolean };
    expect(webhook.enabled).toBe(true);
    // The 200 ended it: the job completed after its one retry, and nothing more was sent.
    const settled = await settledDelivery(form.id, "/nina", 2);
    expect(settled.jobs).toEqual([{ state: "completed", retry_count: 1 }]);
    expect(settled.received).toHaveLength(2);
  });

  it("edits a sample form: adds and removes phone and yes/no questions", async () => {
    const tokens = await connect("olga");
    const form = (await formsByTitle(tokens.accessToken)).get("Newsletter signup")!;
    const editUrl = form.editUrl!;
    const page = await fetch(editUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Typeform sandbox");
    expect(html).toContain("Add a phone number question");
    expect(html).toContain("Add a yes/no question");
    expect(html).toContain("Add a name question");
    expect(html).not.toMatch(/<script/i);
    const before = await db
      .select({ at: sandboxTypeformForms.lastUpdatedAt })
      .from(sandboxTypeformForms)
      .where(eq(sandboxTypeformForms.id, form.id));

    const action = /<form method="post" action="([^"]+\/fields)">/.exec(html)![1]!;
    const add = (type: string) =>
      fetch(new URL(action, editUrl), {
        method: "POST",
        body: new URLSearchParams({ type }),
        redirect: "manual",
      });
    const added = await add("phone_number");
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe(
      `/sandbox/typeform/admin/form/${form.id}/create?done=added-phone_number`,
    );
    expect((await add("yes_no")).status).toBe(303);
    expect((await add("statement")).status).toBe(400);
    // A name question: what the wizard's Name Field suggests after Refresh Fields.
    expect((await add("short_text")).status).toBe(303);
    const named = await provider.fields.read(tokens.accessToken, form.id);
    expect(named.text.at(-1)).toMatchObject({ type: "short_text", title: "What's your name?" });

    const withBoth = await provider.fields.read(tokens.accessToken, form.id);
    expect(withBoth.phone).toHaveLength(1);
    expect(withBoth.checkbox.map((f) => f.type)).toEqual(["legal", "yes_no"]);
    const after = await db
      .select({ at: sandboxTypeformForms.lastUpdatedAt })
      .from(sandboxTypeformForms)
      .where(eq(sandboxTypeformForms.id, form.id));
    expect(after[0]!.at.getTime()).toBeGreaterThan(before[0]!.at.getTime());

    const edited = await (await fetch(`${editUrl}?done=added-yes_no`)).text();
    expect(edited).toContain("Yes/no question added.");
    const removeAction = new RegExp(`action="([^"]+/fields/${withBoth.phone[0]!.id}/delete)"`).exec(
      edited,
    )![1]!;
    const removed = await fetch(new URL(removeAction, editUrl), {
      method: "POST",
      redirect: "manual",
    });
    expect(removed.status).toBe(303);
    expect((await provider.fields.read(tokens.accessToken, form.id)).phone).toEqual([]);

    // Only the kinds of question this page adds can be removed here; a legal tick box cannot.
    const legalId = withBoth.checkbox[0]!.id;
    await fetch(new URL(`${action}/${legalId}/delete`, editUrl), { method: "POST" });
    expect((await provider.fields.read(tokens.accessToken, form.id)).checkbox).toHaveLength(2);

    // A phone field nested in a group can be removed too.
    const demo = (await formsByTitle(tokens.accessToken)).get("Demo request")!;
    const demoFields = await provider.fields.read(tokens.accessToken, demo.id);
    await fetch(`${urls.adminUrl}/form/${demo.id}/fields/${demoFields.phone[0]!.id}/delete`, {
      method: "POST",
    });
    const demoAfter = await provider.fields.read(tokens.accessToken, demo.id);
    expect(demoAfter.phone).toEqual([]);
    expect(demoAfter.text.map((f) => f.ref)).toEqual(["name", "company"]);
  });

  it("renders each public form page accessibly and without scripts", async () => {
    const tokens = await connect("pat");
    for (const form of await provider.forms.list(tokens.accessToken)) {
      const response = await fetch(form.displayUrl!);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain(`<h1>${form.title}</h1>`);
      expect(html).toContain("Typeform sandbox");
      expect(html).not.toMatch(/<script/i);
      // Every text-like input has a label.
      for (const match of html.matchAll(/<input type="(?:text|email|tel)" id="([^"]+)"/g)) {
        expect(html).toContain(`for="${match[1]}"`);
      }
    }
    const contact = (await formsByTitle(tokens.accessToken)).get("Contact us")!;
    const html = await (await fetch(contact.displayUrl!)).text();
    expect(html).toContain('<legend><span class="num">1→</span>How can we reach you?</legend>');
    expect(html).toContain('autocomplete="given-name"');
    expect(html).toContain(">I accept</label>");
    expect((await fetch(`${base}/sandbox/typeform/to/nosuchid`)).status).toBe(404);
    expect((await fetch(`${base}/sandbox/typeform/nowhere`)).status).toBe(404);
    const unknownApi = await fetch(`${urls.apiUrl}/nowhere`);
    expect(unknownApi.status).toBe(403);
  });
});
