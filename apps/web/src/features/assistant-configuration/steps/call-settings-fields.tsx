import { defaultCallSettings, LAWFUL_CALLING_HOURS, MAX_LEAD_AGE_HOURS } from "@ringback/contracts";
import { AlertTriangle } from "lucide-react";
import { type ReactNode, useId } from "react";
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
  type CallSettingsErrors,
  type CallSettingsForm,
  callingWindowWarning,
  countryOptions,
  lawfulHoursHint,
  MAX_ATTEMPTS,
  RETRY_DELAY_MINUTES,
  timeZoneLabel,
  timeZoneOptions,
  VOICEMAIL_MESSAGE_MAX,
} from "../call-settings-form";

const browserTimeZone = (() => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return null;
  }
})();

/**
 * The call settings under Advanced: attempts and their delay, the calling window and days, the
 * default time zone and country, the voice options (given), and what to do on voicemail.
 */
export function CallSettingsFields({
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
    maxLeadAgeHours: useId(),
    maxLeadAgeHint: useId(),
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
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor={ids.maxLeadAgeHours}>Call leads up to (hours old)</Label>
        <Input
          id={ids.maxLeadAgeHours}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_LEAD_AGE_HOURS}
          step={1}
          className="sm:max-w-40"
          value={settings.maxLeadAgeHours ?? String(defaultCallSettings.maxLeadAgeHours)}
          onChange={(event) => set("maxLeadAgeHours", event.target.value)}
          aria-invalid={errors.maxLeadAgeHours ? true : undefined}
          aria-describedby={described("maxLeadAgeHours", ids.maxLeadAgeHint)}
        />
        <p id={ids.maxLeadAgeHint} className="text-xs text-muted-foreground">
          A lead that reaches Ringback later than this after it was submitted (read back after an
          outage, say) is kept and shown as Too old to call, never dialled.
        </p>
        {error("maxLeadAgeHours")}
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
