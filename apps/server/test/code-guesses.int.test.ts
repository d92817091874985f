import { describe, expect, it } from "vitest";
import { CODE_MAX_WRONG_TRIES } from "../src/auth/auth.ts";
import { latestCode, TestClient, uniquePhone } from "./auth-client.ts";
import { startTestRingback } from "./harness.ts";

/** "<status> <better-auth error code>" of each answer, counted. */
async function tally(answers: Response[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const body = (await answer.json()) as { code?: string };
    const key = `${answer.status} ${body.code ?? "OK"}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/**
 * The limit of wrong tries per code must hold however the guesses arrive;
 * guesses sent all at once must not each be checked against the code.
 */
describe("simultaneous code guesses", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;

  async function sentCode() {
    const phone = uniquePhone();
    expect((await new TestClient(app.url).sendCode(phone)).status).toBe(200);
    const code = await latestCode(db, phone);
    return { phone, code, wrong: code === "000000" ? "111111" : "000000" };
  }

  it("checks at most 5 of 200 wrong guesses sent at once, then refuses even the right code", async () => {
    const { phone, code, wrong } = await sentCode();
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => new TestClient(app.url).verifyCode(phone, wrong)),
    );
    expect(await tally(answers)).toEqual({
      "400 INVALID_OTP": CODE_MAX_WRONG_TRIES,
      "403 TOO_MANY_ATTEMPTS": 200 - CODE_MAX_WRONG_TRIES,
    });
    const right = await new TestClient(app.url).verifyCode(phone, code);
    expect(right.status).toBe(403);
    expect(((await right.json()) as { code: string }).code).toBe("TOO_MANY_ATTEMPTS");
  });

  it("accepts the right code within the limit, once, however many copies arrive at once", async () => {
    const { phone, code, wrong } = await sentCode();
    const wrongAnswers = await Promise.all(
      Array.from({ length: CODE_MAX_WRONG_TRIES - 1 }, () =>
        new TestClient(app.url).verifyCode(phone, wrong),
      ),
    );
    expect(await tally(wrongAnswers)).toEqual({ "400 INVALID_OTP": CODE_MAX_WRONG_TRIES - 1 });

    const browsers = Array.from({ length: 10 }, () => new TestClient(app.url));
    const answers = await Promise.all(browsers.map((b) => b.verifyCode(phone, code)));
    const winners = browsers.filter((_, i) => answers[i]!.status === 200);
    expect(winners).toHaveLength(1);
    for (const answer of answers) expect([200, 400, 403]).toContain(answer.status);
    expect((await winners[0]!.refreshSession()).user.phone).toBe(phone);
  });
});
