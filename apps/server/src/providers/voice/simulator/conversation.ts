/**
 * The simulated conversation: the assistant's lines come from the call's task (the assistant's
 * script, with its variables already filled in by the caller) and first_sentence — only the
 * script's lines meant to be said, never its instructions to the agent (script.ts); the
 * respondent's replies are canned answers that fit a lead calling back about a form they just
 * submitted, from the table the analysis reads too (replies.ts). What the caller put in request_data (the lead's answers, under their questions) is
 * what the assistant knows: it confirms an answer instead of asking its question again, and
 * refers back to at least one, as Bland's agent would with the same data.
 */

import {
  ACKNOWLEDGEMENT,
  ASKS_FOR_PERSON_REPLY,
  CONFIRMS_FORM,
  DEFAULT_REPLY,
  isYesNoQuestion,
  kindOf,
  OPEN_REPLY,
  OPT_OUT_REPLY,
  type ReplyKind,
} from "./replies.ts";
import { GREETING, scriptLines } from "./script.ts";

export interface Turn {
  /** What the assistant says at the start of the turn. */
  assistant: string;
  /** What the respondent answers in the second half of the turn (null: nobody answers). */
  user: string | null;
}

export interface Conversation {
  turns: Turn[];
  /** The closing agent-action entry, e.g. "Call ended by assistant". */
  agentAction: string;
  /** One paragraph. */
  summary: string;
}

export interface ConversationInput {
  task: string | null;
  firstSentence: string | null;
  /** The respondent's name, when the caller passed one. */
  name: string | null;
  /** What the respondent wrote in the form (formAnswers of request_data); none when absent. */
  answers?: FormAnswer[];
}

/** One answer from the call's request_data: its key is the question. */
export interface FormAnswer {
  question: string;
  answer: string;
}

/** Asked when the script gives fewer than two questions, in this order. */
const GENERIC_QUESTIONS = [
  "What prompted you to reach out to us today?",
  "And what kind of timeline are you working with?",
  "What's the best way for our team to follow up with you?",
];

const MIN_QUESTIONS = 2;
const MAX_QUESTIONS = 4;
const MAX_LINE = 240;

/**
 * Ringback's scripts usually open with a greeting ("Hi Ada, this is Alex from Acme. … Do you have
 * a minute?"): the lines said from that greeting up to its first question (at most three, in one
 * paragraph, none made from an instruction) are the assistant's first line. Instructions to the
 * agent are never part of it (script.ts). Null when the first line said is not a greeting.
 */
export function openingFromTask(task: string | null): string | null {
  const lines = scriptLines(task);
  const first = lines[0];
  if (!first || first.source === "asked" || !GREETING.test(first.text)) return null;
  const opening: string[] = [];
  for (const line of lines) {
    if (line.paragraph !== first.paragraph || line.source === "asked" || opening.length >= 3) {
      break;
    }
    opening.push(line.text);
    if (line.text.endsWith("?")) break;
  }
  const text = opening.join(" ");
  return text.length <= MAX_LINE * 2 ? text : first.text.slice(0, MAX_LINE * 2);
}

/** The name a greeting addresses ("Hi Ada, …" → Ada); null for "Hi there". */
export function nameFromGreeting(text: string | null): string | null {
  const match = text ? GREETING.exec(text.trim()) : null;
  const name = match?.[1];
  if (!name || !/^\p{Lu}/u.test(name) || /^(there|all|everyone|team)$/i.test(name)) return null;
  return name;
}

/**
 * What the assistant says after its opening, one turn each: the script's questions (its own, and
 * one for each instruction to ask about something: "Ask about their budget." → "What budget do
 * you have in mind?"), with anything the script quotes to say ("Say: '…'") said before the
 * question that follows it. The script's instructions and guidance are never said. Lines in
 * `skip` (already said) are left out.
 */
export function questionsFromTask(task: string | null, skip = ""): string[] {
  const found: string[] = [];
  let pending: string[] = [];
  for (const line of scriptLines(task)) {
    if (skip.includes(line.text)) continue;
    if (!line.text.endsWith("?")) {
      // A statement as written is context; one the script quotes is said.
      if (line.source === "quote") pending.push(line.text);
      continue;
    }
    const joined = [...pending, line.text].join(" ");
    // Too long to say in one go: the question alone.
    const said = joined.length <= MAX_LINE ? joined : line.text;
    pending = [];
    if (found.includes(said)) continue;
    found.push(said);
    if (found.length >= MAX_QUESTIONS) return found;
  }
  const rest = pending.join(" ");
  if (rest && rest.length <= MAX_LINE && found.length < MAX_QUESTIONS) found.push(rest);
  return found;
}

/** "You are Sam from Acme Dental" → { agent: "Sam", company: "Acme Dental" }. */
export function personaFromTask(task: string | null): {
  agent: string | null;
  company: string | null;
} {
  if (!task) return { agent: null, company: null };
  const agent =
    /\b(?:you are|you're|your name is|this is)\s+([A-Z][a-z]+)\b/.exec(task)?.[1] ?? null;
  const company =
    /\b(?:from|at|for|with|on behalf of)\s+((?:[A-Z][\w&'’-]*)(?:\s+(?:[A-Z][\w&'’-]*|&))*)/.exec(
      task,
    )?.[1] ?? null;
  const ignore = new Set(["You", "Your", "The", "I", "We", "A", "An"]);
  return {
    agent: agent && !ignore.has(agent) ? agent : null,
    company: company && !ignore.has(company) ? company : null,
  };
}

/** The kind of reply a line asks for (by its question, the last sentence): none for a repeat. */
function replyFor(line: string, used: Set<string>): ReplyKind | null {
  const kind = kindOf(lastSentence(line));
  return kind && !used.has(kind.key) ? kind : null;
}

const lastSentence = (line: string) => line.split(/(?<=[.?!])\s+/).at(-1) ?? line;

function joinFacts(facts: string[]): string {
  if (facts.length <= 1) return facts[0] ?? "";
  return `${facts.slice(0, -1).join(", ")} and ${facts.at(-1)}`;
}

const MAX_ANSWERS = 50;
const MAX_QUOTE = 120;
/** request_data keys that name the respondent rather than answer a question. */
const NAME_KEYS = new Set(["name", "respondent_name", "first_name"]);

/**
 * The respondent's answers in request_data: every key but the name's, with a value that reads
 * as text (Ringback sends strings; numbers and booleans are read too), in the order given.
 */
export function formAnswers(requestData: Record<string, unknown> | null | undefined): FormAnswer[] {
  const answers: FormAnswer[] = [];
  for (const [key, value] of Object.entries(requestData ?? {})) {
    if (NAME_KEYS.has(key.trim().toLowerCase())) continue;
    const text =
      typeof value === "string" || typeof value === "number" || typeof value === "boolean"
        ? String(value).replace(/\s+/g, " ").trim()
        : "";
    const question = key.replace(/\s+/g, " ").trim();
    if (!text || !question) continue;
    answers.push({ question, answer: text });
    if (answers.length >= MAX_ANSWERS) break;
  }
  return answers;
}

function quote(text: string): string {
  const short = text.length <= MAX_QUOTE ? text : `${text.slice(0, MAX_QUOTE - 1).trimEnd()}…`;
  return `“${short}”`;
}

/**
 * An answer worth talking about: words the respondent chose, not a yes/no, an address, a number
 * to call or a link (those are confirmed only when the script asks about them).
 */
function isTalkingPoint(answer: FormAnswer, name: string | null): boolean {
  const text = answer.answer;
  if (text.length < 3 || text === name) return false;
  if (/^(yes|no|true|false|file uploaded)$/i.test(text)) return false;
  if (/@|^https?:\/\//i.test(text)) return false;
  return !/^\+?[\d\s().-]{6,}$/.test(text);
}

/** The answer to refer back to first: one about what they need, else the first worth it. */
function talkingPoint(answers: FormAnswer[], name: string | null): FormAnswer | null {
  const candidates = answers.filter((answer) => isTalkingPoint(answer, name));
  return candidates.find((a) => kindOf(a.question)?.key === "need") ?? candidates[0] ?? null;
}

/** An answer to a question of this kind ("What's your budget?" for a budget question). */
function answerOfKind(answers: FormAnswer[], kind: ReplyKind, used: Set<FormAnswer>) {
  if (kind.key === "wrap-up") return null;
  return answers.find((a) => !used.has(a) && kindOf(a.question)?.key === kind.key) ?? null;
}

/**
 * An answered call: greeting, 2–4 questions from the script, closing (4–6 turns). A question the
 * form already answered is confirmed rather than asked; when none is, one more turn after the
 * greeting refers back to what the respondent wrote.
 */
export function answeredConversation(input: ConversationInput): Conversation {
  const { agent, company } = personaFromTask(input.task);
  const name = input.name?.trim() || null;
  const team = company ?? "our team";
  const firstSentence = input.firstSentence?.trim() || null;
  const opening = openingFromTask(input.task);
  const greeting =
    firstSentence ||
    opening ||
    `Hi ${name ?? "there"}, this is ${agent ?? "the assistant"} from ${team}, calling about the form you just sent us. Do you have a couple of minutes?`;

  const questions = questionsFromTask(input.task, [greeting, opening ?? ""].join(" "));
  const covered = new Set(questions.map((q) => kindOf(lastSentence(q))?.key).filter(Boolean));
  for (const generic of GENERIC_QUESTIONS) {
    if (questions.length >= MIN_QUESTIONS) break;
    const key = kindOf(generic)?.key;
    if (key && covered.has(key)) continue;
    questions.push(generic);
    if (key) covered.add(key);
  }

  const answers = input.answers ?? [];
  const used = new Set<string>();
  const referredTo = new Set<FormAnswer>();
  const facts: string[] = [];
  const turns: Turn[] = [
    {
      assistant: greeting,
      user: name
        ? `Yes, this is ${name}. Sure, I have a few minutes.`
        : "Sure, I have a few minutes.",
    },
  ];
  // After the first sentence (the disclosure), the script's own opening, as an agent following
  // its prompt would say it.
  if (firstSentence && opening && opening !== firstSentence) {
    turns.push({ assistant: opening, user: "Yes, go ahead." });
  }
  for (const line of questions) {
    if (!line.endsWith("?")) {
      // Something the script has the assistant say (quoted), asking nothing.
      turns.push({ assistant: line, user: ACKNOWLEDGEMENT });
      continue;
    }
    const kind = replyFor(line, used);
    if (kind) used.add(kind.key);
    const known = kind ? answerOfKind(answers, kind, referredTo) : null;
    if (known) {
      // Told already: confirm it rather than ask again.
      referredTo.add(known);
      facts.push(`confirmed ${quote(known.answer)} from the form (${known.question})`);
      turns.push({
        assistant: `You mentioned ${quote(known.answer)} for “${known.question}” on the form. Is that still right?`,
        user: CONFIRMS_FORM,
      });
      continue;
    }
    const reply = kind ?? (isYesNoQuestion(lastSentence(line)) ? DEFAULT_REPLY : OPEN_REPLY);
    if (!facts.includes(reply.fact)) facts.push(reply.fact);
    turns.push({ assistant: line, user: reply.reply });
  }
  const point = referredTo.size === 0 ? talkingPoint(answers, name) : null;
  if (point) {
    facts.unshift(`told us more about ${quote(point.answer)} (${point.question})`);
    // In words that add nothing the form did not say, so that the call never contradicts it.
    turns.splice(1, 0, {
      assistant: `Thanks for filling in our form. You mentioned ${quote(point.answer)} for “${point.question}”. Could you tell me a little more about that?`,
      user: "Sure. It's the main reason I got in touch, so I'd like to hear what you can offer.",
    });
  }
  turns.push({
    assistant: `Thank you${name ? `, ${name}` : ""}, that's really helpful. I'll pass this on and someone from ${team} will follow up shortly. Have a great day!`,
    user: "Thanks, you too. Bye!",
  });

  const who = name ?? "The respondent";
  const summary =
    `${who} answered the call and was happy to talk. ` +
    `${who} ${joinFacts(facts)}. ` +
    `The assistant thanked ${name ?? "them"} and said ${company ?? "the team"} would follow up shortly; the call ended on a positive note.`;
  return { turns, agentAction: "Call ended by assistant", summary };
}

/**
 * A call whose person asks not to be called again (0006): the greeting, the request in the
 * person's own words, and the assistant's acknowledgement. The caller hears it in the transcript
 * and lists the number.
 */
export function optOutConversation(input: ConversationInput): Conversation {
  const { agent, company } = personaFromTask(input.task);
  const name = input.name?.trim() || null;
  const greeting =
    input.firstSentence?.trim() ||
    openingFromTask(input.task) ||
    `Hi ${name ?? "there"}, this is ${agent ?? "the assistant"} from ${company ?? "our team"}, calling about the form you just sent us.`;
  return {
    turns: [
      { assistant: greeting, user: OPT_OUT_REPLY },
      {
        assistant: `I'm sorry to have bothered you${name ? `, ${name}` : ""}. I've noted that you don't want any more calls from us. Goodbye.`,
        user: "Thank you. Bye.",
      },
    ],
    agentAction: "Call ended by assistant",
    summary: `${name ?? "The respondent"} answered and asked not to be called again. The assistant apologised, confirmed that no more calls would be made and ended the call.`,
  };
}

/** The agent-action line of a transferred call, e.g. "Transferred the call to +14155550199". */
export const TRANSFER_ACTION_PREFIX = "Transferred the call to ";

/**
 * A call whose person asks to speak to a person (0007). With a transfer number (Bland's
 * transfer_phone_number) the assistant hands the call over: the transcript notes the transfer
 * ("Transferred the call to +1…") instead of one taking place, since no phone is called. Without
 * one, the assistant says it cannot transfer and that the team will call back.
 */
export function transferConversation(
  input: ConversationInput & { transferNumber: string | null },
): Conversation {
  const { agent, company } = personaFromTask(input.task);
  const name = input.name?.trim() || null;
  const team = company ?? "our team";
  const who = name ?? "The respondent";
  const greeting =
    input.firstSentence?.trim() ||
    openingFromTask(input.task) ||
    `Hi ${name ?? "there"}, this is ${agent ?? "the assistant"} from ${team}, calling about the form you just sent us.`;
  const asks = ASKS_FOR_PERSON_REPLY;
  if (input.transferNumber) {
    return {
      turns: [
        { assistant: greeting, user: asks },
        {
          assistant: `Of course${name ? `, ${name}` : ""}. I'll put you through to someone from ${team} now. Please hold.`,
          user: "Thank you.",
        },
      ],
      agentAction: `${TRANSFER_ACTION_PREFIX}${input.transferNumber}`,
      summary: `${who} answered and asked to speak to a person. The assistant transferred the call to ${input.transferNumber}.`,
    };
  }
  return {
    turns: [
      { assistant: greeting, user: asks },
      {
        assistant: `I'm sorry${name ? `, ${name}` : ""}, I can't transfer you on this call, but I'll ask someone from ${team} to call you back shortly.`,
        user: "OK, thanks. Bye.",
      },
    ],
    agentAction: "Call ended by assistant",
    summary: `${who} answered and asked to speak to a person. The assistant could not transfer the call and said someone from ${company ?? "the team"} would call back.`,
  };
}

/**
 * A call that reached voicemail. With Bland's voicemail_action "leave_message" the assistant
 * leaves voicemail_message (or a short message of its own) in one turn; otherwise it hangs up
 * as soon as the machine is detected, and nothing is said.
 */
export function voicemailConversation(
  input: ConversationInput & { leaveMessage: boolean; message: string | null },
): Conversation {
  const { agent, company } = personaFromTask(input.task);
  const name = input.name?.trim() || null;
  const whose = name ? `${name}'s` : "the respondent's";
  if (!input.leaveMessage) {
    return {
      turns: [],
      agentAction: "Voicemail detected: ended the call without leaving a message",
      summary: `The call reached ${whose} voicemail. The assistant hung up without leaving a message; no conversation took place.`,
    };
  }
  const message =
    input.message?.trim() ||
    `Hi ${name ?? "there"}, this is ${agent ?? "the assistant"} from ${company ?? "our team"}, calling about the form you just sent us. Sorry we missed you — we'll try you again a little later. Thanks!`;
  return {
    turns: [{ assistant: message, user: null }],
    agentAction: "Voicemail detected: left a message and ended the call",
    summary: `The call reached ${whose} voicemail. The assistant left a short message saying it would try again later; no conversation took place.`,
  };
}

/**
 * The respondent's name: request_data or metadata `name` / `respondent_name` / `first_name`, or
 * else the name the opening greets ("Hi Ada, …": the script with {name} filled in).
 */
export function respondentName(
  requestData: Record<string, unknown> | null | undefined,
  metadata: Record<string, unknown> | null | undefined,
  opening: string | null = null,
): string | null {
  for (const source of [requestData, metadata]) {
    for (const key of ["name", "respondent_name", "first_name"]) {
      const value = source?.[key];
      if (typeof value === "string" && value.trim()) return value.trim().slice(0, 100);
    }
  }
  return nameFromGreeting(opening);
}
