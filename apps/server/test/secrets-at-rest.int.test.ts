import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { latestCode, TestClient, uniquePhone } from "./auth-client.ts";
import { startTestRingback } from "./harness.ts";

const SESSION_COOKIE = "better-auth.session_token";

/**
 * A copy of the database must sign nobody in. Sessions and one-time codes are
 * stored as hashes only; the browser's cookie and the SMS hold the only plain copies.
 */
describe("secrets at rest", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;

  /** Every session row, whole, as text. */
  async function sessionRows(): Promise<string[]> {
    const { rows } = await db.execute<{ row: string }>(
      sql`select row_to_json(s)::text as row from sessions s`,
    );
    return rows.map((r) => r.row);
  }

  /** The secret-bearing columns of every verification row (timestamps left out: digits). */
  async function verificationRows(): Promise<string[]> {
    const { rows } = await db.execute<{ row: string }>(
      sql`select identifier || ' ' || value as row from verifications`,
    );
    return rows.map((r) => r.row);
  }

  it("stores neither the sent code nor the session token in plain text", async () => {
    const client = new TestClient(app.url);
    const phone = uniquePhone();
    expect((await client.sendCode(phone)).status).toBe(200);
    const code = await latestCode(db, phone);

    const pending = await verificationRows();
    expect(pending.some((row) => row.includes(phone))).toBe(true);
    for (const row of pending) expect(row).not.toContain(code);

    const verified = await client.verifyCode(phone, code);
    expect(verified.status).toBe(200);
    const token = client.signedCookieValue(SESSION_COOKIE);
    expect(token).toMatch(/^\S{32,}$/);
    expect(((await verified.json()) as { token: string }).token).toBe(token);

    const stored = await sessionRows();
    expect(stored).toHaveLength(1);
    for (const row of [...stored, ...(await verificationRows())]) {
      expect(row).not.toContain(token);
      expect(row).not.toContain(code);
    }

    // The hashed session still does everything a session does.
    const session = await client.refreshSession();
    expect(session.user.phone).toBe(phone);
    expect((await client.request("/api/account")).status).toBe(200);
    const jwt = client.accessToken;

    // The access-token exchange (URL-hash sign-in) reaches the same session.
    const other = new TestClient(app.url);
    const exchanged = await other.request("/api/auth/session/from-access-token", {
      method: "POST",
      json: { accessToken: jwt },
    });
    expect(exchanged.status).toBe(200);
    expect(other.signedCookieValue(SESSION_COOKIE)).toBe(token);
    expect((await other.refreshSession()).user.phone).toBe(phone);
    expect(await sessionRows()).toHaveLength(1);

    // Signing out deletes the (hashed) row: every browser of that session is signed out.
    const out = await client.request("/api/auth/sign-out", { method: "POST", json: {} });
    expect(out.status).toBe(200);
    expect(await sessionRows()).toEqual([]);
    expect(await (await other.request("/api/session")).json()).toBeNull();
    expect((await client.request("/api/account")).status).toBe(401);
  });

  it("does not accept the stored hash as a session token", async () => {
    const client = new TestClient(app.url);
    const phone = uniquePhone();
    await client.sendCode(phone);
    await client.verifyCode(phone, await latestCode(db, phone));
    const [row] = await db
      .execute<{ token: string }>(
        sql`select token from sessions where user_id = (select id from users where phone_number = ${phone})`,
      )
      .then((r) => r.rows);
    expect(row?.token).toBeTruthy();
    expect(row?.token).not.toBe(client.signedCookieValue(SESSION_COOKIE));

    // What is stored is no session token, even in a correctly signed cookie.
    const thief = new TestClient(app.url);
    thief.setSignedCookie(SESSION_COOKIE, row!.token, app.config.secretKey);
    expect(await (await thief.request("/api/session")).json()).toBeNull();
  });

  it("keeps sessions from before the change signed in: migration 0017 hashes them in place", async () => {
    const phone = uniquePhone();
    const client = new TestClient(app.url);
    await client.sendCode(phone);
    await client.verifyCode(phone, await latestCode(db, phone));
    const userId = sql`(select id from users where phone_number = ${phone})`;

    // As the row was before: a random token, stored in plain text, due for its daily refresh.
    const legacyToken = randomBytes(24).toString("base64url");
    await db.execute(
      sql`update sessions set token = ${legacyToken}, expires_at = now() + interval '1 day' where user_id = ${userId}`,
    );
    const migration = readFileSync(
      fileURLToPath(new URL("../drizzle/0017_hash_auth_secrets.sql", import.meta.url)),
      "utf8",
    );
    for (const statement of migration.split("--> statement-breakpoint")) {
      await db.execute(sql.raw(statement));
    }
    for (const row of await sessionRows()) expect(row).not.toContain(legacyToken);

    const browser = new TestClient(app.url);
    browser.setSignedCookie(SESSION_COOKIE, legacyToken, app.config.secretKey);
    expect((await browser.refreshSession()).user.phone).toBe(phone);
    // The refresh extended the session and kept its token.
    expect(browser.signedCookieValue(SESSION_COOKIE)).toBe(legacyToken);
    const [extended] = await db
      .execute<{ extended: boolean }>(
        sql`select expires_at > now() + interval '2 days' as extended from sessions where user_id = ${userId}`,
      )
      .then((r) => r.rows);
    expect(extended?.extended).toBe(true);
    expect((await browser.request("/api/account")).status).toBe(200);

    expect((await browser.request("/api/auth/sign-out", { method: "POST", json: {} })).status).toBe(
      200,
    );
    const [left] = await db
      .execute<{ count: number }>(
        sql`select count(*)::int as count from sessions where user_id = ${userId}`,
      )
      .then((r) => r.rows);
    expect(left?.count).toBe(0);
  });
});
