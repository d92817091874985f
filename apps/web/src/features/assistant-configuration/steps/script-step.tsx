import {
  DEFAULT_FIRST_SENTENCE,
  defaultCallSettings,
  disclosureProblem,
  FIRST_SENTENCE_MAX,
  FIRST_SENTENCE_REQUIRED,
  LAWFUL_CALLING_HOURS,
  type OutcomeQuestion,
} from "@ringback/contracts";
import { useMutation } from "@tanstack/react-query";
import { AlertTriangle, ChevronDown } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { toast } from "@/components/ui/sonner";
import { Textarea } from "@/components/ui/textarea";
import { ApiRequestError } from "@/lib/api-client";
import { useCurrentOrganization } from "@/lib/organizations";
import { cn } from "@/lib/utils";
import { assistantApi } from "../api/assistant";
import { useVoiceOptions } from "../api/voice-options";
import {
  type CallSettingsErrors,
  type CallSettingsForm,
  callingWindowWarning,
  countryOptions,
  lawfulHoursHint,
  MAX_ATTEMPTS,
  parseCallSettingsForm,
  RETRY_DELAY_MINUTES,
  timeZoneLabel,
  timeZoneOptions,
  toCallSettingsForm,
  VOICEMAIL_MESSAGE_MAX,
} from "../call-settings-form";
import { OutcomeQuestions, outcomeFieldId } from "../components/outcome-questions";
import { ScriptVariables, useVariableInsertion } from "../components/script-variables";
import { CapabilityNote, VoiceOptionsFields } from "../components/voice-options-fields";
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
import type { StepProps } from "./step-props";

const SCRIPT_MAX_LENGTH = 10_000;

export const SCRIPT_PLACEHOLDER =
  "Hi {name}, this is [Your Company] calling about the [Form Topic] you just filled in. Is now a good time to talk?";

const browserTimeZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return null;
  }
})();

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

      <Collapsible
        open={advancedOpen}
        onOpenChange={setAdvancedOpen}
        className="rounded-lg border"
        data-testid="advanced-settings"
      >
        <CollapsibleTrigger asChild>
          <button
            type="button"
            className="flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-left text-sm font-semibold outline-none hover:bg-muted/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            Advanced
            <ChevronDown
              className={cn("size-4 transition-transform", advancedOpen && "rotate-180")}
              aria-hidden="true"
            />
          </button>
        </CollapsibleTrigger>
        {advancedOpen ? null : (
          <p className="-mt-1 px-4 pb-3 text-xs text-muted-foreground">
            Retries, calling hours, time zone, country, voice, language, call length, transfer and
            voicemail.
          </p>
        )}
        <CollapsibleContent>
          <CallSettingsFields
            settings={settings}
            errors={settingsErrors}
            set={set}
            disabled={!canManage}
            savedTimeZone={assistant.call_settings?.defaultTimeZone}
            savedCountry={assistant.call_settings?.defaultCountry}
            voiceOptions={
              <VoiceOptionsFields
                settings={settings}
                saved={assistant.call_settings}
                errors={settingsErrors}
                set={set}
                disabled={!canManage}
                canManage={canManage}
                query={voiceOptions}
              />
            }
            voicemailNote={<CapabilityNote option="voicemailMessage" query={voiceOptions} />}
          />
        </CollapsibleContent>
      </Collapsible>

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

/** The call settings' fields a server refusal may name ("transferNumber", "voice.id"). */
const SETTINGS_FIELDS = [
  "maxAttempts",
  "retryDelayMinutes",
  "callingWindowStart",
  "callingWindowEnd",
  "defaultTimeZone",
  "defaultCountry",
  "voicemailAction",
  "voicemailMessage",
  "voice",
  "language",
  "maxCallMinutes",
  "transferNumber",
] as const satisfies readonly (keyof CallSettingsForm)[];

function settingsErrorsFromIssues(issues: { path: string; message: string }[]): CallSettingsErrors {
  const errors: CallSettingsErrors = {};
  for (const issue of issues) {
    const field = SETTINGS_FIELDS.find((key) => issue.path.split(".")[0] === key);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** A validation refusal's issues (`details.issues`, paths such as "questions.0.key"). */
function serverIssues(error: unknown): { path: string; message: string }[] {
  if (!(error instanceof ApiRequestError)) return [];
  const issues = (error.details as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is { path: string; message: string } =>
      typeof issue?.path === "string" && typeof issue?.message === "string",
  );
}

function CallSettingsFields({
  settings,
  errors,
  set,
  disabled,
  savedTimeZone,
  savedCountry,
  voiceOptions,
  voicemailNote,
}: {
  settings: CallSettingsForm;
  errors: CallSettingsErrors;
  set: <K extends keyof CallSettingsForm>(key: K, value: CallSettingsForm[K]) => void;
  disabled: boolean;
  savedTimeZone: string | undefined;
  savedCountry: string | undefined;
  /** The voice, language, call length and transfer fields. */
  voiceOptions: ReactNode;
  /** What the provider does with a voicemail message. */
  voicemailNote: ReactNode;
}) {
  const ids = {
    maxAttempts: useId(),
    retryDelayMinutes: useId(),
    callingWindowStart: useId(),
    callingWindowEnd: useId(),
    defaultTimeZone: useId(),
    defaultCountry: useId(),
    defaultCountryHint: useId(),
    voicemailMessage: useId(),
    voicemailHint: useId(),
    lawfulHoursHint: useId(),
    windowWarning: useId(),
  };
  const error = (key: keyof CallSettingsForm) =>
    errors[key] ? (
      <p
        id={`${ids[key as keyof typeof ids]}-error`}
        role="alert"
        className="text-sm text-destructive"
      >
        {errors[key]}
      </p>
    ) : null;
  const described = (key: keyof CallSettingsForm, hint?: string) =>
    [hint, errors[key] ? `${ids[key as keyof typeof ids]}-error` : undefined]
      .filter(Boolean)
      .join(" ") || undefined;
  const zones = timeZoneOptions(settings.defaultTimeZone, savedTimeZone, browserTimeZone);
  // A draft from before the setting existed has none: show the saved one (sent unchanged).
  const country = settings.defaultCountry ?? savedCountry ?? defaultCallSettings.defaultCountry;
  const windowWarning = callingWindowWarning(
    settings.callingWindowStart,
    settings.callingWindowEnd,
  );

  return (
    <fieldset disabled={disabled} className="grid gap-5 border-t px-4 py-4 sm:grid-cols-2">
      <legend className="sr-only">Call settings</legend>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.maxAttempts}>Maximum attempts</Label>
        <Input
          id={ids.maxAttempts}
          type="number"
          inputMode="numeric"
          min={MAX_ATTEMPTS.min}
          max={MAX_ATTEMPTS.max}
          step={1}
          value={settings.maxAttempts}
          onChange={(event) => set("maxAttempts", event.target.value)}
          aria-invalid={errors.maxAttempts ? true : undefined}
          aria-describedby={described("maxAttempts")}
        />
        {error("maxAttempts")}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.retryDelayMinutes}>Delay before each retry (minutes)</Label>
        <Input
          id={ids.retryDelayMinutes}
          type="number"
          inputMode="numeric"
          min={RETRY_DELAY_MINUTES.min}
          max={RETRY_DELAY_MINUTES.max}
          step={1}
          value={settings.retryDelayMinutes}
          onChange={(event) => set("retryDelayMinutes", event.target.value)}
          aria-invalid={errors.retryDelayMinutes ? true : undefined}
          aria-describedby={described("retryDelayMinutes")}
        />
        {error("retryDelayMinutes")}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.callingWindowStart}>Calling window start</Label>
        <Input
          id={ids.callingWindowStart}
          type="time"
          min={LAWFUL_CALLING_HOURS.start}
          max={LAWFUL_CALLING_HOURS.end}
          value={settings.callingWindowStart}
          onChange={(event) => set("callingWindowStart", event.target.value)}
          aria-invalid={errors.callingWindowStart ? true : undefined}
          aria-describedby={described("callingWindowStart")}
        />
        {error("callingWindowStart")}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={ids.callingWindowEnd}>Calling window end</Label>
        <Input
          id={ids.callingWindowEnd}
          type="time"
          min={LAWFUL_CALLING_HOURS.start}
          max={LAWFUL_CALLING_HOURS.end}
          value={settings.callingWindowEnd}
          onChange={(event) => set("callingWindowEnd", event.target.value)}
          aria-invalid={errors.callingWindowEnd ? true : undefined}
          aria-describedby={described(
            "callingWindowEnd",
            windowWarning ? ids.windowWarning : undefined,
          )}
        />
        {error("callingWindowEnd")}
      </div>
      <p id={ids.lawfulHoursHint} className="-mt-2 text-xs text-muted-foreground sm:col-span-2">
        {lawfulHoursHint()}
      </p>
      {windowWarning ? (
        <div
          id={ids.windowWarning}
          className="flex gap-3 rounded-lg border border-warning/60 bg-warning/15 p-3 sm:col-span-2"
        >
          <AlertTriangle
            className="mt-0.5 size-4 shrink-0 text-warning-strong"
            aria-hidden="true"
          />
          <p className="min-w-0 text-sm text-warning-foreground">{windowWarning}</p>
        </div>
      ) : null}
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-2 text-sm font-medium">Days</legend>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={settings.skipSundays}
            onChange={(event) => set("skipSundays", event.target.checked)}
            className="size-4 accent-primary"
          />
          No calls on Sundays
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={settings.skipHolidays}
            onChange={(event) => set("skipHolidays", event.target.checked)}
            className="size-4 accent-primary"
          />
          No calls on public holidays (of the respondent’s country)
        </label>
      </fieldset>
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={ids.defaultTimeZone}>Default time zone</Label>
        <Select
          value={settings.defaultTimeZone}
          onValueChange={(zone) => set("defaultTimeZone", zone)}
          disabled={disabled}
        >
          <SelectTrigger
            id={ids.defaultTimeZone}
            aria-invalid={errors.defaultTimeZone ? true : undefined}
            aria-describedby={described("defaultTimeZone")}
          >
            <SelectValue placeholder="Choose a time zone" />
          </SelectTrigger>
          <SelectContent className="max-h-72">
            {zones.map((zone) => (
              <SelectItem key={zone} value={zone}>
                {timeZoneLabel(zone)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p className="text-xs text-muted-foreground">
          Used for the calling window when a respondent’s own time zone is unknown.
        </p>
        {error("defaultTimeZone")}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={ids.defaultCountry}>Default country</Label>
        <Select
          value={country}
          onValueChange={(code) => set("defaultCountry", code)}
          disabled={disabled}
        >
          <SelectTrigger
            id={ids.defaultCountry}
            aria-invalid={errors.defaultCountry ? true : undefined}
            aria-describedby={described("defaultCountry", ids.defaultCountryHint)}
          >
            <SelectValue placeholder="Choose a country" />
          </SelectTrigger>
          <SelectContent className="max-h-72">
            {countryOptions().map((option) => (
              <SelectItem key={option.code} value={option.code}>
                {option.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p id={ids.defaultCountryHint} className="text-xs text-muted-foreground">
          Numbers typed without a country code are read in the phone field’s country, else this one.
        </p>
        {error("defaultCountry")}
      </div>
      {voiceOptions}
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="mb-2 text-sm font-medium">On voicemail</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {(
            [
              ["hang_up", "Hang up"],
              ["leave_message", "Leave a short message"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="voicemail-action"
                value={value}
                checked={settings.voicemailAction === value}
                onChange={() => set("voicemailAction", value)}
                className="size-4 accent-primary"
              />
              {label}
            </label>
          ))}
        </div>
        {settings.voicemailAction === "leave_message" ? (
          <div className="mt-2 flex flex-col gap-2">
            <Label htmlFor={ids.voicemailMessage}>Voicemail message</Label>
            <Textarea
              id={ids.voicemailMessage}
              value={settings.voicemailMessage}
              onChange={(event) => set("voicemailMessage", event.target.value)}
              maxLength={VOICEMAIL_MESSAGE_MAX}
              rows={3}
              placeholder="Hi, this is [Your Company] returning your enquiry. We will try you again soon."
              aria-invalid={errors.voicemailMessage ? true : undefined}
              aria-describedby={described("voicemailMessage", ids.voicemailHint)}
            />
            <p id={ids.voicemailHint} className="text-xs text-muted-foreground">
              At most {VOICEMAIL_MESSAGE_MAX} characters.
            </p>
            {error("voicemailMessage")}
            {voicemailNote}
          </div>
        ) : null}
      </fieldset>
    </fieldset>
  );
}
