import { type Factor, userSchema } from "@ringback/contracts";
import { eq, sql } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { describe, expect, it } from "vitest";
import { twoFactors, users } from "../src/db/schema/index.ts";
import { latestCode, signUp, TestClient } from "./auth-client.ts";
import { startTestRingback } from "./harness.ts";

interface EnableAnswer {
  method: "totp";
  totpURI: string;
  backupCodes: string[];
}

/** The authenticator app: the TOTP described by the otpauth:// URI that enable returned. */
function authenticatorFor(totpURI: string): OTPAuth.TOTP {
  const otp = OTPAuth.URI.parse(totpURI);
  if (!(otp instanceof OTPAuth.TOTP)) throw new Error(`Not a TOTP URI: ${totpURI}`);
  return otp;
}

/** A 6-digit code that is not valid in the window the server accepts (one step either side). */
function wrongCode(totp: OTPAuth.TOTP): string {
  const now = Date.now();
  const valid = new Set(
    [-1, 0, 1].map((step) => totp.generate({ timestamp: now + step * 30_000 })),
  );
  for (let candidate = 0; ; candidate += 111_111) {
    const code = String(candidate % 1_000_000).padStart(6, "0");
    if (!valid.has(code)) return code;
  }
}

/**
 * Whether the client's cookies hold a session. GET /api/session answers 401 or `null` when
 * signed out (the route is moving from the first to the second); both mean "no session".
 */
async function hasSession(client: TestClient): Promise<boolean> {
  const response = await client.request("/api/session");
  if (response.status === 401) return false;
  expect(response.status).toBe(200);
  return (await response.json()) !== null;
}

async function signInByPhone(
  client: TestClient,
  db: Parameters<typeof latestCode>[0],
  phone: string,
) {
  const sent = await client.sendCode(phone);
  expect(sent.status).toBe(200);
  return client.verifyCode(phone, await latestCode(db, phone));
}

describe("two-factor authentication (TOTP)", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;

  it("enrols an authenticator, challenges sign-in with it, and can be removed", async () => {
    const { client, phone } = await signUp(app.url, db, { fullName: "Fox Mulder" });
    const before = userSchema.parse(await client.json("/api/account"));
    expect(before.factors).toEqual([]);

    // Enrol: enable gives the secret (as an otpauth:// URI) and backup codes …
    const enabled = await client.json<EnableAnswer>("/api/auth/two-factor/enable", {
      method: "POST",
      json: {},
    });
    expect(enabled.method).toBe("totp");
    expect(enabled.totpURI).toMatch(/^otpauth:\/\/totp\/Ringback:/);
    expect(enabled.backupCodes.length).toBeGreaterThan(0);
    const totp = authenticatorFor(enabled.totpURI);
    expect(totp.issuer).toBe("Ringback");
    expect(totp.digits).toBe(6);
    expect(totp.period).toBe(30);

    // … but nothing is listed, nor demanded at sign-in, until a code proves the app works.
    expect(userSchema.parse(await client.json("/api/account")).factors).toEqual([]);
    const [pending] = await db.select().from(twoFactors);
    expect(pending?.verified).toBe(false);

    const refused = await client.request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      json: { code: wrongCode(totp) },
    });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe("INVALID_CODE");

    const confirmed = await client.request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      json: { code: totp.generate() },
    });
    expect(confirmed.status).toBe(200);
    // Enrolment replaced the session (better-auth rotates it): take the new one's token.
    await client.refreshSession();
    const account = userSchema.parse(await client.json("/api/account"));
    expect(account.factors).toEqual<Factor[]>([
      {
        id: expect.any(String),
        factor_type: "totp",
        status: "verified",
        friendly_name: "Authenticator app",
        issuer: "Ringback",
      },
    ]);
    expect((await client.refreshSession()).user.factors).toHaveLength(1);
    const [user] = await db
      .select({ twoFactorEnabled: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.phoneNumber, phone));
    expect(user?.twoFactorEnabled).toBe(true);

    // Sign out, then sign in again by phone code: the answer is the two-factor challenge.
    expect((await client.request("/api/auth/sign-out", { method: "POST", json: {} })).status).toBe(
      200,
    );
    const browser = new TestClient(app.url);
    const verified = await signInByPhone(browser, db, phone);
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(await hasSession(browser)).toBe(false);

    // The challenge's key (in the signed cookie) is stored only as a hash (ADR 0011).
    const challengeKey = browser.signedCookieValue("better-auth.two_factor");
    expect(challengeKey).toMatch(/^2fa-[\w-]+$/);
    const stored = await db.execute<{ row: string }>(
      sql`select identifier || ' ' || value as row from verifications`,
    );
    expect(stored.rows.length).toBeGreaterThan(0);
    for (const { row } of stored.rows) expect(row).not.toContain(challengeKey);

    // A wrong authenticator code is refused and still gives no session.
    const wrong = await browser.request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      json: { code: wrongCode(totp) },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe("INVALID_CODE");
    expect(await hasSession(browser)).toBe(false);

    // Without the challenge cookie the authenticator code alone signs nobody in.
    const stranger = await new TestClient(app.url).request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      json: { code: totp.generate() },
    });
    expect(stranger.status).toBe(401);

    // The right code completes the sign-in.
    const right = await browser.request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      json: { code: totp.generate() },
    });
    expect(right.status).toBe(200);
    const session = await browser.refreshSession();
    expect(session.user).toMatchObject({ phone, user_metadata: { full_name: "Fox Mulder" } });
    expect(session.user.factors).toHaveLength(1);

    // Disable removes the factor …
    const disabled = await browser.request("/api/auth/two-factor/disable", {
      method: "POST",
      json: {},
    });
    expect(disabled.status).toBe(200);
    expect(await disabled.json()).toEqual({ status: true });
    await browser.refreshSession();
    expect(userSchema.parse(await browser.json("/api/account")).factors).toEqual([]);
    expect(await db.select().from(twoFactors)).toEqual([]);

    // … and the next sign-in needs only the SMS code.
    const third = new TestClient(app.url);
    const plain = await signInByPhone(third, db, phone);
    expect(plain.status).toBe(200);
    const plainBody = (await plain.json()) as { token?: string; twoFactorRedirect?: boolean };
    expect(plainBody.twoFactorRedirect).toBeUndefined();
    expect(plainBody.token).toEqual(expect.any(String));
    expect((await third.refreshSession()).user.factors).toEqual([]);
  });

  it("needs a signed-in session to enrol or disable", async () => {
    const anonymous = new TestClient(app.url);
    expect(
      (await anonymous.request("/api/auth/two-factor/enable", { method: "POST", json: {} })).status,
    ).toBe(401);
    expect(
      (await anonymous.request("/api/auth/two-factor/disable", { method: "POST", json: {} }))
        .status,
    ).toBe(401);
  });
});
