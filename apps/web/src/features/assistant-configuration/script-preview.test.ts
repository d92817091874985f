import type { FormField } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { previewCaller, SAMPLE_NAME, sampleResponse, scriptPreview } from "./script-preview";

const field = (id: string, type: string, ref: string | null, title: string): FormField => ({
  id,
  type,
  ref,
  title,
  contact: null,
  defaultCountry: null,
});

/** The sandbox's "Website enquiry" form, as GET …/fields lists it. */
const websiteEnquiry = {
  all: [
    field("f-name", "short_text", "name", "What's your name?"),
    field("f-email", "email", "email", "What's your email address?"),
    field("f-phone", "phone_number", "phone", "What's the best number to call you on?"),
    field("f-enquiry", "long_text", "enquiry", "How can we help?"),
    field("f-consent", "yes_no", "call_consent", "Can we call you about your enquiry?"),
    field("f-company", "short_text", "company", "Company name"),
    field("f-welcome", "statement", "welcome", "Thanks for stopping by"),
  ],
  hidden: [field("hidden:utm_source", "hidden", "utm_source", "utm_source (hidden field)")],
};

describe("sampleResponse", () => {
  it("answers every question plausibly for its type, a name question with the name", () => {
    const { name, questions } = sampleResponse(websiteEnquiry, "f-name");
    expect(name).toBe(SAMPLE_NAME);
    expect(Object.fromEntries(questions.map((q) => [q.ref, q.value]))).toEqual({
      name: SAMPLE_NAME,
      email: "sam.rivera@example.com",
      phone: "+1 415 555 0123",
      enquiry: "A quote for a new kitchen, ideally before the summer",
      call_consent: true,
      company: "Rivera Studio",
      utm_source: "example",
    });
  });

  it("answers a choice question with its own first option (a ranking: its first two)", () => {
    const form = {
      all: [
        {
          ...field("f-service", "multiple_choice", "service", "Which service?"),
          choices: ["Kitchen", "Bathroom"],
        },
        {
          ...field("f-rank", "ranking", "priorities", "Rank these"),
          choices: ["Price", "Speed", "Quality"],
        },
        field("f-budget", "dropdown", "budget", "Budget"),
      ],
      hidden: [],
    };
    expect(sampleResponse(form, null).questions.map((q) => q.value)).toEqual([
      "Kitchen",
      ["Price", "Speed"],
      "The first option",
    ]);
  });

  it("knows the name only when a Name field is chosen, as a real call does", () => {
    expect(sampleResponse(websiteEnquiry, null).name).toBeNull();
  });

  it("answers a contact block's first and last name, and a hidden name field", () => {
    const contact = {
      all: [
        {
          ...field("first", "short_text", "c_first", "First name"),
          contact: "first_name" as const,
        },
        { ...field("last", "short_text", "c_last", "Last name"), contact: "last_name" as const },
      ],
      hidden: [field("hidden:who", "hidden", "who", "who (hidden field)")],
    };
    const values = (nameFieldId: string) =>
      sampleResponse(contact, nameFieldId).questions.map((q) => q.value);
    expect(values("first+last")).toEqual(["Sam", "Rivera", "example"]);
    expect(values("hidden:who")).toEqual(["Sam", "Rivera", SAMPLE_NAME]);
  });
});

describe("scriptPreview", () => {
  it("fills the script as the server will, and names the variables that match no field", () => {
    const preview = scriptPreview(
      "Hi {name}, about {enquiry} ({budget}) from {utm_source}.\n{answers}",
      websiteEnquiry,
      "f-name",
    );
    expect(preview.unknown).toEqual(["budget"]);
    // {company} is who calls (the organization), not the form's "company" question.
    expect(preview.variables.map((v) => v.name)).toEqual([
      "name",
      "answers",
      "company",
      "assistant",
      "form",
      "opt_out_url",
      "email",
      "phone",
      "enquiry",
      "call_consent",
      "utm_source",
    ]);
    expect(preview.text).toBe(
      [
        "Hi Sam Rivera, about A quote for a new kitchen, ideally before the summer () from example.",
        "What's your name?: Sam Rivera",
        "What's your email address?: sam.rivera@example.com",
        "What's the best number to call you on?: +1 415 555 0123",
        "How can we help?: A quote for a new kitchen, ideally before the summer",
        "Can we call you about your enquiry?: Yes",
        "Company name: Rivera Studio",
      ].join("\n"),
    );
  });

  it("greets 'there' without a Name field", () => {
    expect(scriptPreview("Hi {name}!", websiteEnquiry, null).text).toBe("Hi there!");
  });

  it("says the opt-out page's address on this page's own origin", () => {
    const caller = previewCaller({ company: "Acme" }, "https://ringback.example.com");
    expect(
      scriptPreview(
        "This is {company}. To stop calls: {opt_out_url}.",
        websiteEnquiry,
        null,
        caller,
      ).text,
    ).toBe("This is Acme. To stop calls: ringback.example.com/opt-out.");
    expect(previewCaller({}, "http://localhost:5173")).toEqual({
      opt_out_url: "localhost:5173/opt-out",
    });
  });
});
