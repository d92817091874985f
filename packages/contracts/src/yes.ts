/**
 * "Yes" in the languages Ringback's customers write forms in: a respondent's answer ("Sí,
 * llámenme", "Oui", "はい") and a choice label decide whether someone is available for a call
 *. A table, not one regex: each language's words, tested one by one.
 */
export const YES_WORDS: Readonly<Record<string, readonly string[]>> = {
  English: ["yes", "y", "yeah", "yep", "sure", "ok", "okay", "true"],
  Spanish: ["sí", "si", "claro"],
  French: ["oui", "d'accord"],
  German: ["ja", "jawohl", "gerne"],
  Portuguese: ["sim", "claro"],
  Italian: ["sì", "si", "certo"],
  Dutch: ["ja", "jazeker"],
  Swedish: ["ja"],
  Danish: ["ja"],
  Norwegian: ["ja"],
  Finnish: ["kyllä"],
  Polish: ["tak"],
  Czech: ["ano"],
  Slovak: ["áno"],
  Romanian: ["da"],
  Croatian: ["da"],
  Serbian: ["da", "да"],
  Hungarian: ["igen"],
  Greek: ["ναι"],
  Russian: ["да"],
  Ukrainian: ["так"],
  Bulgarian: ["да"],
  Turkish: ["evet"],
  Arabic: ["نعم"],
  Hebrew: ["כן"],
  Hindi: ["हाँ", "हां", "haan"],
  Indonesian: ["ya", "iya"],
  Malay: ["ya"],
  Vietnamese: ["có", "vâng"],
  Thai: ["ใช่", "ค่ะ", "ครับ"],
  Japanese: ["はい", "ええ"],
  Chinese: ["是", "是的", "好", "好的", "可以"],
  Korean: ["네", "예"],
  Catalan: ["sí"],
  Tagalog: ["oo", "opo"],
};

const words = [...new Set(Object.values(YES_WORDS).flat())]
  .map((w) => w.normalize("NFC").toLocaleLowerCase())
  // Longest first: "是的" before "是", "yeah" before "y".
  .sort((a, b) => b.length - a.length);

/** What may follow a yes word: the end, a space, or punctuation ("Yes, call me", "はい、"). */
const BOUNDARY = /^$|^[\s\p{P}\p{S}]/u;

/**
 * True when the text starts with a yes word as a whole word: "Yes, call me", "Sí", "oui !",
 * "はい、お願いします". "Yesterday", "Not yet", "No" and "Si possible?" are not yes.
 */
export function isYes(text: string): boolean {
  const value = text
    .normalize("NFC")
    .trim()
    .replace(/^[\s¡¿"'“«(]+/u, "")
    .toLocaleLowerCase();
  if (value === "") return false;
  for (const word of words) {
    if (value.startsWith(word) && BOUNDARY.test(value.slice(word.length))) {
      // "si" also begins conditionals ("Si possible", "si vous voulez"): a lone word only.
      if ((word === "si" || word === "ya") && /^\s+\p{L}/u.test(value.slice(word.length))) {
        continue;
      }
      return true;
    }
  }
  return false;
}
