import { apiErrorSchema } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { latestCode, TestClient, uniquePhone } from "./auth-client.ts";
import { startTestRingback } from "./harness.ts";

const from = (address: string) => ({ "x-forwarded-for": address });
const ATTACKER = "203.0.113.7";
const OWNER = "198.51.100.23";

/**
 * The per-phone send limit must not let a stranger lock the owner of a number
 * out of signing in. Sends are limited per (phone number, client address), under a larger cap
 * per phone number across all addresses (ADR 0011).
 */
describe("code-send lockout", async () => {
  const app = await startTestRingback({
    env: {
      TRUST_PROXY: "true",
      CODE_SENDS_PER_PHONE: "3",
      CODE_SENDS_PER_PHONE_TOTAL: "6",
      CODE_SENDS_PER_IP: "100",
    },
  });
  const db = app.database.db;

  it("an attacker who uses up a phone's sends from one address does not stop its owner", async () => {
    const phone = uniquePhone();
    const attacker = new TestClient(app.url);
    for (let i = 0; i < 3; i++)
      expect((await attacker.sendCode(phone, from(ATTACKER))).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      const refused = await attacker.sendCode(phone, from(ATTACKER));
      expect(refused.status).toBe(429);
      expect(apiErrorSchema.parse(await refused.json()).error.message).toMatch(
        /^Too many verification codes were requested for this phone number\. Try again in \d+ minutes?\.$/,
      );
    }

    // The owner, elsewhere, still gets a code and signs in with it …
    const owner = new TestClient(app.url);
    expect((await owner.sendCode(phone, from(OWNER))).status).toBe(200);
    const signedIn = await owner.verifyCode(phone, await latestCode(db, phone), from(OWNER));
    expect(signedIn.status).toBe(200);
    expect((await owner.refreshSession()).user.phone).toBe(phone);

    // … and the attacker is still limited.
    expect((await attacker.sendCode(phone, from(ATTACKER))).status).toBe(429);
  });

  it("caps the sends to one phone number across all addresses (SMS pumping)", async () => {
    const phone = uniquePhone();
    const client = new TestClient(app.url);
    for (const address of ["192.0.2.1", "192.0.2.2"]) {
      for (let i = 0; i < 3; i++)
        expect((await client.sendCode(phone, from(address))).status).toBe(200);
    }
    const capped = await client.sendCode(phone, from("192.0.2.3"));
    expect(capped.status).toBe(429);
    expect(apiErrorSchema.parse(await capped.json()).error.message).toMatch(
      /^Too many verification codes were requested for this phone number\. Try again in \d+ minutes?\.$/,
    );
    // Another number from the same address is not affected.
    expect((await client.sendCode(uniquePhone(), from("192.0.2.3"))).status).toBe(200);
  });
});
