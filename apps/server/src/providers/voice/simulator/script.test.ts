import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FORM_ANSWERS_INSTRUCTION } from "../bland/bland-provider.ts";
import { vapiSystemMessage } from "../vapi/vapi-provider.ts";
import { answeredConversation, openingFromTask, optOutConversation } from "./conversation.ts";
import { isInstruction, questionFromInstruction, scriptLines } from "./script.ts";

/** Everything the assistant says in an answered call with this script. */
const assistantLines = (task: string, firstSentence: string | null = null) =>
  answeredConversation({ task, firstSentence, name: "Maya" }).turns.map((t) => t.assistant);

const INSTRUCTIONS = [
  "Ask about their budget.",
  "Be friendly and concise.",
  "Keep it short.",
  "Don't mention prices.",
  "Do not promise a visit date.",
  "Never argue with the caller.",
  "If they ask about financing, then say we offer it.",
  "When the lead is busy, offer to call back later.",
  "Confirm their email address.",
  "Mention that we're family-owned.",
  "Thank them for filling in the form.",
  "You are Sam, a friendly assistant for Sunny Roofs.",
  "Your goal is to book a roof inspection.",
  "Speak naturally and use their first name.",
  "Make sure you get a good time to visit.",
  "Politely end the call if they're not interested.",
  "Introduce yourself as Sam.",
  "Before this call, the person filled in a form.",
];

describe("the spoken lines of a script", () => {
  it("tells instructions to the agent from lines to say", () => {
    for (const instruction of INSTRUCTIONS) expect(isInstruction(instruction)).toBe(true);
    for (const line of [
      "Hi Maya, this is Sam from Sunny Roofs.",
      "Thanks for your enquiry about a new roof!",
      "I'm calling about the quote you asked for.",
      "This call may be recorded.",
      "Thank you for your time.",
      "Have a great day!",
    ]) {
      expect(isInstruction(line)).toBe(false);
    }
  });

  it("never says Maya's script's instructions: 'Ask about their budget' becomes a question", () => {
    const lines = assistantLines(
      "Hi Maya, this is Sam from Sunny Roofs. Ask about their budget. Be friendly and concise.",
    );
    expect(lines[0]).toBe("Hi Maya, this is Sam from Sunny Roofs.");
    expect(lines).toContain("What budget do you have in mind?");
    const all = lines.join("\n");
    expect(all).not.toMatch(/Ask about|Be friendly|concise/);
  });

  it("says questions and quoted text, and leaves out guidance, notes, brackets and data", () => {
    const task = [
      "You are Sam, a friendly assistant for Sunny Roofs. Your goal is to book an inspection.",
      "",
      "Hi Maya, thanks for your enquiry about a new roof! Do you have a minute?",
      "",
      "Notes:",
      "- Be friendly and concise.",
      "- If they ask about financing, say we offer it.",
      "",
      "Questions:",
      "- What type of roof do you have?",
      "- Ask when they would like the work done.",
      "Say: 'We can usually come out within a week.'",
      "[Pause for the answer]",
      "Note: the lead may be busy at work.",
      "Confirm their email address.",
      "Say \"We're a family business, so you'll always speak to us.\"",
      "Greet them warmly and say 'Lovely to hear from you.'",
      "If they ask about price, say 'It depends on the roof.'",
      "Is the roof leaking at the moment?",
      "What's your monthly budget?: $240/month",
    ].join("\n");
    const lines = assistantLines(task);
    expect(lines[0]).toBe(
      "Hi Maya, thanks for your enquiry about a new roof! Do you have a minute?",
    );
    expect(lines).toContain("What type of roof do you have?");
    expect(lines).toContain("When would you like to get started?");
    const all = lines.join("\n");
    expect(all).toContain("We can usually come out within a week.");
    expect(all).toContain("We're a family business, so you'll always speak to us.");
    expect(all).toContain("Lovely to hear from you.");
    for (const unsaid of [
      "You are Sam",
      "Your goal",
      "Be friendly",
      "financing",
      "Pause",
      "Note",
      "busy at work",
      "Confirm",
      "Ask when",
      "$240/month",
      "Say",
      "Greet",
      "It depends",
    ]) {
      expect(all).not.toContain(unsaid);
    }
  });

  it("keeps first_sentence as the opening line", () => {
    const lines = assistantLines(
      "Hi Maya, thanks for your enquiry! Ask about their budget. Keep it short.",
      "Hi Maya, this is Sam, an AI assistant calling from Sunny Roofs. This call may be recorded.",
    );
    expect(lines[0]).toBe(
      "Hi Maya, this is Sam, an AI assistant calling from Sunny Roofs. This call may be recorded.",
    );
    expect(lines[1]).toBe("Hi Maya, thanks for your enquiry!");
    expect(lines.join("\n")).not.toContain("Keep it short");
  });

  it("does not open with an instruction, nor with the lead's answers the adapters append", () => {
    expect(openingFromTask("Be friendly. Hi Maya!")).toBe("Hi Maya!");
    expect(openingFromTask("You are Sam from Sunny Roofs. Ask about their roof.")).toBeNull();
    const prompt = vapiSystemMessage({
      task: "Hi Maya, thanks for your enquiry! Ask about their roof.",
      context: {
        respondentName: "Maya",
        answers: [{ question: "What type of roof do you have?", answer: "Tile roof" }],
      },
      voice: { transferNumber: "+14155550199" },
    } as Parameters<typeof vapiSystemMessage>[0]);
    expect(prompt).toContain(FORM_ANSWERS_INSTRUCTION);
    const said = scriptLines(prompt).map((l) => l.text);
    expect(said).toEqual([
      "Hi Maya, thanks for your enquiry!",
      "Could you tell me a little about your roof?",
    ]);
    // The opt-out call opens the same way.
    expect(
      optOutConversation({ task: prompt, firstSentence: null, name: "Maya" }).turns[0]!.assistant,
    ).toBe("Hi Maya, thanks for your enquiry!");
  });

  it("turns an instruction to ask into a question, or leaves it out", () => {
    expect(questionFromInstruction("Ask about their budget.")).toBe(
      "What budget do you have in mind?",
    );
    expect(questionFromInstruction("Find out how many people work there.")).toBe(
      "How big is your team?",
    );
    expect(questionFromInstruction("Ask whether they own the home.")).toBe(
      "Could you let me know whether you own the home?",
    );
    expect(
      questionFromInstruction("Ask if they want a callback, and if so, book it in the calendar."),
    ).toBe("Could you let me know whether you want a callback?");
    expect(questionFromInstruction("Be friendly.")).toBeNull();
  });

  it("never says an instruction, however the script mixes them with its lines", () => {
    const spoken = [
      "Hi Maya, this is Sam from Sunny Roofs.",
      "Thanks for your enquiry!",
      "What type of roof do you have?",
      "Is the roof leaking at the moment?",
      "Say: 'We can come out within a week.'",
    ];
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...INSTRUCTIONS, ...spoken), { minLength: 1, maxLength: 10 }),
        fc.constantFrom(" ", "\n", "\n\n", "\n- "),
        (parts, separator) => {
          const lines = assistantLines(parts.join(separator)).join("\n");
          for (const instruction of INSTRUCTIONS) expect(lines).not.toContain(instruction);
          expect(lines).not.toMatch(/\bSay:/);
        },
      ),
      { numRuns: 200 },
    );
  });
});
