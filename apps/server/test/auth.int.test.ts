import { rmSync } from "node:fs";
import { apiErrorSchema, sessionSchema } from "@ringback/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startRingback } from "../src/runtime.ts";
import { latestCode, signIn, signUp, TestClient, uniquePhone } from "./auth-client.ts";
import {
  createTestDatabase,
  startTestRingback,
  tempDataDir,
  testConfig,
  testLogger,
} from "./harness.ts";

describe("phone sign-in", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;

  it("sends a 6-digit code, verifies it once, and gives a session with an access token", async () => {
    const client = new TestClient(app.url);
    const phone = uniquePhone();
    expect((await client.sendCode(phone)).status).toBe(200);
    const code = await latestCode(db, phone);
    expect(code).toMatch(/^\d{6}$/);
    expect((await client.verifyCode(phone, code)).status).toBe(200);
    const session = sessionSchema.parse(await client.refreshSession());
    expect(session.user.phone).toBe(phone);
    expect(session.expires_in).toBeGreaterThan(60);
    expect(session.expires_in).toBeLessThanOrEqual(15 * 60);

    // Single use: the same code does not sign in a second client.
    const other = new TestClient(app.url);
    const replay = await other.verifyCode(phone, code);
    expect(replay.status).toBe(400);
  });

  it("rejects a wrong code and, after 5 wrong tries, needs a new code", async () => {
    const client = new TestClient(app.url);
    const phone = uniquePhone();
    await client.sendCode(phone);
    const code = await latestCode(db, phone);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const response = await client.verifyCode(phone, wrong);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe("INVALID_OTP");
    }
    const blocked = await client.verifyCode(phone, code);
    expect(blocked.status).toBe(403);
    expect(((await blocked.json()) as { code: string }).code).toBe("TOO_MANY_ATTEMPTS");
  });

  it("refuses an expired code", async () => {
    const client = new TestClient(app.url);
    const phone = uniquePhone();
    await client.sendCode(phone);
    const code = await latestCode(db, phone);
    await db.execute(
      sql`update verifications set expires_at = now() - interval '1 second' where identifier = ${`phone-number-otp-${phone}`}`,
    );
    const response = await client.verifyCode(phone, code);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("OTP_EXPIRED");
  });

  it("has no password sign-in or reset: a phone code cannot set a password", async () => {
    const phone = uniquePhone();
    for (const path of [
      "/api/auth/sign-in/phone-number",
      "/api/auth/phone-number/request-password-reset",
      "/api/auth/phone-number/reset-password",
    ]) {
      const response = await new TestClient(app.url).request(path, {
        method: "POST",
        json: { phoneNumber: phone, password: "a long password", otp: "123456", newPassword: "x" },
      });
      expect(response.status, path).toBe(404);
    }
  });

  it("refuses numbers that are not valid phone numbers", async () => {
    const response = await new TestClient(app.url).sendCode("+1555");
    expect(response.status).toBe(400);
  });

  it("signs in the account of +44 7911 … with a code sent for 07911 … typed in GB (ADR 0024)", async () => {
    // A UK mobile number nobody else in the run uses.
    const subscriber = String(100_000 + (process.pid % 900_000));
    const e164 = `+447911${subscriber}`;
    const national = `07911 ${subscriber}`;
    const { client: first } = await signIn(app.url, db, e164);
    const account = sessionSchema.parse(await first.refreshSession()).user;
    expect(account.phone).toBe(e164);

    // Sign-up reads it the same way: the number is taken.
    const taken = await new TestClient(app.url).request("/api/signup/availability", {
      method: "POST",
      json: { email: `uk-${subscriber}@example.com`, phone: national, country: "GB" },
    });
    expect(taken.status).toBe(409);

    const client = new TestClient(app.url);
    const sent = await client.request("/api/auth/phone-number/send-otp", {
      method: "POST",
      json: { phoneNumber: national, country: "GB" },
    });
    expect(sent.status).toBe(200);
    expect(((await sent.json()) as { phoneNumber: string }).phoneNumber).toBe(e164);
    const code = await latestCode(db, e164);
    const verified = await client.request("/api/auth/phone-number/verify", {
      method: "POST",
      json: { phoneNumber: national, country: "GB", code },
    });
    expect(verified.status).toBe(200);
    const session = sessionSchema.parse(await client.refreshSession());
    expect(session.user.id).toBe(account.id);
    expect(session.user.phone).toBe(e164);
  });

  it("signs up: code, then name, email and organization with the user as owner", async () => {
    const { client, organization } = await signUp(app.url, db, {
      fullName: "Dana Scully",
      email: "dana@example.com",
      organizationName: "X Files",
    });
    expect(organization).toMatchObject({ name: "X Files", role: "owner" });
    const session = sessionSchema.parse(await client.refreshSession());
    expect(session.user).toMatchObject({
      email: "dana@example.com",
      user_metadata: { full_name: "Dana Scully" },
    });
    // The session lists the user's organizations as GET /api/organizations does: an admin page's
    // first load needs no second round trip for them.
    expect(session.organizations).toEqual([organization]);
    expect(session.organizations).toEqual(await client.json("/api/organizations"));
    const signupCheck = await new TestClient(app.url).request("/api/signup/availability", {
      method: "POST",
      json: { email: "dana@example.com", phone: uniquePhone() },
    });
    expect(signupCheck.status).toBe(409);
    expect(apiErrorSchema.parse(await signupCheck.json()).error.message).toBe(
      "An account with this email already exists.",
    );
  });

  it("logs out: the session and every access token issued for it stop working", async () => {
    const { client } = await signIn(app.url, db);
    expect((await client.request("/api/account")).status).toBe(200);
    const out = await client.request("/api/auth/sign-out", { method: "POST", json: {} });
    expect(out.status).toBe(200);
    const after = await client.request("/api/account");
    expect(after.status).toBe(401);
    expect(await (await client.request("/api/session")).json()).toBeNull();
  });

  it("publishes its signing keys and refuses tokens signed by anyone else", async () => {
    const jwks = (await (await fetch(`${app.url}/api/auth/jwks`)).json()) as {
      keys: { kid: string }[];
    };
    expect(jwks.keys.length).toBeGreaterThan(0);
    const { client } = await signIn(app.url, db);
    const [header, payload, signature] = client.accessToken!.split(".");
    // Same key id, tampered payload: the signature no longer matches.
    const tamperedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), sub: "x" }),
    ).toString("base64url");
    const bad = await client.request("/api/account", {
      headers: { authorization: `Bearer ${header}.${tamperedPayload}.${signature}` },
    });
    expect(bad.status).toBe(401);
    expect(apiErrorSchema.parse(await bad.json()).error.message).toBe("Invalid JWT signature");
    // Unknown key id.
    const otherHeader = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(header!, "base64url").toString()), kid: "nope" }),
    ).toString("base64url");
    const unknownKey = await client.request("/api/account", {
      headers: { authorization: `Bearer ${otherHeader}.${payload}.${signature}` },
    });
    expect(apiErrorSchema.parse(await unknownKey.json()).error.message).toBe(
      "No matching signing key found in JWKS",
    );
  });

  it("exchanges an access token for a session cookie (the URL-hash redirect)", async () => {
    const { client } = await signIn(app.url, db);
    const fresh = new TestClient(app.url);
    const response = await fresh.request("/api/auth/session/from-access-token", {
      method: "POST",
      json: { accessToken: client.accessToken },
    });
    expect(response.status).toBe(200);
    const session = await fresh.refreshSession();
    expect(session.user.id).toBe((await client.refreshSession()).user.id);
    const bad = await new TestClient(app.url).request("/api/auth/session/from-access-token", {
      method: "POST",
      json: { accessToken: "not-a-token" },
    });
    expect(bad.status).toBe(401);
  });
});

describe("code send limits", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_PHONE: "2", CODE_SENDS_PER_IP: "3" },
  });

  it("limits sends per phone number, then per client address, with a clear 429", async () => {
    const client = new TestClient(app.url);
    const phone = uniquePhone();
    expect((await client.sendCode(phone)).status).toBe(200);
    expect((await client.sendCode(phone)).status).toBe(200);
    const limited = await client.sendCode(phone);
    expect(limited.status).toBe(429);
    expect(apiErrorSchema.parse(await limited.json()).error.message).toMatch(
      /^Too many verification codes were requested for this phone number\. Try again in \d+ minutes?\.$/,
    );
    // A refused send is not counted against the address: two sent so far, the limit is three.
    expect((await client.sendCode(uniquePhone())).status).toBe(200);
    const perAddress = await client.sendCode(uniquePhone());
    expect(perAddress.status).toBe(429);
    expect(apiErrorSchema.parse(await perAddress.json()).error.message).toMatch(
      /^Too many verification codes were requested from your network\. Try again in \d+ minutes?\.$/,
    );
  });
});

describe("sessions across a restart", async () => {
  const database = await createTestDatabase();
  const dataDir = tempDataDir();
  const config = testConfig(database.url, dataDir);

  it("keeps the user signed in when the server restarts", async () => {
    const first = await startRingback({ config, logger: testLogger, role: "web" });
    const { client } = await signIn(first.url!, database.db);
    await first.stop();

    const second = await startRingback({ config, logger: testLogger, role: "web" });
    try {
      const moved = client.pointedAt(second.url!);
      const session = await moved.refreshSession();
      expect(session.user.phone).toMatch(/^\+1415/);
      expect((await moved.request("/api/account")).status).toBe(200);
    } finally {
      await second.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
