import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseByteRange } from "../../../lib/byte-range.ts";
import {
  callObject,
  finalCall,
  planCall,
  recordedTurns,
  SIMULATOR_FROM_NUMBER,
  type SimulatorCall,
  transferredTo,
} from "./call.ts";
import {
  answeredConversation,
  formAnswers,
  nameFromGreeting,
  openingFromTask,
  questionsFromTask,
  transferConversation,
  voicemailConversation,
} from "./conversation.ts";
import {
  INSTALLATION_ACCOUNT,
  simulatorAccount,
  simulatorAccountForKey,
  simulatorApiUrl,
  simulatorCredentials,
} from "./credentials.ts";
import { attemptNumber, OUTCOME_TABLE, outcomeFor } from "./outcomes.ts";
import { SIMULATOR_VOICES, simulatorVoice } from "./voices.ts";
import { renderRecording, SAMPLE_RATE } from "./wav.ts";

const SCRIPT =
  "Hi Ada, this is Alex from Acme Kitchens. I'm calling about the kitchen quote you asked for. Do you have a minute? Ask them about their budget. When would you like the work to start?";

describe("outcomes", () => {
  it("follow the last four digits, 0005 answering from the second attempt", () => {
    expect(outcomeFor("+14155550001", 1).status).toBe("busy");
    expect(outcomeFor("+14155550002", 1).status).toBe("no-answer");
    expect(outcomeFor("+14155550003", 1)).toMatchObject({ status: "failed" });
    expect(outcomeFor("+14155550003", 1).errorMessage).toBeTruthy();
    expect(outcomeFor("+14155550004", 1)).toMatchObject({
      status: "completed",
      answeredBy: "voicemail",
    });
    expect(outcomeFor("+14155550005", 1).status).toBe("no-answer");
    expect(outcomeFor("+14155550005", 2)).toMatchObject({
      status: "completed",
      answeredBy: "human",
    });
    expect(outcomeFor("+442079460958", 1).answeredBy).toBe("human");
    expect(outcomeFor("+14155550007", 1)).toMatchObject({
      status: "completed",
      answeredBy: "human",
      asksForPerson: true,
    });
    expect(outcomeFor("+14155550123", 1).asksForPerson).toBeUndefined();
    expect(OUTCOME_TABLE.map((row) => row.digits)).toContain("0007");
  });

  it("read metadata.attempt as a number or numeric string", () => {
    expect(attemptNumber(undefined)).toBe(1);
    expect(attemptNumber({ attempt: 2 })).toBe(2);
    expect(attemptNumber({ attempt: "3" })).toBe(3);
    expect(attemptNumber({ attempt: "x" })).toBe(1);
  });
});

describe("conversation", () => {
  it("opens with the script's greeting and asks its questions", () => {
    expect(openingFromTask(SCRIPT)).toBe(
      "Hi Ada, this is Alex from Acme Kitchens. I'm calling about the kitchen quote you asked for. Do you have a minute?",
    );
    expect(nameFromGreeting(SCRIPT)).toBe("Ada");
    expect(nameFromGreeting("Hi there, this is Alex.")).toBeNull();
    // "Ask them about their budget." is an instruction: the assistant asks the question instead.
    expect(questionsFromTask(SCRIPT, openingFromTask(SCRIPT)!)).toEqual([
      "What budget do you have in mind?",
      "When would you like the work to start?",
    ]);
    const conversation = answeredConversation({ task: SCRIPT, firstSentence: null, name: "Ada" });
    expect(conversation.turns.length).toBeGreaterThanOrEqual(4);
    expect(conversation.turns.length).toBeLessThanOrEqual(6);
    expect(conversation.turns[0]!.assistant).toMatch(/^Hi Ada, this is Alex/);
    expect(conversation.turns.at(-1)!.assistant).toContain("Acme Kitchens");
    expect(conversation.summary).toContain("Ada");
    expect(conversation.summary).toContain("budget");
    expect(conversation.summary.split("\n")).toHaveLength(1);
  });

  it("uses first_sentence first and fills in generic questions for a bare script", () => {
    const conversation = answeredConversation({
      task: "Be friendly.",
      firstSentence: "Hello!",
      name: null,
    });
    expect(conversation.turns[0]!.assistant).toBe("Hello!");
    expect(conversation.turns).toHaveLength(4);
    expect(conversation.summary).toMatch(/^The respondent answered/);
  });

  it("keeps the opening to the script's first paragraph", () => {
    expect(
      openingFromTask(
        "Hi Ada, thanks for your enquiry!\n\nBefore this call, the person filled in a form.",
      ),
    ).toBe("Hi Ada, thanks for your enquiry!");
  });

  it("reads the lead's answers from request_data, leaving the name out", () => {
    expect(
      formAnswers({
        name: "Ada",
        "How can we help?": " Kitchen\nrenovation ",
        Rooms: 3,
        "Can we call you?": "Yes",
        Empty: "  ",
        Nested: { a: 1 },
      }),
    ).toEqual([
      { question: "How can we help?", answer: "Kitchen renovation" },
      { question: "Rooms", answer: "3" },
      { question: "Can we call you?", answer: "Yes" },
    ]);
    expect(formAnswers(null)).toEqual([]);
  });

  it("refers back to what the lead wrote in the form", () => {
    const answers = [
      { question: "What's your email address?", answer: "ada@example.com" },
      { question: "What's the best number to call you on?", answer: "+1 415 555 0123" },
      { question: "How can we help?", answer: "Kitchen renovation" },
      { question: "Can we call you about your enquiry?", answer: "Yes" },
    ];
    const conversation = answeredConversation({
      task: "Hi Ada, thanks for your enquiry! Do you have a minute?",
      firstSentence: null,
      name: "Ada",
      answers,
    });
    const lines = conversation.turns.map((turn) => turn.assistant);
    // The generic "What prompted you to reach out?" is not asked: the form answered it.
    expect(lines.join("\n")).not.toContain("What prompted you");
    expect(lines).toContain(
      "You mentioned “Kitchen renovation” for “How can we help?” on the form. Is that still right?",
    );
    expect(conversation.summary).toContain("Kitchen renovation");
  });

  it("confirms an answered question instead of asking it, and otherwise brings one answer up", () => {
    const budget = answeredConversation({
      task: SCRIPT,
      firstSentence: null,
      name: "Ada",
      answers: [{ question: "What's your budget?", answer: "$10k–$20k" }],
    });
    const lines = budget.turns.map((turn) => turn.assistant);
    expect(lines).not.toContain("What budget do you have in mind?");
    expect(lines).toContain(
      "You mentioned “$10k–$20k” for “What's your budget?” on the form. Is that still right?",
    );

    const other = answeredConversation({
      task: SCRIPT,
      firstSentence: null,
      name: "Ada",
      answers: [
        { question: "Can we call you?", answer: "Yes" },
        { question: "Which products?", answer: "Oak cabinets, Marble worktop" },
      ],
    });
    expect(other.turns[1]!.assistant).toBe(
      "Thanks for filling in our form. You mentioned “Oak cabinets, Marble worktop” for “Which products?”. Could you tell me a little more about that?",
    );
    expect(other.turns.length).toBeLessThanOrEqual(7);
    expect(other.summary).toContain("Oak cabinets");
    // Nothing to refer to: the conversation is the one without request_data.
    expect(
      answeredConversation({
        task: SCRIPT,
        firstSentence: null,
        name: "Ada",
        answers: [{ question: "Can we call you?", answer: "Yes" }],
      }),
    ).toEqual(answeredConversation({ task: SCRIPT, firstSentence: null, name: "Ada" }));
  });

  it("leaves a voicemail message only when asked to", () => {
    const base = { task: SCRIPT, firstSentence: null, name: "Ada" };
    expect(voicemailConversation({ ...base, leaveMessage: false, message: null }).turns).toEqual(
      [],
    );
    const left = voicemailConversation({ ...base, leaveMessage: true, message: "Call us back." });
    expect(left.turns).toEqual([{ assistant: "Call us back.", user: null }]);
  });
});

describe("asking for a person (0007)", () => {
  const base = { task: SCRIPT, firstSentence: null, name: "Ada" };

  it("is transferred to the transfer number, noted in the transcript", () => {
    const transferred = transferConversation({ ...base, transferNumber: "+14155550199" });
    expect(transferred.turns[0]!.user).toBe("Actually, could I speak to a real person, please?");
    expect(transferred.agentAction).toBe("Transferred the call to +14155550199");
    expect(transferred.summary).toContain("transferred the call to +14155550199");
  });

  it("hears that the assistant cannot transfer when there is no transfer number", () => {
    const refused = transferConversation({ ...base, transferNumber: null });
    expect(refused.turns.at(-1)!.assistant).toContain("I can't transfer you");
    expect(refused.agentAction).toBe("Call ended by assistant");
    expect(refused.summary).toContain("could not transfer");
  });

  it("plans the transfer into the call, and Bland's call object says where it went", () => {
    const request = {
      phoneNumber: "+14155550007",
      task: SCRIPT,
      firstSentence: null,
      metadata: { attempt: 1 },
      requestData: null,
      analysisSchema: null,
      voicemail: { leaveMessage: false, message: null },
    };
    const pace = { ringMs: 100, turnMs: 100 };
    const createdAt = new Date("2026-01-01T10:00:00.000Z");
    const plan = planCall({ ...request, transferNumber: "+14155550199" }, createdAt, pace);
    expect(plan.transcripts.at(-1)).toMatchObject({
      user: "agent-action",
      text: "Transferred the call to +14155550199",
    });
    expect(transferredTo(plan.transcripts)).toBe("+14155550199");
    const without = planCall(request, createdAt, pace);
    expect(transferredTo(without.transcripts)).toBeNull();
    expect(without.transcripts.map((t) => t.text).join("\n")).toContain("I can't transfer you");

    const row = {
      callId: "00000000-0000-4000-8000-000000000007",
      status: "queued",
      outcome: "completed",
      answeredBy: "human",
      phoneNumber: request.phoneNumber,
      fromNumber: SIMULATOR_FROM_NUMBER,
      record: false,
      transcripts: plan.transcripts,
      callLength: plan.callLength,
      summary: plan.summary,
      errorMessage: null,
      recordingUrl: null,
      metadata: null,
      requestData: null,
      analysisSchema: null,
      answerAt: plan.answerAt,
      endAt: plan.endAt,
      createdAt,
      startedAt: null,
      completedAt: null,
    } as unknown as SimulatorCall;
    // Shown once the call has ended, like the rest of the plan.
    expect(callObject(row).transferred_to).toBeNull();
    expect(callObject(finalCall(row)).transferred_to).toBe("+14155550199");
  });
});

describe("voices", () => {
  it("are a small English list, found by id or name", () => {
    expect(SIMULATOR_VOICES.length).toBeGreaterThanOrEqual(3);
    expect(new Set(SIMULATOR_VOICES.map((v) => v.id)).size).toBe(SIMULATOR_VOICES.length);
    expect(SIMULATOR_VOICES.every((v) => v.language === "en")).toBe(true);
    const [first] = SIMULATOR_VOICES;
    expect(simulatorVoice(first!.id)).toBe(first);
    expect(simulatorVoice(first!.name.toUpperCase())).toBe(first);
    expect(simulatorVoice("maya")).toBeNull();
  });
});

describe("planCall", () => {
  const request = {
    phoneNumber: "+14155550123",
    task: SCRIPT,
    firstSentence: null,
    metadata: { attempt: 1 },
    requestData: null,
    analysisSchema: null,
    voicemail: { leaveMessage: false, message: null },
  };
  const createdAt = new Date("2026-01-01T10:00:00.000Z");

  it("times the transcript by the pace and counts the length in minutes", () => {
    const plan = planCall(request, createdAt, { ringMs: 6000, turnMs: 6000 });
    const turns = recordedTurns(plan.transcripts).length;
    expect(plan.answerAt.toISOString()).toBe("2026-01-01T10:00:06.000Z");
    expect(plan.callLength).toBeCloseTo((turns * 6000) / 60000);
    expect(plan.endAt.getTime() - plan.answerAt.getTime()).toBe(turns * 6000);
    expect(new Set(plan.transcripts.map((t) => t.user))).toEqual(
      new Set(["assistant", "user", "agent-action"]),
    );
    expect(plan.transcripts.at(-1)).toMatchObject({
      user: "agent-action",
      text: "Call ended by assistant",
    });
  });

  it("plans nothing to say for an unanswered call", () => {
    const plan = planCall({ ...request, phoneNumber: "+14155550001" }, createdAt, {
      ringMs: 50,
      turnMs: 20,
    });
    expect(plan).toMatchObject({ transcripts: [], summary: null, callLength: 0 });
    expect(plan.endAt).toEqual(plan.answerAt);
  });
});

describe("recording", () => {
  it("is a 16-bit mono 8 kHz WAV as long as the call", () => {
    const wav = renderRecording(
      [{ userSpeaks: true }, { userSpeaks: true }, { userSpeaks: false }],
      1000,
      "seed",
    );
    expect(wav.toString("ascii", 0, 4)).toBe("RIFF");
    expect(wav.toString("ascii", 8, 12)).toBe("WAVE");
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(SAMPLE_RATE);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.readUInt32LE(40)).toBe(3 * SAMPLE_RATE * 2);
    expect(wav.length).toBe(44 + 3 * SAMPLE_RATE * 2);
    // Not silence, and never clipped.
    let peak = 0;
    for (let i = 44; i < wav.length; i += 2) peak = Math.max(peak, Math.abs(wav.readInt16LE(i)));
    expect(peak).toBeGreaterThan(1000);
    expect(peak).toBeLessThan(32767);
    expect(renderRecording([{ userSpeaks: true }], 1000, "seed")).toEqual(
      renderRecording([{ userSpeaks: true }], 1000, "seed"),
    );
  });
});

describe("byte ranges", () => {
  it("parses one range, suffix and open-ended ranges", () => {
    expect(parseByteRange(undefined, 100)).toBeNull();
    expect(parseByteRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseByteRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange("bytes=95-200", 100)).toEqual({ start: 95, end: 99 });
    expect(parseByteRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseByteRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=5-1", 100)).toBeNull();
    expect(parseByteRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseByteRange("items=0-1", 100)).toBeNull();
  });
});

describe("credentials", () => {
  it("derive a stable key and secret from the secret key", () => {
    const a = simulatorCredentials("secret-a");
    expect(simulatorCredentials("secret-a")).toEqual(a);
    expect(simulatorCredentials("secret-b").apiKey).not.toBe(a.apiKey);
    expect(a.webhookSecret).not.toBe(a.apiKey);
    // The installation's account in Bland's dialect: sim_bland_<account>.<mac>.
    const account = Buffer.from(INSTALLATION_ACCOUNT).toString("base64url");
    expect(a.apiKey).toMatch(new RegExp(`^sim_bland_${account}\\.[0-9a-f]{40}$`));
    expect(a).toEqual(simulatorAccount("secret-a", "bland", INSTALLATION_ACCOUNT));
    // Computed independently with node:crypto here.
    const mac = createHmac("sha256", "secret-a")
      .update(`ringback:call-simulator:api-key:bland:${account}:v1`)
      .digest("hex")
      .slice(0, 40);
    expect(a.apiKey).toBe(`sim_bland_${account}.${mac}`);
    expect(a.webhookSecret).toBe(
      createHmac("sha256", "secret-a")
        .update(`ringback:call-simulator:webhook-secret:${a.apiKey}:v1`)
        .digest("hex"),
    );
    expect(simulatorApiUrl("http://localhost:3000/")).toBe("http://localhost:3000/sandbox/bland");
    expect(simulatorApiUrl("http://localhost:3000", "vapi")).toBe(
      "http://localhost:3000/sandbox/vapi",
    );
  });

  it("give each account its own key and webhook secret", () => {
    const orgA = simulatorAccount("secret", "bland", "6f1c1f4e-0000-4000-8000-00000000000a");
    const orgB = simulatorAccount("secret", "bland", "6f1c1f4e-0000-4000-8000-00000000000b");
    expect(orgA.apiKey).not.toBe(orgB.apiKey);
    expect(orgA.webhookSecret).not.toBe(orgB.webhookSecret);
    // The same account in another dialect is another account's key.
    const vapi = simulatorAccount("secret", "vapi", "6f1c1f4e-0000-4000-8000-00000000000a");
    expect(vapi.apiKey).toMatch(/^sim_vapi_/);
    expect(vapi.apiKey).not.toBe(orgA.apiKey);
    expect(vapi.webhookSecret).not.toBe(orgA.webhookSecret);
  });

  it("recognise their own keys and refuse tampered ones and other dialects'", () => {
    const accountId = "6f1c1f4e-0000-4000-8000-00000000000a";
    const { apiKey, webhookSecret } = simulatorAccount("secret", "bland", accountId);
    expect(simulatorAccountForKey("secret", "bland", apiKey)).toEqual({ accountId, webhookSecret });
    expect(simulatorAccountForKey("secret", "bland", ` ${apiKey} `)).toEqual({
      accountId,
      webhookSecret,
    });
    // Another installation's SECRET_KEY, or another dialect.
    expect(simulatorAccountForKey("other-secret", "bland", apiKey)).toBeNull();
    expect(simulatorAccountForKey("secret", "vapi", apiKey)).toBeNull();
    expect(
      simulatorAccountForKey(
        "secret",
        "vapi",
        simulatorAccount("secret", "vapi", accountId).apiKey,
      ),
    ).toMatchObject({ accountId });
    // A flipped character of the MAC, or of the account (claiming another organization).
    const flipped = `${apiKey.slice(0, -1)}${apiKey.endsWith("0") ? "1" : "0"}`;
    expect(simulatorAccountForKey("secret", "bland", flipped)).toBeNull();
    const [, mac] = apiKey.split(".");
    const otherAccount = Buffer.from("6f1c1f4e-0000-4000-8000-00000000000b").toString("base64url");
    expect(
      simulatorAccountForKey("secret", "bland", `sim_bland_${otherAccount}.${mac}`),
    ).toBeNull();
    for (const key of ["", "sim_bland_", "sk_live_123", `${apiKey}x`, apiKey.toUpperCase()]) {
      expect(simulatorAccountForKey("secret", "bland", key)).toBeNull();
    }
  });
});
