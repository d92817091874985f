import {
  type CallerContext,
  type FormFieldsResponse,
  type FormProviderId,
  type ScriptVariable,
  unknownScriptVariables,
} from "@ringback/contracts";
import { AlertTriangle, RefreshCw } from "lucide-react";
import { useId, useMemo, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { useFormFields } from "../api/assistant";
import { previewCaller, SAMPLE_NAME, scriptPreview } from "../script-preview";

const NO_FIELDS: Pick<FormFieldsResponse["fields"], "all" | "hidden"> = { all: [], hidden: [] };

const braces = (name: string) => `{${name}}`;

function VariableCode({ name }: { name: string }) {
  return <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs">{braces(name)}</code>;
}

/**
 * Beside the script (step 3): the variables this form offers, insertable by click; a warning
 * for variables that match no field; and the first sentence and the script as a call to a
 * sample respondent would read them — filled by the same code the server fills them with
 * (script-variables in the contracts).
 */
export function ScriptVariables({
  firstSentence = "",
  script,
  organizationId,
  provider,
  formId,
  nameFieldId,
  caller: callerNames,
  canManage,
  warningId,
  onInsert,
}: {
  /** Spoken before the script; it takes the same variables. */
  firstSentence?: string;
  script: string;
  organizationId: string;
  provider: FormProviderId;
  formId: string | null;
  nameFieldId: string | null;
  /** Who is calling ({company}, {assistant}, {form}); {opt_out_url} is added here. */
  caller: CallerContext;
  canManage: boolean;
  /** The warning's id, for the script's aria-describedby (present only while it shows). */
  warningId: string;
  onInsert: (variable: string) => void;
}) {
  const fields = useFormFields(organizationId, provider, formId, true);
  // {opt_out_url} on this page's own origin, as the server says its PUBLIC_URL's.
  const caller = useMemo(
    () => previewCaller(callerNames, typeof window === "undefined" ? "" : window.location.origin),
    [callerNames],
  );
  const headingId = useId();
  const previewHeadingId = useId();
  const groups = fields.data?.fields ?? NO_FIELDS;
  // Until the fields arrive, no field variable can be called unknown.
  const loaded = Boolean(fields.data);
  const preview = useMemo(
    () => scriptPreview(script, groups, nameFieldId, caller),
    [script, groups, nameFieldId, caller],
  );
  const opening = useMemo(
    () => scriptPreview(firstSentence, groups, nameFieldId, caller),
    [firstSentence, groups, nameFieldId, caller],
  );
  const unknown = loaded
    ? [
        ...new Set([
          ...unknownScriptVariables(firstSentence, preview.variables),
          ...preview.unknown,
        ]),
      ]
    : [];
  const usesName = /\{\{?\s*name\s*\}?\}/i.test(`${firstSentence}\n${script}`);
  const hasOpening = Boolean(firstSentence.trim());

  return (
    <div className="flex flex-col gap-5">
      {unknown.length > 0 ? (
        <div
          id={warningId}
          className="flex gap-3 rounded-lg border border-warning/60 bg-warning/15 p-3"
        >
          <AlertTriangle
            className="mt-0.5 size-4 shrink-0 text-warning-strong"
            aria-hidden="true"
          />
          <p className="min-w-0 text-sm text-warning-foreground">
            {unknown.map((name, index) => (
              <span key={name}>
                {index > 0 ? ", " : null}
                <code className="rounded bg-background/70 px-1 py-0.5 font-mono">
                  {braces(name)}
                </code>
              </span>
            ))}{" "}
            {unknown.length === 1 ? "matches" : "match"} no field of this form, so a call will leave{" "}
            {unknown.length === 1 ? "it" : "them"} empty. Use one of the variables below.
          </p>
        </div>
      ) : null}

      <section aria-labelledby={headingId} className="flex flex-col gap-2">
        <h3 id={headingId} className="text-sm font-medium">
          Variables
        </h3>
        <p className="text-xs text-muted-foreground">
          {canManage
            ? "Click one to insert it at the cursor. A question left unanswered reads as empty."
            : "What the script can use from each response."}
        </p>
        <ul className="flex flex-wrap gap-2">
          {preview.variables.map((variable) => (
            <li key={variable.name} className="min-w-0 max-w-full">
              <VariableButton variable={variable} disabled={!canManage} onInsert={onInsert} />
            </li>
          ))}
          {fields.isPending && formId
            ? [0, 1, 2].map((n) => (
                <li key={`loading-${n}`} aria-hidden="true">
                  <Skeleton className="h-8 w-36 rounded-md" />
                </li>
              ))
            : null}
        </ul>
        {fields.isPending && formId ? (
          <p className="sr-only" role="status">
            Loading the form's fields…
          </p>
        ) : null}
        {fields.isError ? (
          <div className="flex flex-wrap items-center gap-2 text-sm text-destructive" role="alert">
            <span>Couldn't load the form's fields, so only the name and answers are listed.</span>
            <Button type="button" variant="outline" size="sm" onClick={() => fields.refetch()}>
              <RefreshCw aria-hidden="true" />
              Retry
            </Button>
          </div>
        ) : null}
      </section>

      <section aria-labelledby={previewHeadingId} className="flex flex-col gap-2">
        <h3 id={previewHeadingId} className="text-sm font-medium">
          Preview
        </h3>
        <p className="text-xs text-muted-foreground">
          How a call to {SAMPLE_NAME} would read it, with sample answers
          {hasOpening ? ": the first sentence, then the script" : ""}.
        </p>
        <div className="flex min-h-16 flex-col gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm break-words whitespace-pre-wrap">
          {hasOpening ? (
            <p data-testid="first-sentence-preview" className="font-medium">
              {opening.text}
            </p>
          ) : null}
          <p data-testid="script-preview" className={cn(!script.trim() && "text-muted-foreground")}>
            {script.trim() ? preview.text : "Write a script to see it here."}
          </p>
        </div>
        {usesName && !nameFieldId ? (
          <p className="text-xs text-muted-foreground">
            No Name field is chosen, so <VariableCode name="name" /> reads “there”.
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          The assistant is also given the respondent's answers, and told not to ask again for what
          they already wrote.
        </p>
      </section>
    </div>
  );
}

function VariableButton({
  variable,
  disabled,
  onInsert,
}: {
  variable: ScriptVariable;
  disabled: boolean;
  onInsert: (variable: string) => void;
}) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={() => onInsert(braces(variable.name))}
      title={variable.label}
      className="flex min-h-8 max-w-full items-center gap-2 rounded-md border bg-card px-2 py-1 text-left text-xs outline-none enabled:hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default"
    >
      {disabled ? null : <span className="sr-only">Insert </span>}
      <code className="shrink-0 font-mono font-medium">{braces(variable.name)}</code>
      {/* A long question wraps rather than being cut off (no hover on a phone). */}
      <span className="min-w-0 break-words text-muted-foreground">{variable.label}</span>
    </button>
  );
}

/**
 * Inserting a variable where the cursor was in the script (a textarea keeps its selection when
 * it loses focus to the variable's button); at the end when the script was never focused. Then
 * the cursor goes after it.
 */
export function useVariableInsertion(
  script: string,
  setScript: (next: string) => void,
  maxLength: number,
) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const focused = useRef(false);
  const markFocused = () => {
    focused.current = true;
  };
  const insert = (variable: string) => {
    const element = ref.current;
    const useCursor = focused.current && element !== null;
    const start = Math.min(useCursor ? element.selectionStart : script.length, script.length);
    const end = Math.min(Math.max(useCursor ? element.selectionEnd : start, start), script.length);
    const before = script.slice(0, start);
    // Appended to a script that ends in a word: keep the two apart.
    const text = !useCursor && /\S$/.test(before) ? ` ${variable}` : variable;
    const next = before + text + script.slice(end);
    if (next.length > maxLength) return;
    setScript(next);
    const caret = start + text.length;
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(caret, caret);
    });
  };
  return { ref, markFocused, insert };
}
