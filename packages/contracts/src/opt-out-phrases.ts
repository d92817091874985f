/**
 * Words a person uses on a call to say "don't call me again" (47 CFR 64.1200(d):
 * a revocation by any reasonable means must be honoured). A table, phrase by phrase and language
 * by language, matched against the respondent's own turns only — an assistant saying "you can
 * ask us to stop calling" is not a request. Text is compared lower-cased, without accents, with
 * curly apostrophes straightened and punctuation as spaces, so "Don’t call me!" and "dont call
 * me" both match "don't call me".
 */
export const OPT_OUT_PHRASES: Readonly<Record<string, readonly string[]>> = {
  en: [
    "stop calling",
    "don't call me",
    "dont call me",
    "do not call me",
    "don't call again",
    "do not call again",
    "don't call this number",
    "do not call this number",
    "never call me",
    "remove me from your list",
    "remove me from the list",
    "remove my number",
    "take me off",
    "put me on your do not call list",
    "add me to your do not call list",
    "lose my number",
    "unsubscribe me",
  ],
  es: [
    "deja de llamarme",
    "dejen de llamarme",
    "deje de llamarme",
    "no me llames",
    "no me llamen",
    "no me vuelva a llamar",
    "no me vuelvan a llamar",
    "no vuelvas a llamarme",
    "borrame de su lista",
    "borrame de tu lista",
    "quitame de su lista",
    "quitenme de su lista",
    "eliminen mi numero",
  ],
  fr: [
    "arretez de m'appeler",
    "arrete de m'appeler",
    "ne m'appelez plus",
    "ne m'appelle plus",
    "ne me rappelez pas",
    "ne me rappelez plus",
    "retirez-moi de votre liste",
    "retirez moi de votre liste",
    "supprimez mon numero",
    "rayez-moi de votre liste",
  ],
  de: [
    "horen sie auf mich anzurufen",
    "hor auf mich anzurufen",
    "rufen sie mich nicht mehr an",
    "rufen sie mich nie wieder an",
    "ruf mich nicht mehr an",
    "nicht mehr anrufen",
    "nehmen sie mich von ihrer liste",
    "streichen sie mich von ihrer liste",
    "loschen sie meine nummer",
  ],
};

/** Phrases that contain an opt-out phrase but say the opposite ("don't stop calling"). */
const NEGATED = [
  "don't stop calling",
  "dont stop calling",
  "do not stop calling",
  "no dejes de llamarme",
];

/** Lower case, no accents, straight apostrophes, punctuation and runs of spaces as one space. */
export function normalizeUtterance(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, " ")
    .replace(/ß/g, "ss")
    .trim()
    .replace(/\s+/g, " ");
}

const normalizedPhrases = Object.values(OPT_OUT_PHRASES)
  .flat()
  .map((phrase) => ` ${normalizeUtterance(phrase)} `);
const normalizedNegated = NEGATED.map((phrase) => ` ${normalizeUtterance(phrase)} `);

/** True when one utterance asks not to be called again (whole words: "stop calling", not "nonstop callings"). */
export function asksNotToBeCalled(utterance: string): boolean {
  const text = ` ${normalizeUtterance(utterance)} `;
  if (normalizedNegated.some((phrase) => text.includes(phrase))) return false;
  return normalizedPhrases.some((phrase) => text.includes(phrase));
}

/** True when any of the respondent's own turns asks not to be called again. */
export function transcriptAsksNotToBeCalled(
  transcript: readonly { speaker: string; text: string }[],
): boolean {
  return transcript.some((turn) => turn.speaker === "user" && asksNotToBeCalled(turn.text));
}
