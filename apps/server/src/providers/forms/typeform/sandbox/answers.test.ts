import { describe, expect, it } from "vitest";
import { groupTypeformFields } from "../typeform-fields.ts";
import { answerableFields, collectAnswers, formResponsePayload } from "./answers.ts";
import { base62Id } from "./ids.ts";
import {
  contactInfo,
  email,
  group,
  legal,
  multipleChoice,
  phoneNumber,
  sampleForms,
  shortText,
  yesNo,
} from "./sample-forms.ts";

describe("sandbox ids", () => {
  it("are base62 of the asked length", () => {
    for (const length of [8, 10, 12]) {
      expect(base62Id(length)).toMatch(new RegExp(`^[0-9A-Za-z]{${length}}$`));
    }
  });
});

describe("sample forms", () => {
  it("give every field, nested ones included, a unique 12-character id", () => {
    for (const form of sampleForms()) {
      const ids: string[] = [];
      const walk = (fields: typeof form.definition.fields) => {
        for (const field of fields) {
          ids.push(field.id);
          walk(field.properties?.fields ?? []);
        }
      };
      walk(form.definition.fields);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[0-9A-Za-z]{12}$/);
    }
  });

  it("show the warnings on the forms meant for them, and only there", () => {
    const groups = Object.fromEntries(
      sampleForms().map((form) => [
        form.title,
        groupTypeformFields(
          { id: "x", title: form.title, fields: form.definition.fields },
          {
            editUrl: null,
          },
        ),
      ]),
    );
    expect(Object.keys(groups)).toHaveLength(5);
    for (const [title, fields] of Object.entries(groups)) {
      expect(fields.phone.length > 0, title).toBe(title !== "Newsletter signup");
      expect(fields.checkbox.length > 0, title).toBe(title !== "Product feedback");
    }
  });
});

describe("collectAnswers", () => {
  const name = shortText("name", "Name", { required: true });
  const mail = email("email", "Email");
  const phone = phoneNumber("phone", "Phone");
  const ok = yesNo("ok", "Call you?");
  const consent = legal("consent", "I agree");
  const topics = multipleChoice("topics", "Topics", ["A", "B", "C"], { multiple: true });
  const callMe = multipleChoice("call_me", "Call me?", ["Yes, call me"]);
  const block = contactInfo("contact", "Contact", [
    { key: "first_name", type: "short_text", title: "First name" },
    { key: "phone", type: "phone_number", title: "Phone" },
  ]);
  const grouped = group("g", "Group", [shortText("inner", "Inner")]);
  const fields = [name, mail, phone, ok, consent, topics, callMe, block, grouped];
  const flat = answerableFields(fields);

  it("types each answer as Typeform does, flat and in form order", () => {
    const [first, blockPhone] = block.properties!.fields!;
    const { answers, errors } = collectAnswers(fields, {
      [name.id]: "  Ada ",
      [mail.id]: "ada@example.com",
      [phone.id]: "(415) 555-0134",
      [ok.id]: "no",
      [consent.id]: "accept",
      [topics.id]: [topics.properties!.choices![2]!.id, topics.properties!.choices![0]!.id],
      [callMe.id]: callMe.properties!.choices![0]!.id,
      [first!.id]: "Ada",
      [blockPhone!.id]: "+44 20 7946 0958",
      [grouped.properties!.fields![0]!.id]: "inside",
    });
    expect(errors).toEqual({});
    expect(answers.map(({ field, ...rest }) => [field.type, rest])).toEqual([
      ["short_text", { type: "text", text: "Ada" }],
      ["email", { type: "email", email: "ada@example.com" }],
      ["phone_number", { type: "phone_number", phone_number: "+14155550134" }],
      ["yes_no", { type: "boolean", boolean: false }],
      ["legal", { type: "boolean", boolean: true }],
      ["multiple_choice", { type: "choices", choices: { labels: ["C", "A"] } }],
      ["multiple_choice", { type: "choice", choice: { label: "Yes, call me" } }],
      ["short_text", { type: "text", text: "Ada" }],
      ["phone_number", { type: "phone_number", phone_number: "+442079460958" }],
      ["short_text", { type: "text", text: "inside" }],
    ]);
    expect(answers.map((a) => a.field.id)).toEqual(flat.map((f) => f.id));
  });

  it("leaves out unanswered optional questions; an unticked legal box is false", () => {
    const { answers, errors } = collectAnswers(fields, { [name.id]: "Ada" });
    expect(errors).toEqual({});
    expect(answers.map((a) => a.field.ref)).toEqual(["name", "consent"]);
    expect(answers[1]).toMatchObject({ type: "boolean", boolean: false });
  });

  it("reports missing, malformed and unknown answers by field", () => {
    const { answers, errors } = collectAnswers(fields, {
      [mail.id]: "nope",
      [phone.id]: "123",
      [callMe.id]: "not-a-choice",
    });
    expect(answers.map((a) => a.field.ref)).toEqual(["consent"]);
    expect(Object.keys(errors).sort()).toEqual([name.id, mail.id, phone.id, callMe.id].sort());
  });
});

describe("formResponsePayload", () => {
  it("has Typeform's form_response shape", () => {
    const field = shortText("name", "Name");
    const body = formResponsePayload({
      eventId: "LtWXD3crgy",
      form: { id: "lT4Z3j00", title: "T", fields: [field] },
      token: "a3a12ec67a1365927098a606107fac15",
      landedAt: new Date("2026-01-18T18:07:02.123Z"),
      submittedAt: new Date("2026-01-18T18:17:02.456Z"),
      answers: [
        { type: "text", text: "x", field: { id: field.id, type: "short_text", ref: "name" } },
      ],
      hidden: { utm_source: "ad" },
    });
    expect(JSON.parse(body)).toEqual({
      event_id: "LtWXD3crgy",
      event_type: "form_response",
      form_response: {
        form_id: "lT4Z3j00",
        token: "a3a12ec67a1365927098a606107fac15",
        landed_at: "2026-01-18T18:07:02Z",
        submitted_at: "2026-01-18T18:17:02Z",
        hidden: { utm_source: "ad" },
        definition: {
          id: "lT4Z3j00",
          title: "T",
          fields: [
            {
              id: field.id,
              title: "Name",
              type: "short_text",
              ref: "name",
              properties: {},
              allow_multiple_selections: false,
              allow_other_choice: false,
            },
          ],
        },
        answers: [
          { type: "text", text: "x", field: { id: field.id, type: "short_text", ref: "name" } },
        ],
      },
    });
  });
});
