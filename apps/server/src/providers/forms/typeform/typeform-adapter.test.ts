import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FormSourceError } from "../form-source.ts";
import { parseTypeformDelivery } from "./typeform-delivery.ts";
import { groupTypeformFields, type TypeformFormDefinition } from "./typeform-fields.ts";
import { signTypeformPayload, verifyTypeformSignature } from "./typeform-signature.ts";

const docsPayload = readFileSync(
  new URL("./fixtures/docs-example-payload.json", import.meta.url),
  "utf8",
);

describe("Typeform-Signature", () => {
  // A vector computed independently: echo -n '{"a":1}' | openssl dgst -sha256 -hmac secret -binary | base64
  const body = '{"a":1}';
  const vector = "sha256=qp4uNXX11wmLbKzNeQiIw21f22M0KnO62i1qUXR6hJQ=";

  it("matches a known vector (base64 HMAC-SHA256 of the raw body)", () => {
    expect(signTypeformPayload(body, "secret")).toBe(vector);
    expect(verifyTypeformSignature(body, vector, "secret")).toBe(true);
  });

  it("refuses a flipped byte, a missing header, a wrong secret and a hex digest", () => {
    expect(verifyTypeformSignature('{"a":2}', vector, "secret")).toBe(false);
    expect(verifyTypeformSignature(body, null, "secret")).toBe(false);
    expect(verifyTypeformSignature(body, "", "secret")).toBe(false);
    expect(verifyTypeformSignature(body, vector, "other")).toBe(false);
    expect(verifyTypeformSignature(body, vector, "")).toBe(false);
    expect(
      verifyTypeformSignature(
        body,
        "sha256=aa9e2e3575f5d7098b6caccd790888c36d5fdb63342a73bada2d6a51747a8494",
        "secret",
      ),
    ).toBe(false);
  });

  it("refuses any modification of a signed body", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.nat(),
        fc.integer({ min: 1, max: 0xffff }),
        (original, at, delta) => {
          const signature = signTypeformPayload(original, "s3cret");
          const index = at % original.length;
          const changed =
            original.slice(0, index) +
            String.fromCharCode((original.charCodeAt(index) + delta) % 0x10000) +
            original.slice(index + 1);
          fc.pre(changed !== original);
          expect(verifyTypeformSignature(changed, signature, "s3cret")).toBe(false);
        },
      ),
    );
  });
});

describe("Typeform delivery parsing", () => {
  it("reads the example payload of Typeform's documentation", () => {
    const parsed = parseTypeformDelivery(docsPayload);
    expect(parsed.responseId).toBe("a3a12ec67a1365927098a606107fac15");
    expect(parsed.formId).toBe("lT4Z3j");
    expect(parsed.submittedAt?.toISOString()).toBe("2018-01-18T18:17:02.000Z");
    expect(parsed.hidden).toEqual({ user_id: "abc123456" });
    expect(parsed.answers).toMatchObject({
      SMEUb7VJz92Q: "laura@example.com",
      JwWggjAKtOkA: "Laura",
      KoJxDM3c6x8h: "2005-10-15",
      PNe8ZKBK8C2Q: ["London", "Sydney"],
      Q7M2XAwY04dW: 5,
      gFFf3xAkJKsr: true,
      k6TP9oLGgHjl: "London",
      RUqkXSeXBXSd: false,
      M5tXK5kG7IeA: "https://calendly.com/scheduled_events/EVENT_TYPE/invitees/INVITEE",
    });
    expect(parsed.landedAt?.toISOString()).toBe("2018-01-18T18:07:02.000Z");
    // The definition gives order and titles; answers it does not list follow; hidden come last.
    // A title's recall of an answer the payload does not carry is dropped (typeformTitle).
    expect(parsed.questions.slice(0, 3)).toEqual([
      {
        id: "DlXFaesGBpoF",
        ref: "readable_ref_long_text",
        title: "Thanks! What's it like where you live? Tell us in a few sentences.",
        type: "long_text",
        value:
          "It's cold right now! I live in an older medium-sized city with a university. Geographically, the area is hilly.",
      },
      {
        id: "SMEUb7VJz92Q",
        ref: "readable_ref_email",
        title:
          "If you're OK with our city management following up if they have further questions, please give us your email address.",
        type: "email",
        value: "laura@example.com",
      },
      {
        id: "JwWggjAKtOkA",
        ref: "readable_ref_short_text",
        title: "What is your first name?",
        type: "short_text",
        value: "Laura",
      },
    ]);
    expect(parsed.questions.map((q) => q.id)).toContain("KoJxDM3c6x8h");
    expect(parsed.questions.at(-1)).toEqual({
      id: "hidden:user_id",
      ref: "user_id",
      title: "user_id",
      type: "hidden",
      value: "abc123456",
    });
    expect(new Set(parsed.questions.map((q) => q.id)).size).toBe(parsed.questions.length);
  });

  it("reads phone_number answers", () => {
    const body = JSON.stringify({
      event_id: "e1",
      event_type: "form_response",
      form_response: {
        form_id: "f1",
        token: "t1",
        answers: [
          {
            type: "phone_number",
            phone_number: "+14155550123",
            field: { id: "p1", type: "phone_number" },
          },
        ],
      },
    });
    expect(parseTypeformDelivery(body).answers).toEqual({ p1: "+14155550123" });
  });

  it("accepts a response without answers (a partial response)", () => {
    const body = JSON.stringify({
      event_type: "form_response",
      form_response: { form_id: "f1", token: "t1", answers: null },
    });
    expect(parseTypeformDelivery(body).answers).toEqual({});
  });

  it("marks events Ringback does not use (a partial response) as unsupported, to be ignored", () => {
    for (const eventType of ["form_response_partial", "other"]) {
      const body = JSON.stringify({
        event_type: eventType,
        form_response: { form_id: "f", token: "t", answers: [] },
      });
      expect(() => parseTypeformDelivery(body)).toThrow(
        expect.objectContaining({ code: "unsupported_event" }),
      );
    }
  });

  it("refuses bodies that are not a form_response, with a 400", () => {
    for (const body of ["not json", "{}", '{"event_type":"form_response"}']) {
      expect(() => parseTypeformDelivery(body)).toThrow(FormSourceError);
      try {
        parseTypeformDelivery(body);
      } catch (error) {
        expect((error as FormSourceError).status).toBe(400);
      }
    }
  });

  it("never throws anything but a FormSourceError, whatever the body", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc
            .jsonValue()
            .map((v) => JSON.stringify({ event_type: "form_response", form_response: v })),
        ),
        (body) => {
          try {
            parseTypeformDelivery(body);
          } catch (error) {
            expect(error).toBeInstanceOf(FormSourceError);
          }
        },
      ),
    );
  });
});

describe("Typeform fields → response groups", () => {
  const form: TypeformFormDefinition = {
    id: "abc12345",
    title: "Demo request",
    _links: { display: "https://example.typeform.com/to/abc12345" },
    fields: [
      { id: "name1", title: "Your name", type: "short_text" },
      { id: "about", title: "Tell us more", type: "long_text" },
      {
        id: "grp1",
        title: "Contact",
        type: "group",
        properties: {
          fields: [
            { id: "mail1", title: "Email", type: "email" },
            { id: "phone1", title: "Phone", type: "phone_number" },
          ],
        },
      },
      {
        id: "ci1",
        title: "Contact info",
        type: "contact_info",
        properties: {
          fields: [
            { id: "ci_first", title: "First name", type: "short_text" },
            { id: "ci_email", title: "Email", type: "email" },
            { id: "ci_phone", title: "Phone number", type: "phone_number" },
          ],
        },
      },
      { id: "yn1", title: "Can we call you?", type: "yes_no" },
      { id: "legal1", title: "I agree", type: "legal" },
      {
        id: "mc1",
        title: "Call me",
        type: "multiple_choice",
        properties: { choices: [{ label: "Yes, call me" }] },
      },
      {
        id: "mc2",
        title: "Pick one",
        type: "multiple_choice",
        properties: { choices: [{ label: "Yes" }, { label: "No" }] },
      },
      {
        id: "mc3",
        title: "¿Podemos llamarte?",
        type: "dropdown",
        properties: { choices: [{ label: "Sí" }, { label: "No" }] },
      },
      {
        id: "mc4",
        title: "Rappel ?",
        type: "multiple_choice",
        properties: { choices: [{ label: "Non" }, { label: "Oui" }] },
      },
      {
        id: "mc5",
        title: "Which plan?",
        type: "multiple_choice",
        properties: { choices: [{ label: "Yes plan" }, { label: "Pro" }, { label: "Max" }] },
      },
    ],
  };

  it("finds fields inside groups and contact_info blocks", () => {
    const groups = groupTypeformFields(form, { editUrl: null });
    expect(groups.all.map((f) => f.id)).toEqual([
      "name1",
      "about",
      "mail1",
      "phone1",
      "ci_first",
      "ci_email",
      "ci_phone",
      "yn1",
      "legal1",
      "mc1",
      "mc2",
      "mc3",
      "mc4",
      "mc5",
    ]);
    expect(groups.phone.map((f) => f.id)).toEqual(["phone1", "ci_phone"]);
    // A lone yes, or two choices whose first is a yes (in any language); not "No / Yes", not three.
    expect(groups.checkbox.map((f) => f.id)).toEqual(["yn1", "legal1", "mc1", "mc2", "mc3"]);
    expect(groups.text.map((f) => f.id)).toEqual(["name1", "about", "ci_first"]);
    expect(groups.email.map((f) => f.id)).toEqual(["mail1", "ci_email"]);
    expect(groups.displayUrl).toBe("https://example.typeform.com/to/abc12345");
  });

  it("gives empty groups for a form without such fields", () => {
    const groups = groupTypeformFields(
      { id: "x", fields: [{ id: "s", type: "statement" }] },
      { editUrl: null },
    );
    expect(groups.phone).toEqual([]);
    expect(groups.checkbox).toEqual([]);
    expect(groups.all).toHaveLength(1);
  });
});
