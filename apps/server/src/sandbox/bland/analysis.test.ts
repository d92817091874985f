import { describe, expect, it } from "vitest";
import type { SimulatorTranscriptEntry } from "../../db/schema/call-simulator.ts";
import { simulatedAnalysis } from "./analysis.ts";

const schema = {
  qualified: "boolean",
  budget: "number",
  demo_date: "YYYY-MM-DD",
  plan: "one of: Basic | Pro | Enterprise",
  notes: "string",
};
const talk = (...said: string[]): SimulatorTranscriptEntry[] =>
  said.flatMap((text, i) => [
    { id: 2 * i, user: "assistant" as const, text: "Hello?", created_at: "2026-11-25T10:00:00Z" },
    { id: 2 * i + 1, user: "user" as const, text, created_at: "2026-11-25T10:00:01Z" },
  ]);
const call = (
  phoneNumber: string,
  over: Partial<Parameters<typeof simulatedAnalysis>[1]> = {},
) => ({
  phoneNumber,
  answeredBy: "human",
  transcripts: talk("Yes, that works for me."),
  requestData: null,
  createdAt: new Date("2026-11-25T10:00:00Z"),
  ...over,
});

describe("the simulator's analysis (issue 14)", () => {
  it("answers every question in its type, the same way every time for a call", () => {
    const answers = simulatedAnalysis(schema, call("+14155550123"))!;
    expect(typeof answers.qualified).toBe("boolean");
    expect(typeof answers.budget).toBe("number");
    expect(answers.demo_date).toMatch(/^2026-1[12]-\d\d$/);
    expect(["Basic", "Pro", "Enterprise"]).toContain(answers.plan);
    expect(answers.notes).toBe("Yes, that works for me.");
    expect(simulatedAnalysis(schema, call("+14155550123"))).toEqual(answers);
  });

  it("answers differently for different numbers, so a list of calls looks real", () => {
    const numbers = Array.from({ length: 40 }, (_, i) => `+1415555${String(1000 + i)}`);
    const qualified = numbers.map((n) => simulatedAnalysis(schema, call(n))!.qualified);
    expect(qualified).toContain(true);
    expect(qualified).toContain(false);
    const budgets = new Set(numbers.map((n) => simulatedAnalysis(schema, call(n))!.budget));
    expect(budgets.size).toBeGreaterThan(10);
  });

  it("reads a number the lead wrote, and says no for someone who declined", () => {
    const fromForm = simulatedAnalysis(
      schema,
      call("+14155550124", { requestData: { "What is your budget?": "$25,000" } }),
    )!;
    expect(fromForm.budget).toBe(25000);
    const declined = simulatedAnalysis(
      schema,
      call("+14155550006", {
        transcripts: talk("Please stop calling me and take me off your list."),
      }),
    )!;
    expect(declined.qualified).toBe(false);
    expect(declined.demo_date).toBeNull();
  });

  it("knows nothing of a call nobody answered, and answers nothing without questions", () => {
    const voicemail = simulatedAnalysis(
      schema,
      call("+14155550004", { answeredBy: "voicemail", transcripts: [] }),
    )!;
    expect(Object.values(voicemail).every((v) => v === null)).toBe(true);
    expect(simulatedAnalysis(null, call("+14155550123"))).toBeNull();
    expect(simulatedAnalysis({}, call("+14155550123"))).toBeNull();
  });
});
