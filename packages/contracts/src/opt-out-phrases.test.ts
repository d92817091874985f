import { describe, expect, it } from "vitest";
import {
  asksNotToBeCalled,
  OPT_OUT_PHRASES,
  transcriptAsksNotToBeCalled,
} from "./opt-out-phrases.ts";

describe("the opt-out phrase table", () => {
  // What people say, as they say it (capitals, accents, curly apostrophes, punctuation), in each
  // language the table covers: a language whose phrases were lost or no longer match fails here.
  describe.each(
    Object.entries({
      English: [
        "Please stop calling me.",
        "Don’t call me again, thanks.",
        "DO NOT CALL ME",
        "Take me off your list, please",
        "Can you remove me from your list?",
        "Hmm, I'm not interested. Please put me on your do-not-call list.",
      ],
      Spanish: [
        "Por favor, deje de llamarme.",
        "¡No me llamen más!",
        "Bórrame de su lista, por favor.",
      ],
      French: [
        "Arrêtez de m’appeler, s'il vous plaît.",
        "Ne m'appelez plus jamais.",
        "Retirez-moi de votre liste.",
      ],
      German: [
        "Hören Sie auf, mich anzurufen!",
        "Bitte rufen Sie mich nicht mehr an.",
        "Nehmen Sie mich von Ihrer Liste.",
      ],
    }),
  )("in %s", (_language, utterances) => {
    it.each(utterances)("hears %j", (utterance) => {
      expect(asksNotToBeCalled(utterance)).toBe(true);
      expect(transcriptAsksNotToBeCalled([{ speaker: "user", text: utterance }])).toBe(true);
    });
  });

  it.each(
    Object.entries(OPT_OUT_PHRASES).flatMap(([lang, phrases]) => phrases.map((p) => [lang, p])),
  )("%s: every phrase of the table is heard: %s", (_lang, phrase) => {
    expect(asksNotToBeCalled(phrase)).toBe(true);
  });

  it.each([
    "Yes, now is a good time.",
    "Can you call me tomorrow instead?",
    "Please don't stop calling, I want the quote.",
    "I'd like the nonstop callings package",
    "Call me back after five.",
    "Llámame mañana, por favor.",
    "Rappelez-moi demain.",
    "Rufen Sie mich morgen an.",
    "",
  ])("does not hear a request in %j", (utterance) => {
    expect(asksNotToBeCalled(utterance)).toBe(false);
  });

  it("listens to the respondent only, never to the assistant", () => {
    const assistant = {
      speaker: "assistant",
      text: "If you'd like us to stop calling, just say so and we'll take you off our list.",
    };
    expect(
      transcriptAsksNotToBeCalled([assistant, { speaker: "user", text: "No, it's fine." }]),
    ).toBe(false);
    expect(
      transcriptAsksNotToBeCalled([
        assistant,
        { speaker: "user", text: "Actually, stop calling me." },
      ]),
    ).toBe(true);
    expect(transcriptAsksNotToBeCalled([{ speaker: "agent-action", text: "stop calling" }])).toBe(
      false,
    );
  });
});
