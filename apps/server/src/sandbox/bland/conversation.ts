/**
 * The simulated conversation: the assistant's lines come from the call's task (the assistant's
 * script, with its variables already filled in by the caller) and first_sentence; the
 * respondent's replies are canned answers that fit a lead calling back about a form they just
 * submitted. What the caller put in request_data (the lead's answers, under their questions) is
 * what the assistant knows: it confirms an answer instead of asking its question again, and
 * refers back to at least one, as Bland's agent would with the same data.
 */

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

interface ReplyKind {
  key: string;
  matches: RegExp;
  reply: string;
  /** What the summary says the respondent told the assistant (after the name). */
  fact: string;
}

const REPLY_KINDS: ReplyKind[] = [
  {
    key: "budget",
    matches: /\b(budget|price|pricing|cost|spend|afford)/i,
    reply: "We've set aside around five thousand dollars for this, give or take.",
    fact: "has a budget of around five thousand dollars",
  },
  {
    key: "timeline",
    matches: /\b(when|timeline|timeframe|time frame|start|soon|deadline|schedule)/i,
    reply: "Ideally we'd like to get going within the next month.",
    fact: "would like to get started within the next month",
  },
  {
    key: "contact",
    // "reach out" is why they wrote (need), not how to reach them.
    matches: /\b(email|e-mail|contact|reach(?!\s+out)|follow[- ]?up|best way|call you back)/i,
    reply: "Email works best for me, and the afternoons are easiest for a call.",
    fact: "prefers a follow-up by email, with calls in the afternoon",
  },
  {
    key: "size",
    matches: /\b(how many|size|team|people|employees|staff|users)/i,
    reply: "We're a team of about twelve people at the moment.",
    fact: "works in a team of about twelve people",
  },
  {
    key: "need",
    matches:
      /\b(interest|looking for|need|help|problem|challenge|why|reach out|reached out|prompted|goal|hoping)/i,
    reply: "We're getting more enquiries than we can answer, so we need a faster way to respond.",
    fact: "is looking for a faster way to respond to new enquiries",
  },
  {
    key: "location",
    matches: /\b(where|location|located|city|area|address)/i,
    reply: "We're based downtown, close to the river.",
    fact: "is based downtown",
  },
  {
    key: "decision",
    matches: /\b(decision|decide|who else|involved|sign off)/i,
    reply: "I'll make the call on this, together with my business partner.",
    fact: "makes the decision together with a business partner",
  },
  {
    key: "wrap-up",
    matches: /\b(anything else|any questions|other questions)/i,
    reply: "No, I think that covers it for now.",
    fact: "had no further questions",
  },
];

const DEFAULT_REPLY: ReplyKind = {
  key: "default",
  matches: /$^/,
  reply: "Yes, that sounds right. Happy to go into more detail with your team.",
  fact: "confirmed the details the assistant asked about",
};

/** Asked when the script gives fewer than two questions, in this order. */
const GENERIC_QUESTIONS = [
  "What prompted you to reach out to us today?",
  "And what kind of timeline are you working with?",
  "What's the best way for our team to follow up with you?",
];

const MIN_QUESTIONS = 2;
const MAX_QUESTIONS = 4;
const MAX_LINE = 240;

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.?!])\s+|\n+/)
    .map((s) => s.trim().replace(/^[-*•\d.)\s]+/, ""))
    .filter((s) => s.length > 0);
}

/** Third person about the respondent → second person, for lines said to them. */
function toSecondPerson(text: string): string {
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

const ASK =
  /^(?:please\s+|then\s+|also\s+|and\s+)*(?:ask|find out|confirm|check|learn|understand|establish)\b(?:\s+(?:them|the lead|the caller|the respondent|the customer|the prospect|the person|him|her|[A-Z][a-z]+))?\s+(about|for|whether|if|what|when|how|which|who|where|why)\s+(.+?)[.!]*$/i;

const GREETING = /^(?:hi|hello|hey|good (?:morning|afternoon|evening)|dear)\b[\s,!]*([^\s,!.?]+)?/i;

/**
 * Ringback's scripts usually are what the assistant says, opening with a greeting ("Hi Ada, this
 * is Alex from Acme. … Do you have a minute?"): that opening, up to its first question (at most
 * three sentences), is the assistant's first line. Null when the script does not open that way.
 */
export function openingFromTask(task: string | null): string | null {
  if (!task) return null;
  // Within the first paragraph: instructions that follow a blank line are not said aloud.
  const all = sentences(task.trim().split(/\n\s*\n/)[0]!);
  if (!all[0] || !GREETING.test(all[0])) return null;
  const opening: string[] = [];
  for (const sentence of all.slice(0, 3)) {
    opening.push(sentence);
    if (sentence.endsWith("?")) break;
  }
  const line = opening.join(" ");
  return line.length <= MAX_LINE * 2 ? line : all[0].slice(0, MAX_LINE * 2);
}

/** The name a greeting addresses ("Hi Ada, …" → Ada); null for "Hi there". */
export function nameFromGreeting(text: string | null): string | null {
  const match = text ? GREETING.exec(text.trim()) : null;
  const name = match?.[1];
  if (!name || !/^\p{Lu}/u.test(name) || /^(there|all|everyone|team)$/i.test(name)) return null;
  return name;
}

/**
 * The questions the script asks: its own questions, and instructions such as "Ask them about
 * their budget." turned into one. Sentences in `skip` (already said) are left out.
 */
export function questionsFromTask(task: string | null, skip = ""): string[] {
  if (!task) return [];
  const found: string[] = [];
  for (const sentence of sentences(task)) {
    if (skip.includes(sentence)) continue;
    let question: string | null = null;
    if (sentence.endsWith("?")) {
      question = sentence
        .replace(/^(?:ask|say|question)\s*:\s*/i, "")
        .replace(/^["“']+|["”']+$/g, "")
        .trim();
    } else {
      const match = ASK.exec(sentence);
      if (match) {
        const word = match[1]!.toLowerCase();
        const rest = toSecondPerson(match[2]!);
        question =
          word === "about"
            ? `Could you tell me a little about ${rest}?`
            : word === "for"
              ? `Could you share ${rest}?`
              : word === "whether" || word === "if"
                ? `Could you let me know whether ${rest}?`
                : `Could you tell me ${word} ${rest}?`;
      }
    }
    if (question && question.length > 1 && question.length <= MAX_LINE) {
      if (!found.includes(question)) found.push(question);
    }
    if (found.length >= MAX_QUESTIONS) break;
  }
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

function replyFor(question: string, used: Set<string>): ReplyKind {
  const kind = REPLY_KINDS.find((k) => k.matches.test(question));
  if (!kind || used.has(kind.key)) return DEFAULT_REPLY;
  return kind;
}

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

const kindOf = (question: string) => REPLY_KINDS.find((kind) => kind.matches.test(question));

/** An answer to a question of this kind ("What's your budget?" for a budget question). */
function answerOfKind(answers: FormAnswer[], kind: ReplyKind, used: Set<FormAnswer>) {
  if (kind.key === "wrap-up" || kind.key === "default") return null;
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
  const covered = new Set(
    questions.map((q) => REPLY_KINDS.find((k) => k.matches.test(q))?.key).filter(Boolean),
  );
  for (const generic of GENERIC_QUESTIONS) {
    if (questions.length >= MIN_QUESTIONS) break;
    const key = REPLY_KINDS.find((k) => k.matches.test(generic))?.key;
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
  for (const question of questions) {
    const kind = replyFor(question, used);
    used.add(kind.key);
    const known = answerOfKind(answers, kind, referredTo);
    if (known) {
      // Told already: confirm it rather than ask again.
      referredTo.add(known);
      facts.push(`confirmed ${quote(known.answer)} from the form (${known.question})`);
      turns.push({
        assistant: `You mentioned ${quote(known.answer)} for “${known.question}” on the form. Is that still right?`,
        user: "Yes, that's still right.",
      });
      continue;
    }
    if (!facts.includes(kind.fact)) facts.push(kind.fact);
    turns.push({ assistant: question, user: kind.reply });
  }
  const point = referredTo.size === 0 ? talkingPoint(answers, name) : null;
  if (point) {
    const found = kindOf(point.question);
    const kind = found && !used.has(found.key) ? found : null;
    facts.unshift(`told us more about ${quote(point.answer)} (${point.question})`);
    turns.splice(1, 0, {
      assistant: `Thanks for filling in our form. You mentioned ${quote(point.answer)} for “${point.question}”. Could you tell me a little more about that?`,
      user: `Sure. ${kind?.reply ?? "It's the main reason I got in touch, so I'd like to hear what you can offer."}`,
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
 * (issue 13 §3) and lists the number.
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
      { assistant: greeting, user: "Please stop calling me and take me off your list." },
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
  const asks = "Actually, could I speak to a real person, please?";
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
