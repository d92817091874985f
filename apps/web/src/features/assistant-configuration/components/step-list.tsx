import { Check, Lock } from "lucide-react";
import { cn } from "@/lib/utils";
import { isStepClickable, WIZARD_STEPS } from "../wizard-rules";

const STEP_DESCRIPTIONS = [
  "Name and connection",
  "Choose a form",
  "Availability and phone",
  "Script and call settings",
  "Review and activate",
] as const;

interface StepListProps {
  current: number;
  completed: readonly boolean[];
  onSelect: (step: number) => void;
}

function stepStatus(index: number, current: number, completed: readonly boolean[]) {
  if (completed[index]) return "Completed";
  if (index === current) return "In progress";
  return isStepClickable(index, completed) ? "Not started" : "Locked";
}

/**
 * The wizard's step list: a step is clickable if it is completed, is step 0, or is at most one
 * beyond the highest completed step. Each button is named by what it shows — its number, title
 * and line (WCAG 2.5.3); its state is its description.
 */
export function StepList({ current, completed, onSelect }: StepListProps) {
  return (
    <nav aria-label="Wizard steps" className="p-3">
      <ol className="flex flex-col gap-1">
        {WIZARD_STEPS.map((title, index) => {
          const clickable = isStepClickable(index, completed);
          const active = index === current;
          return (
            <li key={title}>
              <button
                type="button"
                disabled={!clickable}
                aria-current={active ? "step" : undefined}
                aria-labelledby={`wizard-step-${index}-marker wizard-step-${index}-title wizard-step-${index}-line`}
                aria-describedby={`wizard-step-${index}-status`}
                onClick={() => onSelect(index)}
                className={cn(
                  "flex w-full items-start gap-3 rounded-lg p-2.5 text-left outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  active ? "bg-accent text-accent-foreground" : "hover:bg-muted",
                  !clickable && "cursor-not-allowed hover:bg-transparent",
                )}
              >
                <StepMarker
                  id={`wizard-step-${index}-marker`}
                  index={index}
                  active={active}
                  done={completed[index] === true}
                />{" "}
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span
                    id={`wizard-step-${index}-title`}
                    className={cn(
                      "text-sm font-medium leading-tight",
                      !clickable && "text-muted-foreground",
                    )}
                  >
                    {title}
                  </span>{" "}
                  <span id={`wizard-step-${index}-line`} className="text-xs text-muted-foreground">
                    {STEP_DESCRIPTIONS[index]}
                  </span>
                </span>
                {clickable ? null : (
                  <Lock
                    className="mt-0.5 ml-auto size-3.5 text-muted-foreground"
                    aria-hidden="true"
                  />
                )}
              </button>
              {/* Outside the button: its state describes it, but is not text it shows. */}
              <span id={`wizard-step-${index}-status`} className="sr-only">
                {stepStatus(index, current, completed)}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function StepMarker({
  id,
  index,
  active,
  done,
}: {
  id: string;
  index: number;
  active: boolean;
  done: boolean;
}) {
  return (
    <span
      id={id}
      aria-hidden="true"
      className={cn(
        "flex size-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold",
        done && "border-success bg-success text-success-foreground",
        !done && active && "border-primary bg-primary text-primary-foreground",
        !done && !active && "bg-card text-muted-foreground",
      )}
    >
      {done ? <Check className="size-3.5" /> : index + 1}
    </span>
  );
}

/** Phones: the five steps as a row of numbered buttons above the main panel. */
export function CompactStepList({ current, completed, onSelect }: StepListProps) {
  return (
    <nav aria-label="Wizard steps" className="rounded-xl border bg-card p-3 shadow-sm">
      <ol className="flex items-center">
        {WIZARD_STEPS.map((title, index) => {
          const clickable = isStepClickable(index, completed);
          const active = index === current;
          const done = completed[index] === true;
          return (
            <li key={title} className={cn("flex items-center", index > 0 && "flex-1")}>
              {index > 0 ? (
                <span
                  aria-hidden="true"
                  className={cn(
                    "mx-1 h-px flex-1",
                    completed[index - 1] ? "bg-success" : "bg-border",
                  )}
                />
              ) : null}
              <button
                type="button"
                disabled={!clickable}
                aria-current={active ? "step" : undefined}
                // The number it shows is part of its name (WCAG 2.5.3).
                aria-label={`Step ${index + 1}: ${title}`}
                aria-describedby={`wizard-compact-step-${index}-status`}
                onClick={() => onSelect(index)}
                className={cn(
                  "flex size-9 shrink-0 items-center justify-center rounded-full border text-sm font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed",
                  done && "border-success bg-success text-success-foreground",
                  !done && active && "border-primary bg-primary text-primary-foreground",
                  !done && !active && "bg-card text-muted-foreground",
                  active && done && "ring-2 ring-primary ring-offset-2",
                )}
              >
                {done ? <Check className="size-4" aria-hidden="true" /> : index + 1}
              </button>
              <span id={`wizard-compact-step-${index}-status`} className="sr-only">
                {stepStatus(index, current, completed)}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="mt-3 text-sm">
        <span className="text-muted-foreground">
          Step {current + 1} of {WIZARD_STEPS.length}:
        </span>{" "}
        <span className="font-medium">{WIZARD_STEPS[current]}</span>
      </p>
    </nav>
  );
}
