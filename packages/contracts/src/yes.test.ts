import { describe, expect, it } from "vitest";
import { isYes, YES_WORDS } from "./yes.ts";

describe("isYes", () => {
  it("knows yes in every language of its table, in any case and with punctuation", () => {
    for (const [language, list] of Object.entries(YES_WORDS)) {
      for (const word of list) {
        expect(isYes(word), `${language} ${word}`).toBe(true);
        expect(isYes(` ${word.toLocaleUpperCase()}!`), `${language} ${word}`).toBe(true);
      }
    }
  });

  it.each([
    "Yes, call me",
    "Yes please",
    "Sí, llámenme",
    "¡Sí!",
    "Oui, appelez-moi",
    "Ja, bitte anrufen",
    "Sim, pode ligar",
    "Sì, chiamatemi",
    "Да, звоните",
    "Tak, proszę dzwonić",
    "Evet, arayabilirsiniz",
    "はい、お願いします",
    "是的，请给我打电话",
    "네, 전화 주세요",
    "Yes — anytime",
  ])("reads %j as yes", (label) => {
    expect(isYes(label)).toBe(true);
  });

  it.each([
    "No",
    "no, thanks",
    "Not now",
    "Yesterday",
    "Nein",
    "Non",
    "Não",
    "Нет",
    "いいえ",
    "不是",
    "Si possible, par email",
    "Ya no",
    "Okapi",
    "",
    "   ",
    "Maybe later",
  ])("does not read %j as yes", (label) => {
    expect(isYes(label)).toBe(false);
  });
});
