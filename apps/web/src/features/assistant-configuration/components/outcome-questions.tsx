import {
  MAX_OUTCOME_QUESTIONS,
  type OutcomeType,
  outcomeTypeLabels,
  outcomeTypes,
} from "@ringback/contracts";
import { ArrowDown, ArrowUp, Plus, Trash2, X } from "lucide-react";
import { type Dispatch, type SetStateAction, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import {
  emptyOutcomeForm,
  exampleOutcomeForm,
  isOutcomeKey,
  MAX_OUTCOME_CHOICES,
  moveOutcomeForm,
  OUTCOME_CHOICE_MAX,
  OUTCOME_DESCRIPTION_MAX,
  OUTCOME_EXAMPLES,
  OUTCOME_LABEL_MAX,
  type OutcomeErrors,
  type OutcomeQuestionErrors,
  type OutcomeQuestionForm,
  withLabel,
  withType,
} from "../outcomes-form";

const KEY_RULE = "Use lower-case letters, digits and _ (starting with a letter, at most 40).";

/** The ids of a row's inputs (for labels, errors and moving focus). */
export const outcomeFieldId = (rowId: string, field: keyof OutcomeQuestionErrors) =>
  `outcome-${rowId}-${field}`;

/**
 * Step 3 'Outcomes': up to ten questions each call should answer — a label, a
 * key (following the label until typed), a type, the options of "One of a list" and what the
 * AI should listen for. Empty, it offers examples to add with one click. Saved with the step.
 */
export function OutcomeQuestions({
  forms,
  setForms,
  errors,
  setErrors,
  disabled,
}: {
  forms: OutcomeQuestionForm[];
  setForms: Dispatch<SetStateAction<OutcomeQuestionForm[]>>;
  errors: OutcomeErrors;
  setErrors: Dispatch<SetStateAction<OutcomeErrors>>;
  disabled: boolean;
}) {
  const headingId = useId();
  const hintId = useId();
  // The field to focus once the rows have re-rendered (a new row's label, a moved row's button).
  const [focus, setFocus] = useState<string | null>(null);
  useEffect(() => {
    if (!focus) return;
    document.getElementById(focus)?.focus();
    setFocus(null);
  }, [focus]);

  const clearError = (rowId: string, field: keyof OutcomeQuestionErrors) =>
    setErrors((previous) =>
      previous.questions[rowId]?.[field] || previous.list
        ? {
            list: undefined,
            questions: {
              ...previous.questions,
              [rowId]: { ...previous.questions[rowId], [field]: undefined },
            },
          }
        : previous,
    );
  const update = (
    rowId: string,
    field: keyof OutcomeQuestionErrors,
    change: (forms: OutcomeQuestionForm[]) => OutcomeQuestionForm[],
  ) => {
    setForms(change);
    clearError(rowId, field);
  };
  const add = (row: OutcomeQuestionForm) => {
    setForms((previous) => [...previous, row]);
    setErrors((previous) => ({ ...previous, list: undefined }));
    setFocus(outcomeFieldId(row.id, "label"));
  };
  const remove = (rowId: string) => {
    const index = forms.findIndex((f) => f.id === rowId);
    const next = forms.filter((f) => f.id !== rowId);
    setForms(next);
    setErrors((previous) => ({ ...previous, list: undefined }));
    // Focus stays in the list: on the question that took its place, else the one before.
    const neighbour = next[index] ?? next[index - 1];
    setFocus(neighbour ? outcomeFieldId(neighbour.id, "label") : `${headingId}-add`);
  };
  const full = forms.length >= MAX_OUTCOME_QUESTIONS;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-base font-semibold">
          Outcomes
        </h3>
        <p id={hintId} className="text-sm text-muted-foreground">
          Questions each call should answer. The AI answers them after the call; the answers show in
          Call Details and Call Records and go into the CSV export. The key names an answer in the
          export, webhooks and the API.
        </p>
      </div>

      {forms.length === 0 ? (
        <div className="flex flex-col gap-3 rounded-lg border border-dashed p-4">
          <p className="text-sm text-muted-foreground">
            No questions yet.{" "}
            {disabled ? null : "Start from an example, or add a question of your own."}
          </p>
          {disabled ? null : (
            <ul aria-label="Examples" className="flex flex-wrap gap-2">
              {OUTCOME_EXAMPLES.map((example) => (
                <li key={example.key}>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="h-auto min-h-8 whitespace-normal py-1.5 text-left"
                    onClick={() => add(exampleOutcomeForm(example, forms))}
                  >
                    <Plus aria-hidden="true" />
                    <span>
                      {example.label}{" "}
                      <span className="font-normal text-muted-foreground">
                        ({outcomeTypeLabels[example.type]})
                      </span>
                    </span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <ol className="flex flex-col gap-3">
          {forms.map((form, index) => (
            <li key={form.id}>
              <QuestionFields
                form={form}
                index={index}
                count={forms.length}
                errors={errors.questions[form.id] ?? {}}
                disabled={disabled}
                onLabel={(label) =>
                  update(form.id, "label", (previous) => withLabel(previous, form.id, label))
                }
                onKey={(key) =>
                  update(form.id, "key", (previous) =>
                    previous.map((f) => (f.id === form.id ? { ...f, key, keyEdited: true } : f)),
                  )
                }
                onType={(type) => {
                  update(form.id, "type", (previous) => withType(previous, form.id, type));
                  clearError(form.id, "choices");
                }}
                onChoices={(choices) =>
                  update(form.id, "choices", (previous) =>
                    previous.map((f) => (f.id === form.id ? { ...f, choices } : f)),
                  )
                }
                onDescription={(description) =>
                  update(form.id, "description", (previous) =>
                    previous.map((f) => (f.id === form.id ? { ...f, description } : f)),
                  )
                }
                onMove={(by) => {
                  setForms((previous) => moveOutcomeForm(previous, form.id, by));
                  // The button that moved it, or the other one once the row reaches that end.
                  const to = index + by;
                  const up = by === -1 ? to > 0 : to === forms.length - 1;
                  setFocus(`${outcomeFieldId(form.id, "label")}-move-${up ? "up" : "down"}`);
                }}
                onRemove={() => remove(form.id)}
              />
            </li>
          ))}
        </ol>
      )}

      {errors.list ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.list}
        </p>
      ) : null}

      {disabled ? null : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            id={`${headingId}-add`}
            type="button"
            variant="outline"
            disabled={full}
            onClick={() => add(emptyOutcomeForm())}
          >
            <Plus aria-hidden="true" />
            Add question
          </Button>
          <span className="text-xs text-muted-foreground" aria-live="polite">
            {full
              ? `That is the most: ${MAX_OUTCOME_QUESTIONS} questions.`
              : `${forms.length} of ${MAX_OUTCOME_QUESTIONS} questions`}
          </span>
        </div>
      )}
    </section>
  );
}

function QuestionFields({
  form,
  index,
  count,
  errors: given,
  disabled,
  onLabel,
  onKey,
  onType,
  onChoices,
  onDescription,
  onMove,
  onRemove,
}: {
  form: OutcomeQuestionForm;
  index: number;
  count: number;
  errors: OutcomeQuestionErrors;
  disabled: boolean;
  onLabel: (label: string) => void;
  onKey: (key: string) => void;
  onType: (type: OutcomeType) => void;
  onChoices: (choices: string[]) => void;
  onDescription: (description: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const keyHintId = useId();
  // A key the server would refuse is said as it is typed (the rule is not obvious).
  const errors = {
    ...given,
    key: given.key ?? (form.key.trim() && !isOutcomeKey(form.key) ? KEY_RULE : undefined),
  };
  const id = (field: keyof OutcomeQuestionErrors) => outcomeFieldId(form.id, field);
  const errorId = (field: keyof OutcomeQuestionErrors) => `${id(field)}-error`;
  const a11y = (field: keyof OutcomeQuestionErrors, hint?: string) => ({
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby":
      [hint, errors[field] ? errorId(field) : null].filter(Boolean).join(" ") || undefined,
  });
  const error = (field: keyof OutcomeQuestionErrors) =>
    errors[field] ? (
      <p id={errorId(field)} className="text-sm text-destructive">
        {errors[field]}
      </p>
    ) : null;
  const number = index + 1;
  const name = form.label.trim() || `question ${number}`;

  return (
    <fieldset
      disabled={disabled}
      className="flex min-w-0 flex-col gap-4 rounded-lg border p-3 sm:p-4"
      data-outcome-question={form.key || undefined}
    >
      <legend className="sr-only">Question {number}</legend>
      <div className="flex items-center justify-between gap-2">
        <span aria-hidden="true" className="text-sm font-semibold">
          Question {number}
        </span>
        {disabled ? null : (
          <div className="-my-1 flex items-center gap-0.5">
            <Button
              id={`${id("label")}-move-up`}
              type="button"
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Move ${name} up`}
              disabled={index === 0}
              onClick={() => onMove(-1)}
            >
              <ArrowUp aria-hidden="true" />
            </Button>
            <Button
              id={`${id("label")}-move-down`}
              type="button"
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={`Move ${name} down`}
              disabled={index === count - 1}
              onClick={() => onMove(1)}
            >
              <ArrowDown aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8 text-muted-foreground hover:text-destructive"
              aria-label={`Remove ${name}`}
              onClick={onRemove}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        )}
      </div>

      <div className="grid min-w-0 gap-4 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={id("label")}>Label</Label>
          <Input
            id={id("label")}
            value={form.label}
            maxLength={OUTCOME_LABEL_MAX}
            placeholder="Qualified?"
            onChange={(event) => onLabel(event.target.value)}
            {...a11y("label")}
          />
          {error("label")}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={id("key")}>Key</Label>
          <Input
            id={id("key")}
            value={form.key}
            maxLength={40}
            placeholder="qualified"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            className="font-mono"
            onChange={(event) => onKey(event.target.value)}
            {...a11y("key", errors.key ? undefined : keyHintId)}
          />
          {errors.key ? (
            error("key")
          ) : (
            <p id={keyHintId} className="text-xs text-muted-foreground">
              {form.keyEdited
                ? "Lower-case letters, digits and _."
                : "Follows the label until you change it."}
            </p>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={id("type")}>Type</Label>
          <Select
            value={form.type}
            onValueChange={(value) => onType(value as OutcomeType)}
            disabled={disabled}
          >
            <SelectTrigger id={id("type")} {...a11y("type")}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {outcomeTypes.map((type) => (
                <SelectItem key={type} value={type}>
                  {outcomeTypeLabels[type]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {error("type")}
        </div>
        {form.type === "choice" ? (
          <ChoicesEditor
            rowId={form.id}
            name={name}
            choices={form.choices}
            error={errors.choices}
            errorId={errorId("choices")}
            disabled={disabled}
            onChange={onChoices}
          />
        ) : null}
        <div className="flex min-w-0 flex-col gap-2 sm:col-span-2">
          <Label htmlFor={id("description")}>
            Description for the AI
            <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Textarea
            id={id("description")}
            value={form.description}
            maxLength={OUTCOME_DESCRIPTION_MAX}
            rows={2}
            placeholder="What should the AI listen for?"
            onChange={(event) => onDescription(event.target.value)}
            className="min-h-16"
            {...a11y("description")}
          />
          {error("description")}
        </div>
      </div>
    </fieldset>
  );
}

/** The options of "One of a list": at least two, each once. */
function ChoicesEditor({
  rowId,
  name,
  choices,
  error,
  errorId,
  disabled,
  onChange,
}: {
  rowId: string;
  name: string;
  choices: string[];
  error: string | undefined;
  errorId: string;
  disabled: boolean;
  onChange: (choices: string[]) => void;
}) {
  const legendId = useId();
  const [focus, setFocus] = useState<number | null>(null);
  useEffect(() => {
    if (focus === null) return;
    document.getElementById(`${outcomeFieldId(rowId, "choices")}-${focus}`)?.focus();
    setFocus(null);
  }, [focus, rowId]);
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2 sm:col-span-2"
      aria-describedby={error ? errorId : undefined}
    >
      <legend id={legendId} className="mb-2 text-sm font-medium">
        Options
      </legend>
      <ul className="flex flex-col gap-2 sm:max-w-md">
        {choices.map((choice, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are typed in place, never reordered.
          <li key={index} className="flex items-center gap-2">
            <Input
              id={`${outcomeFieldId(rowId, "choices")}-${index}`}
              value={choice}
              maxLength={OUTCOME_CHOICE_MAX}
              aria-label={`Option ${index + 1}`}
              aria-invalid={error ? true : undefined}
              placeholder={index === 0 ? "Starter" : index === 1 ? "Pro" : undefined}
              onChange={(event) =>
                onChange(choices.map((c, i) => (i === index ? event.target.value : c)))
              }
            />
            {disabled ? null : (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-8 shrink-0 text-muted-foreground"
                aria-label={`Remove option ${index + 1} of ${name}`}
                onClick={() => {
                  onChange(choices.filter((_, i) => i !== index));
                  if (choices.length > 1) setFocus(Math.max(0, index - 1));
                }}
              >
                <X aria-hidden="true" />
              </Button>
            )}
          </li>
        ))}
      </ul>
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {disabled ? null : (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="w-fit"
          disabled={choices.length >= MAX_OUTCOME_CHOICES}
          onClick={() => {
            onChange([...choices, ""]);
            setFocus(choices.length);
          }}
        >
          <Plus aria-hidden="true" />
          Add option
        </Button>
      )}
    </fieldset>
  );
}
