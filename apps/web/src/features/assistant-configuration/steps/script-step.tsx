import {
  DEFAULT_FIRST_SENTENCE,
  disclosureProblem,
  FIRST_SENTENCE_MAX,
  FIRST_SENTENCE_REQUIRED,
  type OutcomeQuestion,
} from "@ringback/contracts";
import { useMutation } from "@tanstack/react-query";
import { AlertTriangle } from "lucide-react";
import { type FormEvent, useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { Textarea } from "@/components/ui/textarea";
import { useCurrentOrganization } from "@/lib/organizations";
import { assistantApi } from "../api/assistant";
import { useVoiceOptions } from "../api/voice-options";
import {
  type CallSettingsErrors,
  type CallSettingsForm,
  parseCallSettingsForm,
  toCallSettingsForm,
} from "../call-settings-form";
import { OutcomeQuestions, outcomeFieldId } from "../components/outcome-questions";
import { ScriptVariables, useVariableInsertion } from "../components/script-variables";
import { errorMessage } from "../messages";
import {
  NO_OUTCOME_ERRORS,
  type OutcomeErrors,
  type OutcomeQuestionForm,
  outcomeErrorsFromIssues,
  parseOutcomeForms,
  sameOutcomeQuestions,
  toOutcomeForms,
} from "../outcomes-form";
import { useDraft } from "../use-draft";
import { AdvancedSettings } from "./advanced-settings";
import { serverIssues, settingsErrorsFromIssues } from "./server-issues";
import type { StepProps } from "./step-props";

const SCRIPT_MAX_LENGTH = 10_000;

export const SCRIPT_PLACEHOLDER =
  "Hi {name}, this is [Your Company] calling about the [Form Topic] you just filled in. Is now a good time to talk?";

/**
 * Step 3 'Customize Assistant': the first sentence (the disclosure every call opens
 * with), the script (with the form's variables and a preview of both, see ScriptVariables), the
 * questions each call should answer ('Outcomes') and, under 'Advanced', the call
 * settings; one submit saves them all.
 */
export function ScriptStep({ assistant, organizationId, canManage, store, goTo }: StepProps) {
  const { current: organization } = useCurrentOrganization();
  // Who is calling, as the call will say it ({company}, {assistant}, {form}).
  const caller = useMemo(
    () => ({
      company: organization?.name ?? null,
      assistant: assistant.name,
      form: assistant.form_title,
    }),
    [organization?.name, assistant.name, assistant.form_title],
  );
  // Drafts survive a layout swap (resizing across the desktop breakpoint) and a reload.
  const [script, setScript, clearScriptDraft] = useDraft(
    `${assistant.id}:script`,
    () => assistant.assistant_script ?? "",
  );
  const [scriptError, setScriptError] = useState<string | null>(null);
  const [firstSentence, setFirstSentence, clearFirstSentenceDraft] = useDraft(
    `${assistant.id}:firstSentence`,
    () => assistant.first_sentence ?? DEFAULT_FIRST_SENTENCE,
  );
  const [firstSentenceError, setFirstSentenceError] = useState<string | null>(null);
  // Said before anyone clicks Activate: Finalize refuses a first sentence that neither names the
  // company nor says it is an AI (the server's own rule, from the contracts).
  const disclosure =
    organization && firstSentence.trim()
      ? disclosureProblem(firstSentence, organization.name)
      : null;
  const [settings, setSettings, clearSettingsDraft] = useDraft<CallSettingsForm>(
    `${assistant.id}:settings`,
    () => toCallSettingsForm(assistant.call_settings),
  );
  const [settingsErrors, setSettingsErrors] = useState<CallSettingsErrors>({});
  const [outcomes, setOutcomes, clearOutcomesDraft] = useDraft<OutcomeQuestionForm[]>(
    `${assistant.id}:outcomes`,
    () => toOutcomeForms(assistant.outcome_questions),
  );
  const [outcomeErrors, setOutcomeErrors] = useState<OutcomeErrors>(NO_OUTCOME_ERRORS);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  // The organization's voice provider and its voices, once Advanced is open.
  const voiceOptions = useVoiceOptions(organizationId, advancedOpen && canManage);
  const scriptId = useId();
  const scriptHintId = useId();
  const scriptErrorId = useId();
  const scriptWarningId = useId();
  const firstSentenceId = useId();
  const firstSentenceHintId = useId();
  const firstSentenceErrorId = useId();
  const disclosureId = useId();
  const variables = useVariableInsertion(
    script,
    (next) => {
      setScript(next);
      setScriptError(null);
    },
    SCRIPT_MAX_LENGTH,
  );
  const firstSentenceVariables = useVariableInsertion(
    firstSentence,
    (next) => {
      setFirstSentence(next);
      setFirstSentenceError(null);
    },
    FIRST_SENTENCE_MAX,
  );
  // A variable's button inserts into the field that last had the cursor (the script at first).
  const insertInto = useRef<"firstSentence" | "script">("script");
  const insertVariable = (variable: string) =>
    (insertInto.current === "firstSentence" ? firstSentenceVariables : variables).insert(variable);

  const save = useMutation({
    mutationFn: async (input: {
      script: string;
      firstSentence: string;
      settings: Parameters<typeof assistantApi.saveSettings>[2];
      outcomes: OutcomeQuestion[];
    }) => {
      const withSettings = await assistantApi.saveSettings(
        organizationId,
        assistant.id,
        input.settings,
      );
      store(withSettings);
      // Unchanged questions are not sent again.
      if (!sameOutcomeQuestions(input.outcomes, assistant.outcome_questions)) {
        store(await assistantApi.saveOutcomes(organizationId, assistant.id, input.outcomes));
      }
      return assistantApi.saveScript(organizationId, assistant.id, {
        script: input.script,
        firstSentence: input.firstSentence,
      });
    },
    onSuccess: (saved) => {
      store(saved);
      clearScriptDraft();
      clearFirstSentenceDraft();
      clearSettingsDraft();
      clearOutcomesDraft();
      toast.success("Assistant script saved successfully");
      goTo(4);
    },
    onError: (e) => {
      toast.error(`Failed to save assistant script: ${errorMessage(e)}`);
      // The server's refusal of a question, said under its field too.
      const issues = serverIssues(e).filter((issue) => issue.path.startsWith("questions"));
      if (issues.length > 0) showOutcomeErrors(outcomeErrorsFromIssues(outcomes, issues));
      // And a refused call setting (a transfer number, say) under its own, in Advanced.
      const refused = settingsErrorsFromIssues(serverIssues(e));
      if (Object.keys(refused).length > 0) {
        setSettingsErrors(refused);
        setAdvancedOpen(true);
      }
    },
  });

  /** Shows the questions' errors and takes focus to the first field with one. */
  const showOutcomeErrors = (errors: OutcomeErrors) => {
    setOutcomeErrors(errors);
    const fields = ["label", "key", "type", "choices", "description"] as const;
    for (const row of outcomes) {
      const field = fields.find((f) => errors.questions[row.id]?.[f]);
      if (!field) continue;
      const target = outcomeFieldId(row.id, field) + (field === "choices" ? "-0" : "");
      requestAnimationFrame(() => document.getElementById(target)?.focus());
      return;
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const trimmed = script.trim();
    const opening = firstSentence.trim();
    const parsed = parseCallSettingsForm(settings);
    setScriptError(trimmed ? null : "Please write a script for your assistant");
    // An active assistant keeps disclosing: the server refuses the change, so say why here.
    const openingError = !opening
      ? FIRST_SENTENCE_REQUIRED
      : assistant.is_active
        ? disclosure
        : null;
    setFirstSentenceError(openingError);
    setSettingsErrors(parsed.ok ? {} : parsed.errors);
    if (!parsed.ok) setAdvancedOpen(true);
    const questions = parseOutcomeForms(outcomes);
    if (questions.ok) setOutcomeErrors(NO_OUTCOME_ERRORS);
    // The first problem of the form gets focus: the questions' only when the rest is fine.
    else if (trimmed && !openingError) showOutcomeErrors(questions.errors);
    else setOutcomeErrors(questions.errors);
    if (!trimmed || openingError || !parsed.ok || !questions.ok) return;
    save.mutate({
      script: trimmed,
      firstSentence: opening,
      settings: parsed.value,
      outcomes: questions.value,
    });
  };

  const set = <K extends keyof CallSettingsForm>(key: K, value: CallSettingsForm[K]) => {
    setSettings((previous) => ({ ...previous, [key]: value }));
    setSettingsErrors((previous) => ({ ...previous, [key]: undefined }));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Label htmlFor={firstSentenceId}>First sentence</Label>
        <Textarea
          ref={firstSentenceVariables.ref}
          id={firstSentenceId}
          value={firstSentence}
          onChange={(event) => {
            setFirstSentence(event.target.value);
            if (firstSentenceError) setFirstSentenceError(null);
          }}
          onFocus={() => {
            firstSentenceVariables.markFocused();
            insertInto.current = "firstSentence";
          }}
          readOnly={!canManage}
          placeholder={DEFAULT_FIRST_SENTENCE}
          rows={3}
          maxLength={FIRST_SENTENCE_MAX}
          aria-invalid={firstSentenceError ? true : undefined}
          aria-describedby={[
            firstSentenceHintId,
            firstSentenceError ? firstSentenceErrorId : null,
            disclosure && !firstSentenceError ? disclosureId : null,
            scriptWarningId,
          ]
            .filter(Boolean)
            .join(" ")}
          // Grows with its text (a long sentence wraps to four lines on a phone).
          className="field-sizing-content"
        />
        <p id={firstSentenceHintId} className="text-xs text-muted-foreground">
          Spoken before the script, as soon as the call is answered. It must say who is calling and
          that this is an AI assistant. It takes the same variables as the script.
        </p>
        {firstSentenceError ? (
          <p id={firstSentenceErrorId} role="alert" className="text-sm text-destructive">
            {firstSentenceError}
          </p>
        ) : disclosure ? (
          <div
            id={disclosureId}
            className="flex gap-3 rounded-lg border border-warning/60 bg-warning/15 p-3"
          >
            <AlertTriangle
              className="mt-0.5 size-4 shrink-0 text-warning-strong"
              aria-hidden="true"
            />
            <p className="min-w-0 text-sm text-warning-foreground">
              {disclosure} Until it does, the assistant cannot be activated.
            </p>
          </div>
        ) : null}
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={scriptId}>Assistant Script</Label>
        <Textarea
          ref={variables.ref}
          id={scriptId}
          value={script}
          onChange={(event) => {
            setScript(event.target.value);
            if (scriptError) setScriptError(null);
          }}
          onFocus={() => {
            variables.markFocused();
            insertInto.current = "script";
          }}
          readOnly={!canManage}
          placeholder={SCRIPT_PLACEHOLDER}
          rows={7}
          maxLength={SCRIPT_MAX_LENGTH}
          aria-invalid={scriptError ? true : undefined}
          aria-describedby={[scriptHintId, scriptError ? scriptErrorId : null, scriptWarningId]
            .filter(Boolean)
            .join(" ")}
          className="min-h-40"
        />
        <p id={scriptHintId} className="text-xs text-muted-foreground">
          Use <code className="rounded bg-muted px-1 py-0.5 font-mono">{"{name}"}</code> to insert
          the respondent’s name.
        </p>
        {scriptError ? (
          <p id={scriptErrorId} role="alert" className="text-sm text-destructive">
            {scriptError}
          </p>
        ) : null}
      </div>

      <ScriptVariables
        firstSentence={firstSentence}
        script={script}
        organizationId={organizationId}
        provider={assistant.provider}
        formId={assistant.form_id}
        nameFieldId={assistant.name_field_id}
        caller={caller}
        canManage={canManage}
        warningId={scriptWarningId}
        onInsert={insertVariable}
      />

      <OutcomeQuestions
        forms={outcomes}
        setForms={setOutcomes}
        errors={outcomeErrors}
        setErrors={setOutcomeErrors}
        disabled={!canManage}
      />

      <AdvancedSettings
        open={advancedOpen}
        onOpenChange={setAdvancedOpen}
        settings={settings}
        errors={settingsErrors}
        set={set}
        saved={assistant.call_settings}
        canManage={canManage}
        voiceOptions={voiceOptions}
      />

      {canManage ? (
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save Assistant Configuration"}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
