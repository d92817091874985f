import { describe, expect, it } from "vitest";
import { authRoutes } from "./auth.routes.ts";

/**
 * The sign-in path as far as better-auth: what a person typed on the sign-in or sign-up page,
 * with the country chosen there, reaches better-auth (and the send limits) as the number
 * Ringback's one phone reader reads (ADR 0024). better-auth stands in as a recorder.
 */
function signInPath() {
  const handed: { path: string; body: Record<string, unknown> }[] = [];
  const limited: string[] = [];
  const routes = authRoutes({
    auth: {
      handler: async (request: Request) => {
        handed.push({
          path: new URL(request.url).pathname,
          body: (await request.json()) as Record<string, unknown>,
        });
        return Response.json({ message: "code sent" }, { headers: { "x-from": "better-auth" } });
      },
    },
    limits: { consume: async ({ phone }) => void limited.push(phone) },
    trustProxy: false,
  });
  const post = (path: string, body: unknown) =>
    routes.request(`http://ringback.test/phone-number/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  return { handed, limited, post };
}

describe("sign-in reads the typed number in the chosen country", () => {
  const cases: [typed: string, country: string | undefined, e164: string][] = [
    ["1 415 555 0199", "US", "+14155550199"],
    ["(415) 555-0199", "US", "+14155550199"],
    ["07911 123456", "GB", "+447911123456"],
    ["+44 7911 123456", "GB", "+447911123456"],
    // A country code wins over the country chosen.
    ["+44 7911 123456", "US", "+447911123456"],
    // No country sent (an older page, an API client): the installation's default, US.
    ["(415) 555-0199", undefined, "+14155550199"],
    ["+14155550199", undefined, "+14155550199"],
  ];

  it.each(cases)("sends the code for %j in %s to %s and says so", async (typed, country, e164) => {
    const { handed, limited, post } = signInPath();
    const response = await post("send-otp", { phoneNumber: typed, country });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-from")).toBe("better-auth");
    expect(await response.json()).toEqual({ message: "code sent", phoneNumber: e164 });
    expect(handed).toEqual([{ path: "/phone-number/send-otp", body: { phoneNumber: e164 } }]);
    // The send limits count the number the code goes to, however it was typed.
    expect(limited).toEqual([e164]);
  });

  it.each(cases)("verifies the code for %j in %s as %s", async (typed, country, e164) => {
    const { handed, post } = signInPath();
    const response = await post("verify", { phoneNumber: typed, country, code: "123456" });
    expect(response.status).toBe(200);
    expect(handed).toEqual([
      { path: "/phone-number/verify", body: { phoneNumber: e164, code: "123456" } },
    ]);
  });

  it("refuses what reads as no number in the country, without a send or a count", async () => {
    const { handed, limited, post } = signInPath();
    for (const [typed, country] of [
      ["12345", "US"],
      ["07911 12345", "GB"],
      ["+1 555", undefined],
      ["call me", "US"],
    ]) {
      const send = await post("send-otp", { phoneNumber: typed, country });
      expect(send.status, typed).toBe(400);
      expect(await send.json()).toEqual({
        code: "INVALID_PHONE_NUMBER",
        message: "Invalid phone number",
      });
      expect((await post("verify", { phoneNumber: typed, country, code: "123456" })).status).toBe(
        400,
      );
    }
    expect(handed).toEqual([]);
    expect(limited).toEqual([]);
  });

  it("leaves a body without a number to better-auth, which answers it", async () => {
    const { handed, limited, post } = signInPath();
    await post("send-otp", { country: "GB" });
    expect(handed).toEqual([{ path: "/phone-number/send-otp", body: { country: "GB" } }]);
    expect(limited).toEqual([]);
  });
});
