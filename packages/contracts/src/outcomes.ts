import { z } from "zod";

/**
 * Issue 14 §1: the questions a call should answer ("Outcomes"), per assistant. The voice
 * provider answers them after the call (Bland `analysis_schema`); the answers are stored with
 * the call, shown in Call Details and Call Records, exported and sent to webhooks.
 */
export const outcomeTypes = ["boolean", "number", "text", "choice", "date"] as const;
export type OutcomeType = (typeof outcomeTypes)[number];

export const outcomeTypeLabels: Record<OutcomeType, string> = {
  boolean: "Yes / no",
  number: "Number",
  text: "Text",
  choice: "One of a list",
  date: "Date",
};

export const MAX_OUTCOME_QUESTIONS = 10;
export const OUTCOME_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

export const outcomeQuestionSchema = z
  .object({
    /** snake_case, unique per assistant: the answer's name in webhooks, the API and the CSV. */
    key: z
      .string()
      .trim()
      .regex(
        OUTCOME_KEY_PATTERN,
        "Use lower-case letters, digits and _ (starting with a letter, at most 40).",
      ),
    label: z.string().trim().min(1, "Give the question a label.").max(80, "At most 80 characters."),
    type: z.enum(outcomeTypes),
    /** The allowed answers of a "choice" question. */
    choices: z
      .array(
        z.string().trim().min(1, "An option cannot be empty.").max(60, "At most 60 characters."),
      )
      .max(20, "At most 20 options.")
      .optional(),
    /** What the AI should look for (sent to the provider with the question). */
    description: z.string().trim().max(300, "At most 300 characters.").optional(),
  })
  .superRefine((question, ctx) => {
    if (question.type === "choice") {
      const choices = question.choices ?? [];
      if (choices.length < 2) {
        ctx.addIssue({ code: "custom", path: ["choices"], message: "Give at least two options." });
      }
      if (new Set(choices.map((c) => c.toLowerCase())).size !== choices.length) {
        ctx.addIssue({ code: "custom", path: ["choices"], message: "Each option once." });
      }
    }
  });
export type OutcomeQuestion = z.infer<typeof outcomeQuestionSchema>;

export const outcomeQuestionsSchema = z
  .array(outcomeQuestionSchema)
  .max(MAX_OUTCOME_QUESTIONS, `At most ${MAX_OUTCOME_QUESTIONS} questions.`)
  .superRefine((questions, ctx) => {
    const seen = new Set<string>();
    questions.forEach((question, index) => {
      if (seen.has(question.key)) {
        ctx.addIssue({
          code: "custom",
          path: [index, "key"],
          message: `The key "${question.key}" is used twice.`,
        });
      }
      seen.add(question.key);
    });
  });

/** An answer: yes/no, a number, text, one of the list, a date (yyyy-mm-dd), or unknown. */
export type OutcomeValue = boolean | number | string | null;
/** A call's answers, by question key. */
export type Outcomes = Record<string, OutcomeValue>;
