import { describe, expect, it } from "vitest";
import { DEFAULT_FIRST_SENTENCE } from "./compliance.ts";
import {
  DISCLOSURE_REQUIRED,
  disclosureProblem,
  FIRST_SENTENCE_MAX,
  FIRST_SENTENCE_REQUIRED,
  firstSentenceSchema,
} from "./disclosure.ts";

describe("disclosureProblem", () => {
  it("accepts the default first sentence", () => {
    expect(disclosureProblem(DEFAULT_FIRST_SENTENCE, "Northwind Realty")).toBeNull();
    expect(disclosureProblem(DEFAULT_FIRST_SENTENCE, null)).toBeNull();
  });

  it.each([
    "Hi {name}, this is {company}.",
    "Hi {name}, {{company}} here.",
    "Hello from { Company } about your form.",
    "Hi {name}, this is Northwind Realty about your enquiry.",
    "Hi {name}, this is NORTHWIND   realty calling.",
    "Northwind Realty here!",
  ])("accepts a sentence that names the company: %s", (sentence) => {
    expect(disclosureProblem(sentence, "Northwind Realty")).toBeNull();
  });

  it.each([
    "Hi {name}, this is {assistant}, an AI assistant.",
    "Hi, I'm an A.I. calling about your form.",
    "Hi {name}, this is an ai assistant calling back.",
    "Hello, this is an automated call about your enquiry.",
    "Hi, I am a virtual assistant.",
    "Hi, this call is made by artificial intelligence.",
    "Hi, I'm a voice bot.",
    "Hola {name}, soy un asistente virtual.",
    "Hola, le llama una IA sobre su formulario.",
    "Bonjour, je suis une intelligence artificielle.",
    "Bonjour {name}, je suis une assistante virtuelle.",
    "Hallo {name}, hier spricht eine KI.",
    "Hallo, hier ist ein virtueller Assistent.",
    "Guten Tag, ein automatisierter Anruf.",
  ])("accepts a sentence that says it is an AI: %s", (sentence) => {
    expect(disclosureProblem(sentence, "Northwind Realty")).toBeNull();
  });

  it.each([
    "Hi {name}, this is {assistant} about the form you filled in.",
    "Hello {name}! Do you have a minute?",
    // The company's name inside another word, or only part of it, is not naming it.
    "Hi, this is Northwindy about your form.",
    "Hi, this is Northwind about your form.",
    // "ai" in another language's words, or inside a word, is not a disclosure.
    "Bonjour, j'ai une question sur votre formulaire.",
    "Hi, this is Aida from the sales team.",
    "Hi {name}, this is {form} calling.",
  ])("refuses a sentence that does neither: %s", (sentence) => {
    expect(disclosureProblem(sentence, "Northwind Realty")).toBe(DISCLOSURE_REQUIRED);
  });

  it("says the message the wizard and the server show", () => {
    expect(DISCLOSURE_REQUIRED).toBe(
      "The first sentence must say which company is calling or that this is an AI assistant.",
    );
  });

  it("refuses an empty sentence with its own message", () => {
    expect(disclosureProblem("", "Northwind Realty")).toBe(FIRST_SENTENCE_REQUIRED);
    expect(disclosureProblem("   ", "Northwind Realty")).toBe(FIRST_SENTENCE_REQUIRED);
    expect(disclosureProblem(null, "Northwind Realty")).toBe(FIRST_SENTENCE_REQUIRED);
  });

  it("takes a company name with regex characters literally", () => {
    expect(disclosureProblem("Hi, this is A+ Plumbing (NYC).", "A+ Plumbing (NYC)")).toBeNull();
    expect(disclosureProblem("Hi, this is AAA Plumbing.", "A+ Plumbing")).toBe(DISCLOSURE_REQUIRED);
  });
});

describe("firstSentenceSchema", () => {
  it("trims, and refuses empty and overlong sentences", () => {
    expect(firstSentenceSchema.parse("  Hi {name}.  ")).toBe("Hi {name}.");
    expect(firstSentenceSchema.safeParse("  ").success).toBe(false);
    expect(firstSentenceSchema.safeParse("a".repeat(FIRST_SENTENCE_MAX)).success).toBe(true);
    expect(firstSentenceSchema.safeParse("a".repeat(FIRST_SENTENCE_MAX + 1)).success).toBe(false);
  });
});
