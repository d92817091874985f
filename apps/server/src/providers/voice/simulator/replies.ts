/**
 * What the simulated respondent says, and what each reply states: one table that both the
 * conversation (conversation.ts: which reply answers which question, what the summary says) and
 * the analysis (analysis.ts: the outcome answers) read, so that the two can never disagree — the
 * budget the respondent names on the call is the budget the outcomes report.
 */

/** One fact a reply states, as the analysis reads it for an outcome question. */
export interface Statement {
  /** The outcome questions it answers: tested on the question's key (as words) and label. */
  about: RegExp;
  /** The value for a number question. */
  number?: number;
  /** The value for a text question. */
  text?: string;
  /** The value for a yes/no question. */
  yes?: boolean;
  /** The option of a one-of list it picks: the first option this matches. */
  option?: RegExp;
}

export interface ReplyKind {
  key: string;
  /** A question of this kind (the assistant's question, or a form question). */
  matches: RegExp;
  /**
   * How the assistant asks about this when the script only tells it to ("Ask about their
   * budget." → "What budget do you have in mind?").
   */
  question: string;
  /** What the respondent answers. */
  reply: string;
  /** What the summary says the respondent told the assistant (after the name). */
  fact: string;
  /** What the reply states, for the outcome questions. */
  states: Statement[];
}

export const REPLY_KINDS: ReplyKind[] = [
  {
    key: "budget",
    matches: /\b(budget|price|pricing|cost|spend|afford)/i,
    question: "What budget do you have in mind?",
    reply: "We've set aside around five thousand dollars for this, give or take.",
    fact: "has a budget of around five thousand dollars",
    states: [
      {
        about: /\b(budgets?|price|pricing|costs?|spend|spending|afford|investment|amount)\b/i,
        number: 5000,
        text: "Around $5,000",
        // "has_budget", "budget_confirmed": a budget was named.
        yes: true,
      },
    ],
  },
  {
    key: "timeline",
    matches: /\b(when|timeline|timeframe|time frame|start|soon|deadline|schedule)/i,
    question: "When would you like to get started?",
    reply: "Ideally we'd like to get going within the next month.",
    fact: "would like to get started within the next month",
    states: [
      {
        about: /\b(timeline|timeframe|time frame|start|starting|when|urgency|urgent|soon|ready)\b/i,
        text: "Within the next month",
        yes: true,
        option:
          /\b(within|in|under|less than)\s+(a|one|1|the next)\s+month\b|\b(next|this)\s+month\b|\b0?\s*[-–]\s*1\s+months?\b|^\s*1\s*[-–]\s*\d+\s+months?\b|\b30 days\b|\b(asap|as soon as possible|immediately|soon|urgent)\b/i,
      },
    ],
  },
  {
    key: "contact",
    // "reach out" is why they wrote (need), not how to reach them.
    matches: /\b(email|e-mail|contact|reach(?!\s+out)|follow[- ]?up|best way|call you back)/i,
    question: "What's the best way for our team to follow up with you?",
    reply: "Email works best for me, and the afternoons are easiest for a call.",
    fact: "prefers a follow-up by email, with calls in the afternoon",
    states: [
      {
        about: /\b(best time|time to call|call time|callback time|time of day)\b/i,
        text: "Afternoons",
        option: /\bafternoons?\b/i,
      },
      {
        about: /\b(contact|channel|follow|followup|follow up|communication|reach)\b/i,
        text: "Email, with calls in the afternoon",
        option: /\be-?mail\b/i,
      },
    ],
  },
  {
    key: "size",
    matches: /\b(how many|size|team|people|employees|staff|users)/i,
    question: "How big is your team?",
    reply: "We're a team of about twelve people at the moment.",
    fact: "works in a team of about twelve people",
    states: [
      {
        about: /\b(team|teams|size|employees|employee|staff|headcount|people|seats|users)\b/i,
        number: 12,
        text: "About 12 people",
      },
    ],
  },
  {
    key: "need",
    matches:
      /\b(interest|looking for|need|help|problem|challenge|why|reach out|reached out|prompted|goal|hoping)/i,
    question: "What prompted you to reach out to us today?",
    reply: "We're getting more enquiries than we can answer, so we need a faster way to respond.",
    fact: "is looking for a faster way to respond to new enquiries",
    states: [
      // "Interested?": they said what they need and why they got in touch.
      { about: /\binterest(ed)?\b/i, yes: true },
      {
        about:
          /\b(needs?|goals?|problems?|challenges?|pain|reason|interests?|looking|requirements?)\b/i,
        text: "A faster way to respond to new enquiries",
      },
    ],
  },
  {
    key: "location",
    matches: /\b(where|location|located|city|area|address)/i,
    question: "Where are you based?",
    reply: "We're based downtown, close to the river.",
    fact: "is based downtown",
    states: [
      {
        about: /\b(location|located|city|area|where|based|region|neighbou?rhood)\b/i,
        text: "Downtown, close to the river",
      },
    ],
  },
  {
    key: "decision",
    matches: /\b(decision|decide|who else|involved|sign off)/i,
    question: "Who else is involved in the decision?",
    reply: "I'll make the call on this, together with my business partner.",
    fact: "makes the decision together with a business partner",
    states: [
      {
        about: /\b(decision|decides?|decider|authority|approver|sign off|signoff)\b/i,
        text: "Together with a business partner",
        yes: true,
      },
    ],
  },
  {
    key: "wrap-up",
    matches: /\b(anything else|any questions|other questions)/i,
    question: "Do you have any other questions for us?",
    reply: "No, I think that covers it for now.",
    fact: "had no further questions",
    states: [{ about: /\b(questions?|concerns?)\b/i, yes: false, text: "None for now" }],
  },
];

/**
 * The reply to a yes/no question of no known kind ("Do you own your home?"): a yes, which the
 * analysis reads as the answer to a yes/no outcome question in the same words.
 */
export const DEFAULT_REPLY = {
  key: "default",
  reply: "Yes, that sounds right. Happy to go into more detail with your team.",
  fact: "confirmed the details the assistant asked about",
};

/**
 * The reply to an open question of no known kind ("What type of roof do you have?"): it states
 * nothing, so no outcome is read from it.
 */
export const OPEN_REPLY = {
  key: "open",
  reply: "Good question. I'd rather go through that with your team directly, if that's all right.",
  fact: "would rather go through some of the details with the team directly",
};

/** A question answered yes or no: "Do you…?", "Is it…?" — not "Could you tell me…?". */
export const isYesNoQuestion = (question: string): boolean =>
  /^(?:do|does|did|are|is|was|were|can|could|would|will|have|has|had|should|may|might|shall|am)\b/i.test(
    question.trim(),
  ) &&
  !/^(?:could|can|would|will) you (?:tell|share|let me know|describe|walk|explain|give)\b/i.test(
    question.trim(),
  );

/** The reply to a line the assistant says that asks nothing. */
export const ACKNOWLEDGEMENT = "Okay, good to know.";

/** The answered respondent's reply when the assistant confirms what the form said. */
export const CONFIRMS_FORM = "Yes, that's still right.";

/**
 * The person who asks not to be called again (0006). What they said answers "do not call" yes,
 * and "interested", "wants a callback", "book a demo" and the like no; nothing else.
 */
export const OPT_OUT_REPLY = "Please stop calling me and take me off your list.";
export const OPT_OUT_STATES: Statement[] = [
  {
    about: /\b(do not call|dnc|opt(ed)?[ _-]?out|unsubscribed?|remove|removed|stop calling)\b/i,
    yes: true,
  },
  {
    about:
      /\b(interest|interested|callback|call back|follow|followup|contact|contacted|call|calls|calling|quote|demo|appointment|meeting|book|booked|booking|consent|wants?|wish|buy|purchase)\b/i,
    yes: false,
  },
  { about: /\b(reason|objection|why)\b/i, text: "Asked not to be called again" },
];

/** The person who asks to speak to a person (0007): "wants a human" yes; nothing else. */
export const ASKS_FOR_PERSON_REPLY = "Actually, could I speak to a real person, please?";
export const ASKS_FOR_PERSON_STATES: Statement[] = [
  {
    about: /\b(human|person|real person|representative|transfer|transferred|speak|someone)\b/i,
    yes: true,
  },
];

/** The kind of a question, by its words ("What's your budget?" → budget). */
export const kindOf = (question: string): ReplyKind | undefined =>
  REPLY_KINDS.find((kind) => kind.matches.test(question));
