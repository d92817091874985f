import type { FormFieldsResponse } from "@ringback/contracts";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { simulatorCalls } from "../src/db/schema/index.ts";
import { FORM_ANSWERS_INSTRUCTION } from "../src/providers/voice/bland/bland-provider.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";

/**
 * The assistant knows what the lead wrote. A signed Typeform delivery becomes a
 * call whose request to the voice provider (the built-in Bland simulator, which stores every
 * POST) carries the lead's answers as request_data and the script with its variables filled in;
 * the conversation refers back to an answer.
 */
describe("the call knows what the lead wrote", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "1000", CALL_SIMULATOR_RING_MS: "30", CALL_SIMULATOR_TURN_MS: "10" },
  });
  const db = app.database.db;
  const team = await createTeam(app.url, db);
  const org = team.organization.id;
  const owner = team.owner.client;
  const script =
    "Hi {name}, this is Alex from Acme Kitchens about your {enquiry}. Do you have a minute?\n" +
    "Source: {utm_source}. Size: {company_size}. Opt out at {opt_out_url}.\n{answers}";
  const { form, deliver, settled } = await activeAssistant({
    url: app.url,
    db,
    secretKey: app.config.secretKey,
    owner,
    organizationId: org,
    script,
  });
  const fields = await owner.json<FormFieldsResponse>(
    `/api/organizations/${org}/form-connections/typeform/forms/${form.id}/fields`,
  );
  const field = (ref: string) => fields.fields.all.find((f) => f.ref === ref)!;

  /** A delivery as Typeform sends it: the answers, the form's definition and hidden fields. */
  function delivery(token: string, answers: Record<string, unknown>[]) {
    return JSON.stringify({
      event_id: `evt-${token}`,
      event_type: "form_response",
      form_response: {
        form_id: form.id,
        token,
        submitted_at: new Date().toISOString(),
        hidden: { utm_source: "newsletter" },
        definition: {
          fields: fields.fields.all
            .filter((f) => f.type !== "hidden")
            .map((f) => ({ id: f.id, title: f.title, type: f.type, ref: f.ref })),
        },
        answers,
      },
    });
  }
  const answer = (ref: string, type: string, value: Record<string, unknown>) => ({
    type,
    field: { id: field(ref).id, type: field(ref).type, ref },
    ...value,
  });

  /** The provider's copy of the request for an attempt (every POST the simulator accepted). */
  async function dialled(attemptId: string) {
    return db
      .select()
      .from(simulatorCalls)
      .where(sql`${simulatorCalls.metadata}->>'attempt_id' = ${attemptId}`);
  }

  it("hands the answers to the voice provider and the conversation refers back to one", async () => {
    const token = "context-1";
    const response = await deliver(
      delivery(token, [
        answer("name", "text", { text: "Sam Rivera" }),
        answer("email", "email", { email: "sam@example.com" }),
        answer("phone", "phone_number", { phone_number: "+1 415 555 0148" }),
        answer("enquiry", "text", { text: "Kitchen renovation\nwith an island" }),
        answer("call_consent", "boolean", { boolean: true }),
      ]),
    );
    expect(response.status).toBe(200);
    const [call] = await settled(token, 1);
    expect(call).toMatchObject({ status: "answered" });

    const requests = await dialled(call!.id);
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    // The lead's answers, readable; the hidden field is not among them. (The order they were
    // sent in is the adapter's unit test: jsonb, where the simulator keeps them, sorts keys.)
    expect(request.requestData).toEqual({
      name: "Sam Rivera",
      "What's your name?": "Sam Rivera",
      "What's your email address?": "sam@example.com",
      "What's the best number to call you on?": "+1 415 555 0148",
      "How can we help?": "Kitchen renovation with an island",
      "Can we call you about your enquiry?": "Yes",
    });
    expect(JSON.stringify(request.requestData)).not.toContain("newsletter");
    // The script's variables filled in: {name}, a field's ref, a hidden field's name, an
    // unknown ref (empty), {answers}; then the instruction to use the answers.
    expect(request.task).toBe(
      [
        "Hi Sam Rivera, this is Alex from Acme Kitchens about your Kitchen renovation with an island. Do you have a minute?",
        // The installation's opt-out page, as an assistant would say it.
        `Source: newsletter. Size: . Opt out at ${app.config.publicUrl.replace(/^https?:\/\//, "")}/opt-out.`,
        "What's your name?: Sam Rivera",
        "What's your email address?: sam@example.com",
        "What's the best number to call you on?: +1 415 555 0148",
        "How can we help?: Kitchen renovation with an island",
        "Can we call you about your enquiry?: Yes",
        "",
        FORM_ANSWERS_INSTRUCTION,
      ].join("\n"),
    );

    // The call opens with the disclosure (the assistant's first sentence, here the
    // default), its {name}, {assistant} and {company} filled in.
    const disclosure = `Hi Sam Rivera, this is Caller, an AI assistant calling from ${team.organization.name} about the form you filled in. This call may be recorded.`;
    expect(request.firstSentence).toBe(disclosure);
    // The transcript, as Ringback stored it from the provider's webhook, refers back to it.
    const transcript = call!.transcriptJson as { speaker: string; text: string }[];
    expect(transcript[0]).toMatchObject({ speaker: "assistant", text: disclosure });
    const said = transcript.filter((t) => t.speaker === "assistant").map((t) => t.text);
    expect(said.some((line) => line.includes("“Kitchen renovation with an island”"))).toBe(true);
    expect(said.some((line) => line.includes("on the form"))).toBe(true);
    expect(call!.callSummary).toContain("Kitchen renovation with an island");
  });

  it("calls a lead who answered only what was required, without inventing answers", async () => {
    const token = "context-2";
    await deliver(
      delivery(token, [
        answer("name", "text", { text: "Ana" }),
        answer("email", "email", { email: "ana@example.com" }),
        answer("phone", "phone_number", { phone_number: "+1 415 555 0149" }),
        answer("call_consent", "boolean", { boolean: true }),
      ]),
    );
    const [call] = await settled(token, 1);
    const [request] = await dialled(call!.id);
    expect(request!.task).toMatch(/^Hi Ana, this is Alex from Acme Kitchens about your \. /);
    expect(request!.requestData).not.toHaveProperty("How can we help?");
    expect(request!.requestData).toMatchObject({ name: "Ana" });
  });
});
