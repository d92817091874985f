import { kindOf } from "./replies.ts";

/**
 * Reading an assistant's script as a voice agent would: some of it is what to say (a greeting,
 * questions, text quoted after "Say:"), the rest is addressed to the agent (instructions such as
 * "Ask about their budget." or "Be friendly and concise.", bullet points of guidance, notes,
 * lines in brackets, the lead's answers as data). Only the first is ever said aloud; an
 * instruction to ask about something becomes a question of its own.
 */

export interface ScriptLine {
  /** What is said. */
  text: string;
  /** Where it was in the script. */
  paragraph: number;
  /**
   * script: said as the script writes it; quote: quoted in an instruction ("Say: '…'");
   * asked: a question made from an instruction to ask about something.
   */
  source: "script" | "quote" | "asked";
}

const MAX_LINE = 240;

/** Openers the agent is told to use ("please", "then" …) before an instruction's verb. */
const LEAD_IN = String.raw`(?:(?:please|then|also|and|first|finally|next|now|always|never|politely|briefly|gently|kindly|just)[,\s]+)*`;

/** Verbs that begin an instruction to the agent. "Thank you…", "Let me…", "Tell me…" are said. */
const INSTRUCTION_VERB = new RegExp(
  String.raw`^${LEAD_IN}(?:ask|be|keep|don'?t|do not|never|always|avoid|aim|make sure|ensure|confirm|mention|explain|offer|introduce|find out|check|learn|understand|establish|try|use|speak|talk|stay|remain|respond|answer|listen|end|close|wrap up|transfer|collect|gather|get|note|remember|greet|follow|repeat|clarify|verify|record|capture|qualify|determine|identify|discover|book|schedule|gauge|assess|probe|focus|limit|stick|sound|act|pretend|address|refer|summari[sz]e|state|read|handle|do|say|go|move|proceed|skip|wait|pause|let (?:them|the|him|her)|tell (?:them|the|him|her)|thank (?:them|the|him|her)|inform|remind|reassure|encourage|emphasi[sz]e|highlight|politely|warmly)\b`,
  "i",
);

/** A condition for the agent: "If they…, then…", "When the lead asks…". */
const CONDITION =
  /^(?:if|when|whenever|once|after|before|unless|in case|should|only|as soon as)\b(?![^,]*\?$)/i;

/** Words addressed to the agent about itself: "You are Sam…", "Your goal is…". */
const AGENT_ROLE =
  /^(?:you are|you're|you will|you'll|you should|you must|you can|you work|you represent|your (?:name|goal|role|job|task|tone|aim|objective|purpose)|as an? )\b/i;

/** Talk about the person called, in the third person: context for the agent, not said. */
const ABOUT_THE_LEAD =
  /\b(?:the|this) (?:lead|caller|respondent|prospect|customer|user|person|contact|client|homeowner)\b|\brequest data\b|\b(?:goal|aim|objective|purpose) of (?:this|the) call\b/i;

/** Headings: "Notes:", "## Tone". What follows a guidance heading is for the agent. */
const HEADING = /^(?:#{1,6}\s*\S.*|[A-Z][^.?!]{0,60}:)$/;
const GUIDANCE_HEADING =
  /\b(notes?|instructions?|guidelines?|rules?|tone|style|context|background|goals?|objectives?|important|remember|persona|role|about you|tips?|do not|don'?t|behaviou?r|constraints?|objections?|faq|information|info|details|data)\b/i;
const SPOKEN_HEADING = /\b(script|opening|say|intro|introduction|greeting|questions?|closing)\b/i;

/** "Note: …", "Important: …" — a line for the agent. */
const NOTE_LINE =
  /^(?:note|notes|nb|n\.b\.|important|tip|reminder|remember|instructions?|guidance|context|tone|style|goal|objective)\s*[:—–-]/i;

/** A line that is data: JSON, or a "Question?: answer" line of {answers}. */
const DATA_LINE = /^\s*(?:[{}[\]"]|.{1,200}\?\s*:\s|This call's request data:|Request data:)/;

const BULLET = /^\s*(?:[-*•·]|\d{1,2}[.)])\s+/;

/** Text quoted in a line: "…", “…”, or '…' (an apostrophe inside a word does not end it). */
const QUOTED = /"([^"]+)"|“([^”]+)”|‘([^’]+)’|(?<![\w])'((?:[^']|'(?=[a-z]))+)'(?![a-z])/gi;

/** The text a "Say: …" instruction gives, without quotes: "Say: Thanks for calling." */
const SAY_UNQUOTED =
  /^(?:please\s+)?(?:say|read(?: out)?|open with|start with|end with|close with)\s*(?:something like|this|the following)?\s*:\s*(.+)$/i;
/** An instruction that quotes what to say: Say 'Hi', Ask: "What's your budget?" */
const QUOTING_VERB =
  /^(?:please\s+|then\s+|also\s+|and\s+|first\s+|finally\s+)*(?:say|ask|tell (?:them|the \w+|him|her)|mention|read(?: out)?|open with|start with|end with|close with|reply|respond|answer|greet (?:them|the \w+) with|let (?:them|the \w+) know)\b/i;

const ASK =
  /^(?:please\s+|then\s+|also\s+|and\s+|first\s+|next\s+|finally\s+)*(?:ask|find out|confirm|check|learn|understand|establish)\b(?:\s+(?:them|the lead|the caller|the respondent|the customer|the prospect|the person|him|her|[A-Z][a-z]+))?\s+(about|for|whether|if|what|when|how|which|who|where|why)\s+(.+?)[.!]*$/i;

export const GREETING =
  /^(?:hi|hello|hey|good (?:morning|afternoon|evening)|dear)\b[\s,!]*([^\s,!.?]+)?/i;

function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.?!])\s+(?=["“‘']?[A-Z0-9])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Third person about the respondent → second person, for lines said to them. */
export function toSecondPerson(text: string): string {
  return text
    .replace(/\bthey are\b/gi, "you are")
    .replace(/\bthey're\b/gi, "you're")
    .replace(/\bthey have\b/gi, "you have")
    .replace(/\bthey've\b/gi, "you've")
    .replace(/\bthey were\b/gi, "you were")
    .replace(/\bthemselves\b/gi, "yourself")
    .replace(/\btheirs\b/gi, "yours")
    .replace(/\btheir\b/gi, "your")
    .replace(/\bthem\b/gi, "you")
    .replace(/\bthey\b/gi, "you")
    .replace(/\b(his|her) (?=\w)/gi, "your ");
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Is this sentence (not a question) addressed to the agent rather than said? */
export function isInstruction(sentence: string): boolean {
  const text = sentence.trim();
  return (
    INSTRUCTION_VERB.test(text) ||
    CONDITION.test(text) ||
    AGENT_ROLE.test(text) ||
    ABOUT_THE_LEAD.test(text) ||
    NOTE_LINE.test(text) ||
    /^\(.*\)[.!]?$|^\[.*\][.!]?$/.test(text) ||
    /^(?:the )?(?:goal|aim|objective|purpose|tone|style)\b/i.test(text)
  );
}

/**
 * The question an instruction to ask stands for: "Ask about their budget." → "What budget do you
 * have in mind?" (the topic's own question), "Ask them about their roof." → "Could you tell me a
 * little about your roof?". Null when it is no such instruction, or too involved to say.
 */
export function questionFromInstruction(sentence: string): string | null {
  const match = ASK.exec(sentence.trim());
  if (!match) return null;
  const word = match[1]!.toLowerCase();
  // Only the thing to ask about: ", and if so …", "; then …" are more instructions.
  const rest = toSecondPerson(
    match[2]!.split(/[,;:]|\s+(?:and then|then|and if|so that|before|after|but)\s+/i)[0]!.trim(),
  );
  if (!rest || rest.length > 80) return null;
  const kind = kindOf(`${word} ${rest}`);
  if (kind) return kind.question;
  if (/\b(you'll|I|we|us|our)\b/.test(rest)) return null;
  return word === "about"
    ? `Could you tell me a little about ${rest}?`
    : word === "for"
      ? `Could you share ${rest}?`
      : word === "whether" || word === "if"
        ? `Could you let me know whether ${rest}?`
        : `Could you tell me ${word} ${rest}?`;
}

/** A question as said: without "Ask:" or quotes, about "you" rather than "them". */
function asSaid(question: string): string {
  const bare = question
    .replace(/^(?:ask|say|question|q)\s*[:—–-]\s*/i, "")
    .replace(/^["“‘']+|["”’']+$/g, "")
    .trim();
  return capitalise(/\b(they|their|them)\b/i.test(bare) ? toSecondPerson(bare) : bare);
}

/** What one line of the script gives to say (nothing when it is all for the agent). */
function lineSaid(raw: string, paragraph: number, guidance: boolean): ScriptLine[] {
  const bulleted = BULLET.test(raw);
  const line = raw.replace(BULLET, "").trim();
  if (!line || DATA_LINE.test(line) || NOTE_LINE.test(line)) return [];
  if (/^\(.*\)$|^\[.*\]$/.test(line)) return [];
  const said: ScriptLine[] = [];
  const say = (text: string, source: ScriptLine["source"]) => {
    const clean = text.replace(/\s+/g, " ").trim();
    if (clean.length > 1 && clean.length <= MAX_LINE) said.push({ text: clean, paragraph, source });
  };
  // An instruction that quotes what to say: the quoted words are said, the rest is not.
  // ("Greet them and say 'Hi!'" too; but not "If they ask…, say '…'": that waits for a question
  // the simulated respondent never asks.)
  const quoting =
    QUOTING_VERB.test(line) ||
    /^\S[^"“‘']{0,40}:\s*["“‘']/.test(line) ||
    (!CONDITION.test(line) && /\b(?:say|saying|ask|asking)\b\s*:?\s*["“‘']/i.test(line));
  if (quoting) {
    const quoted = [...line.matchAll(QUOTED)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? "");
    if (quoted.length > 0) {
      for (const text of quoted) say(/\?$/.test(text.trim()) ? asSaid(text) : text, "quote");
      return said;
    }
    const plain = SAY_UNQUOTED.exec(line);
    if (plain) {
      say(plain[1]!, "quote");
      return said;
    }
  }
  // A line wholly in quotes is said as it stands.
  const whole = /^["“‘](.+)["”’]$/.exec(line);
  if (whole && !guidance) {
    say(whole[1]!, "quote");
    return said;
  }
  for (const sentence of splitSentences(line)) {
    if (sentence.endsWith("?")) {
      // A question: said, unless it sits among notes for the agent.
      if (!guidance || bulleted) {
        const asked = questionFromInstruction(sentence.replace(/\?$/, ""));
        say(asked ?? asSaid(sentence), asked ? "asked" : "script");
      }
      continue;
    }
    const asked = questionFromInstruction(sentence);
    if (asked) {
      say(asked, "asked");
      continue;
    }
    // Guidance, bullet points of it, and instructions are for the agent.
    if (guidance || bulleted || isInstruction(sentence)) continue;
    say(sentence, "script");
  }
  return said;
}

/**
 * The lines of a script that are said, in order: what it says as written (greetings,
 * statements, questions), quoted text of "Say: '…'" instructions, and a question for each
 * instruction to ask about something. Instructions, guidance and data are left out.
 */
export function scriptLines(task: string | null): ScriptLine[] {
  if (!task) return [];
  const lines: ScriptLine[] = [];
  let guidance = false;
  const paragraphs = task.replace(/\r\n?/g, "\n").split(/\n\s*\n/);
  for (const [index, paragraph] of paragraphs.entries()) {
    // A heading's guidance runs to the end of its paragraph.
    guidance = false;
    // Everything from the lead's answers on (as the Vapi and Retell adapters append them) is data.
    if (/^(?:This call's request data:|Request data:)/m.test(paragraph)) break;
    for (const raw of paragraph.split("\n")) {
      const line = raw.trim();
      if (!line) continue;
      if (HEADING.test(line) && !line.endsWith("?")) {
        const title = line.replace(/^#+\s*/, "");
        // "Say:" or "Questions:" open what is said; "Notes:", "Tone:" what is not.
        const after = title.slice(title.indexOf(":") + 1).trim();
        if (!after || title.startsWith("#")) {
          guidance = GUIDANCE_HEADING.test(title) && !SPOKEN_HEADING.test(title);
          continue;
        }
      }
      lines.push(...lineSaid(line, index, guidance));
    }
  }
  return lines;
}
