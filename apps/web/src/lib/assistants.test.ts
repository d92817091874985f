import { describe, expect, it } from "vitest";
import { isBrandNewAssistant, isDraftAssistant, nextSetupStep } from "./assistants";

const done = {
  name: "Front desk",
  form_id: "f1",
  phone_field_id: "p",
  checkbox_field_id: "c",
  assistant_script: "Hi {name}",
  is_active: false,
};

describe("assistant drafts", () => {
  it.each([
    [{ ...done, name: null, form_id: null }, "Name the assistant"],
    [{ ...done, name: "  " }, "Name the assistant"],
    [{ ...done, form_id: null }, "Choose a form"],
    [{ ...done, phone_field_id: null }, "Choose the call fields"],
    [{ ...done, checkbox_field_id: null }, "Choose the call fields"],
    [{ ...done, assistant_script: " " }, "Write the call script"],
    [done, null],
  ])("the next step of %o is %s", (assistant, next) => {
    expect(nextSetupStep(assistant)).toBe(next);
  });

  it("an unfinished, inactive assistant is a draft; a finished or active one is not", () => {
    expect(isDraftAssistant({ ...done, assistant_script: null })).toBe(true);
    expect(isDraftAssistant(done)).toBe(false);
    expect(isDraftAssistant({ ...done, is_active: true })).toBe(false);
  });

  it("brand new means neither a name nor a form", () => {
    expect(isBrandNewAssistant({ name: null, form_id: null })).toBe(true);
    expect(isBrandNewAssistant({ name: " ", form_id: null })).toBe(true);
    expect(isBrandNewAssistant({ name: "A", form_id: null })).toBe(false);
    expect(isBrandNewAssistant({ name: null, form_id: "f" })).toBe(false);
  });
});
