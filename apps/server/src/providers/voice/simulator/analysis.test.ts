import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SimulatorTranscriptEntry } from "../../../db/schema/call-simulator.ts";
import { blandAnalysis } from "../bland/bland-provider.ts";
import { simulatedAnalysis } from "./analysis.ts";
import { planCall } from "./call.ts";

const PACE = { ringMs: 10, turnMs: 10 };

/** A call planned as the simulator plans it, ended: what its analysis is made from. */
function plannedCall(input: {
  phoneNumber?: string;
  task: string;
  requestData?: Record<string, unknown> | null;
  request?: Record<string, unknown> | null;
}) {
  const phoneNumber = input.phoneNumber ?? "+14155550123";
  const plan = planCall(
    {
      phoneNumber,
      task: input.task,
      firstSentence: null,
      metadata: { attempt: 1 },
      requestData: input.requestData ?? null,
      analysisSchema: null,
      voicemail: { leaveMessage: false, message: null },
    },
    new Date("2026-11-25T10:00:00Z"),
    PACE,
  );
  return {
    answeredBy: plan.outcome.answeredBy,
    transcripts: plan.transcripts,
    requestData: input.requestData ?? null,
    request: input.request ?? null,
  };
}

const said = (call: { transcripts: SimulatorTranscriptEntry[] }, who: "user" | "assistant") =>
  call.transcripts.filter((t) => t.user === who).map((t) => t.text);

const ROOF_SCRIPT =
  "Hi Maya, this is Sam from Sunny Roofs. Ask about their budget. Be friendly and concise.";
const ROOF_SCHEMA = {
  monthly_budget: "number",
  roof_type: "one of: Asphalt shingle | Tile | Metal",
  qualified: "boolean",
};

describe("the simulator's analysis", () => {
  it("answers from what the lead wrote: Maya's $240/month and tile roof, qualified unknown", () => {
    const call = plannedCall({
      task: ROOF_SCRIPT,
      requestData: {
        name: "Maya",
        "What's your monthly budget?": "$240/month",
        "What type of roof do you have?": "Tile roof",
      },
    });
    // The call confirms the budget she wrote rather than naming another.
    expect(said(call, "assistant").join("\n")).toContain("“$240/month”");
    expect(said(call, "user").join("\n")).not.toMatch(/five thousand/);
    expect(simulatedAnalysis(ROOF_SCHEMA, call)).toEqual({
      monthly_budget: 240,
      roof_type: "Tile",
      // Nothing said her timeline: no reason to call her qualified, nor not.
      qualified: null,
    });
  });

  it("reads answers written together under one question", () => {
    const call = plannedCall({
      task: ROOF_SCRIPT,
      requestData: { name: "Maya", "Tell us about your project": "$240/month, tile roof" },
    });
    expect(simulatedAnalysis(ROOF_SCHEMA, call)).toMatchObject({
      monthly_budget: 240,
      roof_type: "Tile",
    });
  });

  it("reads numbers, options, yes/no and dates under questions that mean the same", () => {
    const call = plannedCall({
      task: "Hi Ada, thanks for your enquiry! Do you have a minute?",
      requestData: {
        "How many employees do you have?": "1,200",
        "What's your budget?": "$10k–$20k",
        "Are you the decision maker?": "No, my manager decides",
        "When would you like to start?": "December 3, 2026",
        "Preferred date for a visit": "2026-12-01",
        "Which plan are you interested in?": "Probably the pro plan",
        "Company size": "35",
      },
    });
    expect(
      simulatedAnalysis(
        {
          employees: "number",
          budget: "number",
          decision_maker: "boolean",
          start_date: "YYYY-MM-DD",
          visit_date: "YYYY-MM-DD",
          plan: "one of: Basic | Pro | Enterprise",
          company_size: "one of: 1-10 | 11-50 | 51-200 | 200+",
        },
        call,
      ),
    ).toEqual({
      employees: 1200,
      budget: 10000,
      decision_maker: false,
      start_date: "2026-12-03",
      visit_date: "2026-12-01",
      plan: "Pro",
      company_size: "11-50",
    });
  });

  it("finds a form question by the outcome question's label too", () => {
    const call = plannedCall({
      task: ROOF_SCRIPT,
      requestData: { "What is your roof made of?": "Metal, mostly" },
      request: {
        analysis_prompt: blandAnalysis([
          { key: "q1", label: "Roof material", type: "choice", choices: ["Tile", "Metal"] },
        ])!.analysis_prompt,
      },
    });
    expect(simulatedAnalysis({ q1: "one of: Tile | Metal" }, call)).toEqual({ q1: "Metal" });
    // Without the label, "q1" means nothing.
    expect(simulatedAnalysis({ q1: "one of: Tile | Metal" }, { ...call, request: null })).toEqual({
      q1: null,
    });
  });

  it("answers from what the respondent said when the form does not: the same facts as the call", () => {
    const call = plannedCall({
      task: "Hi Ada, this is Alex from Acme. Do you have a minute? What prompted you to get in touch? Ask about their budget. How big is your team? When would you like to start?",
    });
    const replies = said(call, "user").join("\n");
    expect(replies).toContain("five thousand dollars");
    expect(replies).toContain("twelve people");
    expect(replies).toContain("within the next month");
    expect(
      simulatedAnalysis(
        {
          budget: "number",
          team_size: "number",
          company_size: "one of: 1-10 | 11-50 | 51+",
          timeline: "one of: Within a month | 1-3 months | Later",
          timeline_notes: "string",
          qualified: "boolean",
          start_date: "YYYY-MM-DD",
          notes: "string",
        },
        call,
      ),
    ).toEqual({
      budget: 5000,
      team_size: 12,
      company_size: "11-50",
      timeline: "Within a month",
      timeline_notes: "Within the next month",
      // A need, a budget and a timeline, all stated.
      qualified: true,
      // "Within the next month" names no day; nothing was said about notes.
      start_date: null,
      notes: null,
    });
  });

  it("reads a yes the respondent gave to the same question on the call", () => {
    const call = plannedCall({
      task: "Hi Ada! Is now a good time? Do you own your home? What's your roof like?",
    });
    expect(simulatedAnalysis({ owns_home: "boolean", roof: "string" }, call)).toEqual({
      owns_home: true,
      // The respondent kept that for the team: nothing to read.
      roof: null,
    });
  });

  it("answers for someone who asked not to be called again only what they said", () => {
    const call = plannedCall({ phoneNumber: "+14155550006", task: ROOF_SCRIPT });
    expect(said(call, "user")[0]).toMatch(/stop calling me/);
    expect(
      simulatedAnalysis(
        {
          do_not_call: "boolean",
          interested: "boolean",
          wants_quote: "boolean",
          qualified: "boolean",
          budget: "number",
          demo_date: "YYYY-MM-DD",
        },
        call,
      ),
    ).toEqual({
      do_not_call: true,
      interested: false,
      wants_quote: false,
      qualified: null,
      budget: null,
      demo_date: null,
    });
  });

  it("says yes to 'wants a person' for someone who asked for one", () => {
    const call = plannedCall({ phoneNumber: "+14155550007", task: ROOF_SCRIPT });
    expect(simulatedAnalysis({ wants_human: "boolean", qualified: "boolean" }, call)).toEqual({
      wants_human: true,
      qualified: null,
    });
  });

  it("knows nothing of a call nobody answered, and answers nothing without questions", () => {
    const voicemail = plannedCall({
      phoneNumber: "+14155550004",
      task: ROOF_SCRIPT,
      requestData: { "What's your monthly budget?": "$240/month" },
    });
    expect(simulatedAnalysis(ROOF_SCHEMA, voicemail)).toEqual({
      monthly_budget: null,
      roof_type: null,
      qualified: null,
    });
    const answered = plannedCall({ task: ROOF_SCRIPT });
    expect(simulatedAnalysis(null, answered)).toBeNull();
    expect(simulatedAnalysis({}, answered)).toBeNull();
  });

  it("answers the same call the same way every time, whatever its number", () => {
    const requestData = { "What's your monthly budget?": "$240/month" };
    const a = plannedCall({ phoneNumber: "+14155550123", task: ROOF_SCRIPT, requestData });
    const b = plannedCall({ phoneNumber: "+14155559876", task: ROOF_SCRIPT, requestData });
    const answers = simulatedAnalysis(ROOF_SCHEMA, a);
    expect(simulatedAnalysis(ROOF_SCHEMA, a)).toEqual(answers);
    expect(simulatedAnalysis(ROOF_SCHEMA, b)).toEqual(answers);
  });

  it("never makes a value up: with nothing written and nothing said, every answer is null", () => {
    const hint = fc.oneof(
      fc.constantFrom("boolean", "number", "integer", "YYYY-MM-DD", "string", "text"),
      fc
        .uniqueArray(fc.stringMatching(/^[A-Za-z][A-Za-z0-9 $-]{0,12}$/), {
          minLength: 2,
          maxLength: 5,
        })
        .map((options) => `one of: ${options.join(" | ")}`),
    );
    const silent = (phoneNumber: string): SimulatorTranscriptEntry[] => [
      { id: 1, user: "assistant", text: "Hi, is this a good time?", created_at: phoneNumber },
      {
        id: 2,
        user: "user",
        text: "Yes, this is Ada. Sure, I have a few minutes.",
        created_at: "",
      },
      { id: 3, user: "assistant", text: "Thanks, bye!", created_at: "" },
      { id: 4, user: "user", text: "Thanks, you too. Bye!", created_at: "" },
    ];
    fc.assert(
      fc.property(
        fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,24}$/), hint, {
          minKeys: 1,
          maxKeys: 8,
        }),
        fc.stringMatching(/^\+1415555\d{4}$/),
        fc.constantFrom(null, {}),
        (schema, phoneNumber, requestData) => {
          const answers = simulatedAnalysis(schema, {
            answeredBy: "human",
            transcripts: silent(phoneNumber),
            requestData,
          })!;
          expect(Object.keys(answers).sort()).toEqual(Object.keys(schema).sort());
          expect(Object.values(answers).every((v) => v === null)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
