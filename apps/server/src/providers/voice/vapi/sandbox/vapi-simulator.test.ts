import { describe, expect, it } from "vitest";
import { finalCall, planCall, type SimulatorCall } from "../../simulator/call.ts";
import type { PlaceCallInput } from "../../voice-provider.ts";
import { toVapiOutcome } from "../vapi-call.ts";
import { vapiCallRequest } from "../vapi-provider.ts";
import {
  analysisSchemaOf,
  SIMULATOR_VAPI_PHONE_NUMBER_ID,
  uuidFor,
  vapiCallObject,
  vapiEndedReason,
  vapiWebhooks,
} from "./call.ts";
import { requestDataOf } from "./routes.ts";

const input: PlaceCallInput = {
  phoneNumber: "+14155550123",
  task: "You are calling Ada about her enquiry.",
  context: {
    respondentName: "Ada",
    answers: [{ question: "What's your budget?", answer: "$10k–$20k" }],
  },
  firstSentence: "Hi Ada!",
  outcomeQuestions: [
    { key: "qualified", label: "Qualified?", type: "boolean" },
    { key: "budget", label: "Budget", type: "number" },
    { key: "start", label: "Start date", type: "date" },
    { key: "plan", label: "Plan", type: "choice", choices: ["Basic", "Pro"] },
    { key: "notes", label: "Notes", type: "text" },
  ],
  maxDurationMinutes: 10,
  voicemail: { action: "hang_up", message: null },
  voice: { voiceId: null, language: null, transferNumber: "+14155550199" },
  assistant: { id: "a1", name: null, updatedAt: new Date(0) },
  webhookUrl: "https://ringback.example/api/voice-webhooks/vapi/c1",
  metadata: { submissionId: "s1", attemptId: "att_1", attempt: 1, organizationId: "o1" },
};

const request = vapiCallRequest(input, {
  phoneNumberId: SIMULATOR_VAPI_PHONE_NUMBER_ID,
  webhookSecret: "sec",
});
const prompt = (request.assistant as { model: { messages: { content: string }[] } }).model
  .messages[0]!.content;

/** A simulated call placed with the adapter's request, as it will have ended. */
function ended(phoneNumber: string): SimulatorCall {
  const createdAt = new Date("2026-01-01T10:00:00Z");
  const plan = planCall(
    {
      phoneNumber,
      task: prompt,
      firstSentence: input.firstSentence,
      metadata: { attempt_id: "att_1", attempt: 1 },
      requestData: requestDataOf(prompt),
      analysisSchema: analysisSchemaOf(request),
      voicemail: { leaveMessage: false, message: null },
      transferNumber: "+14155550199",
    },
    createdAt,
    { ringMs: 1000, turnMs: 1000 },
  );
  return finalCall({
    callId: "11111111-2222-4333-8444-555555555555",
    dialect: "vapi",
    request: { ...request, customer: { number: phoneNumber } },
    webhooks: null,
    webhooksSent: 0,
    apiKeyHash: null,
    phoneNumber,
    fromNumber: "+14155550100",
    task: prompt,
    firstSentence: input.firstSentence,
    record: true,
    requestData: requestDataOf(prompt),
    analysisSchema: analysisSchemaOf(request),
    metadata: { attempt_id: "att_1", attempt: 1 },
    webhookUrl: null,
    status: "queued",
    outcome: plan.outcome.status,
    answeredBy: plan.outcome.answeredBy,
    callLength: plan.callLength,
    transcripts: plan.transcripts,
    summary: plan.summary,
    errorMessage: plan.outcome.errorMessage,
    recordingUrl:
      plan.transcripts.length > 0 ? "https://sim.example/recordings/x.wav?token=t" : null,
    recording: null,
    answerAt: plan.answerAt,
    endAt: plan.endAt,
    webhookBody: null,
    webhookSignature: null,
    webhookAttempts: 0,
    webhookDeliveredAt: null,
    createdAt,
    startedAt: null,
    completedAt: null,
  });
}

describe("the simulator's Vapi dialect", () => {
  it("reads the adapter's structuredDataPlan as the simulator's analysis schema", () => {
    expect(analysisSchemaOf(request)).toEqual({
      qualified: "boolean",
      budget: "number",
      start: "YYYY-MM-DD",
      plan: "one of: Basic | Pro",
      notes: "string",
    });
    expect(analysisSchemaOf({ assistant: {} })).toBeNull();
    expect(
      analysisSchemaOf({
        assistant: { analysisPlan: { structuredDataPlan: { enabled: false, schema: {} } } },
      }),
    ).toBeNull();
    expect(
      analysisSchemaOf({
        assistant: {
          analysisPlan: {
            structuredDataPlan: {
              schema: { type: "object", properties: { n: { type: "integer" } } },
            },
          },
        },
      }),
    ).toEqual({ n: "number" });
  });

  it("reads the lead's answers from the end of the system message", () => {
    expect(requestDataOf(prompt)).toEqual({ name: "Ada", "What's your budget?": "$10k–$20k" });
    expect(requestDataOf("no data here")).toBeNull();
    expect(requestDataOf("This call's request data:\n{not json")).toBeNull();
    expect(requestDataOf(null)).toBeNull();
  });

  it.each([
    ["+14155550123", "assistant-ended-call", "answered", "ended-by-assistant"],
    ["+14155550001", "customer-busy", "busy", "busy"],
    ["+14155550002", "customer-did-not-answer", "no-answer", "no-answer"],
    ["+14155550003", "twilio-failed-to-connect-call", "failed", "carrier-error"],
    ["+14155550008", "twilio-reported-customer-misdialed", "failed", "invalid-number"],
    ["+14155550004", "voicemail", "voicemail", null],
    ["+14155550007", "assistant-forwarded-call", "answered", "transferred"],
  ])(
    "ends %s with %s, which the adapter reads back as %s, %s",
    (phoneNumber, vapiReason, status, endedReason) => {
      const call = ended(phoneNumber);
      expect(vapiEndedReason(call)).toBe(vapiReason);
      const object = vapiCallObject(call, uuidFor("acct"));
      expect(object).toMatchObject({ status: "ended", endedReason: vapiReason });
      const outcome = toVapiOutcome(object, "https://sim.example/sandbox/vapi")!;
      expect(outcome).toMatchObject({ status, endedReason, final: true, attemptId: "att_1" });
    },
  );

  it("makes the server messages Vapi would send, with the assistant's server headers", () => {
    const call = ended("+14155550123");
    const webhooks = vapiWebhooks(call, {
      orgId: uuidFor("acct"),
      url: "https://ringback.example/hook",
      headers: { "x-vapi-secret": "sec" },
      types: ["status-update", "end-of-call-report"],
    });
    expect(webhooks.map((w) => [w.at, JSON.parse(w.body).message.type])).toEqual([
      ["answer", "status-update"],
      ["end", "status-update"],
      ["end", "end-of-call-report"],
    ]);
    expect(webhooks.every((w) => w.headers["x-vapi-secret"] === "sec")).toBe(true);
    const report = JSON.parse(webhooks[2]!.body).message;
    // The budget read from the lead's "$10k–$20k"; qualified, as they also said what they need
    // and when (the generic questions); nothing said or written answers the others.
    expect(report.analysis.structuredData).toEqual({ qualified: true, budget: 10000 });
    expect(report.artifact.messages[0]).toMatchObject({ role: "system" });
    // Only the messages the assistant asked for, and none without a server URL.
    const reportOnly = vapiWebhooks(call, {
      orgId: "o",
      url: "https://ringback.example/hook",
      headers: {},
      types: ["end-of-call-report"],
    });
    expect(reportOnly.map((w) => w.at)).toEqual(["end"]);
    expect(vapiWebhooks(call, { orgId: "o", url: null, headers: {}, types: [] })).toEqual([]);
    expect(uuidFor("acct")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
