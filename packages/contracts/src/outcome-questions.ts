import { z } from "zod";
import { MAX_OUTCOME_QUESTIONS, OUTCOME_KEY_PATTERN, outcomeTypes } from "./outcome-types.ts";

/**
 * An assistant's outcome questions: what the AI is asked to answer after each call.
 * Apart from outcomes.ts (the answers: their values, normalizing and formatting) so that the
 * pages that only show answers do not load zod.
 */
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
