import { createHmac } from "node:crypto";
import type { Organization, Session } from "@ringback/contracts";
import type { Database } from "../src/db/database.ts";
import { latestOutboxMessage } from "../src/http/routes/dev-outbox.routes.ts";

let phoneCounter = 0;
/** A valid, unused US number per call (area code 415; exchanges start with 2-9). */
export function uniquePhone(): string {
  phoneCounter += 1;
  const n = ((process.pid * 1000 + phoneCounter) % 8_000_000) + 2_000_000;
  return `+1415${n}`;
}

/** A browser-like HTTP client: keeps cookies, sends our Origin, adds the bearer token. */
export class TestClient {
  readonly baseUrl: string;
  private cookies = new Map<string, string>();
  accessToken: string | null = null;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** The same browser (its cookies) pointed at another server, e.g. after a restart. */
  pointedAt(baseUrl: string): TestClient {
    const moved = new TestClient(baseUrl);
    moved.cookies = new Map(this.cookies);
    return moved;
  }

  async request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("origin", this.baseUrl);
    if (this.cookies.size > 0) {
      headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    }
    if (this.accessToken && !headers.has("authorization")) {
      headers.set("authorization", `Bearer ${this.accessToken}`);
    }
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const response = await fetch(this.baseUrl + path, { ...init, headers, body });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (value === "" || /max-age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  async json<T = unknown>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
    const response = await this.request(path, init);
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${init.method ?? "GET"} ${path} → ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Sets a cookie as the web app's own script would (document.cookie). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, encodeURIComponent(value));
  }

  /** A cookie's value as the server set it (URL-decoded), or undefined. */
  cookie(name: string): string | undefined {
    const value = this.cookies.get(name);
    return value === undefined ? undefined : decodeURIComponent(value);
  }

  /**
   * The value inside one of better-auth's signed cookies (`<value>.<signature>`), e.g. the
   * session token in `better-auth.session_token`.
   */
  signedCookieValue(name: string): string | undefined {
    const value = this.cookie(name);
    return value?.slice(0, value.lastIndexOf("."));
  }

  /** Sets a cookie signed the way better-auth signs its cookies (HMAC-SHA256 with the secret). */
  setSignedCookie(name: string, value: string, secret: string): void {
    const signature = createHmac("sha256", secret).update(value).digest("base64");
    this.cookies.set(name, encodeURIComponent(`${value}.${signature}`));
  }

  sendCode(phone: string, headers?: Record<string, string>) {
    return this.request("/api/auth/phone-number/send-otp", {
      method: "POST",
      headers,
      json: { phoneNumber: phone },
    });
  }

  verifyCode(phone: string, code: string, headers?: Record<string, string>) {
    return this.request("/api/auth/phone-number/verify", {
      method: "POST",
      headers,
      json: { phoneNumber: phone, code },
    });
  }

  /** GET /api/session and keep its access token. */
  async refreshSession(): Promise<Session> {
    const session = await this.json<Session | null>("/api/session");
    if (!session) throw new Error("GET /api/session: not signed in");
    this.accessToken = session.access_token;
    return session;
  }
}

export async function latestCode(db: Database, phone: string): Promise<string> {
  const message = await latestOutboxMessage(db, "sms", phone);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code was sent to ${phone}`);
  return code;
}

/** Signs in by phone code (creating the user on first sign-in) and returns a ready client. */
export async function signIn(baseUrl: string, db: Database, phone = uniquePhone()) {
  const client = new TestClient(baseUrl);
  const sent = await client.sendCode(phone);
  if (!sent.ok) throw new Error(`send-otp → ${sent.status} ${await sent.text()}`);
  const verified = await client.verifyCode(phone, await latestCode(db, phone));
  if (!verified.ok) throw new Error(`verify → ${verified.status} ${await verified.text()}`);
  await client.refreshSession();
  return { client, phone };
}

/** The whole sign-up: code, then name, email and organization. */
export async function signUp(
  baseUrl: string,
  db: Database,
  input: { fullName?: string; email?: string; organizationName?: string } = {},
) {
  const phone = uniquePhone();
  const { client } = await signIn(baseUrl, db, phone);
  const { organization } = await client.json<{ organization: Organization }>(
    "/api/account/complete-signup",
    {
      method: "POST",
      json: {
        fullName: input.fullName ?? "Test Owner",
        email: input.email ?? `owner-${phone.slice(1)}@example.com`,
        organizationName: input.organizationName ?? "Acme Leads",
      },
    },
  );
  return { client, phone, organization };
}
