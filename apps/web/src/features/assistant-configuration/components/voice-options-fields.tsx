import {
  type Assistant,
  DEFAULT_VOICE_LANGUAGE_LABEL,
  MAX_CALL_MINUTES,
  VOICE_LANGUAGES,
  VOICE_PROVIDER_LABELS,
  type VoiceOption,
  type VoiceOptionKey,
  type VoiceOptionsResponse,
  voiceSourceLabel,
} from "@ringback/contracts";
import type { UseQueryResult } from "@tanstack/react-query";
import { AlertTriangle, Info, Loader2, RotateCw } from "lucide-react";
import { useId } from "react";
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
import {
  type CallSettingsErrors,
  type CallSettingsForm,
  capabilityNote,
  languageName,
  otherPlatformVoice,
  providerLabel,
} from "../call-settings-form";
import { errorMessage } from "../messages";

/** Radix's Select cannot hold "": the provider's default is this value. */
const DEFAULT_VALUE = "default";
/** The saved voice of another platform's list (shown, kept until another is chosen). */
const OTHER_PLATFORM_VALUE = "other-platform";

type VoiceOptionsQuery = UseQueryResult<VoiceOptionsResponse>;

/** The organization's provider as the notes name it ("Vapi (simulated)"), when known. */
export function queryProviderLabel(query: VoiceOptionsQuery): string | null {
  const data = query.data;
  return data?.provider ? providerLabel(data.provider, data.simulated) : null;
}

/** The note under an option the organization's provider cannot honour, or its own remark. */
export function CapabilityNote({
  id,
  option,
  query,
}: {
  id?: string;
  option: VoiceOptionKey;
  query: VoiceOptionsQuery;
}) {
  const provider = queryProviderLabel(query);
  const note = provider ? capabilityNote(option, query.data?.capabilities, provider) : null;
  if (!note) return null;
  if (note.kind === "info") {
    return (
      <p id={id} className="text-xs text-muted-foreground">
        {note.text}
      </p>
    );
  }
  return (
    <p
      id={id}
      data-testid={`capability-${option}`}
      className="flex gap-2 rounded-md border border-warning/60 bg-warning/15 px-3 py-2 text-xs text-warning-foreground"
    >
      <AlertTriangle className="mt-0.5 size-3.5 shrink-0 text-warning-strong" aria-hidden="true" />
      <span className="min-w-0">{note.text}</span>
    </p>
  );
}

function voiceLabel(voice: VoiceOption): string {
  const details = [voice.gender, voice.language ? languageName(voice.language) : null]
    .filter(Boolean)
    .join(", ");
  return details ? `${voice.name} (${details})` : voice.name;
}

/**
 * In the Advanced area: the voice (from the organization's provider's own list),
 * the language, the longest call and the transfer number. Each option the provider cannot honour
 * says so underneath; it is saved all the same.
 */
export function VoiceOptionsFields({
  settings,
  saved,
  errors,
  set,
  disabled,
  canManage,
  query,
}: {
  settings: CallSettingsForm;
  saved: Assistant["call_settings"] | undefined;
  errors: CallSettingsErrors;
  set: <K extends keyof CallSettingsForm>(key: K, value: CallSettingsForm[K]) => void;
  disabled: boolean;
  /** Only managers read the provider's list (a viewer sees the saved choices). */
  canManage: boolean;
  query: VoiceOptionsQuery;
}) {
  const ids = {
    heading: useId(),
    voice: useId(),
    voiceNote: useId(),
    voiceState: useId(),
    language: useId(),
    languageNote: useId(),
    maxCallMinutes: useId(),
    maxCallMinutesNote: useId(),
    transferNumber: useId(),
    transferNumberHint: useId(),
    transferNumberNote: useId(),
  };
  // A draft from before the options existed lacks them: the saved ones show (and stay).
  const voice = settings.voice !== undefined ? settings.voice : (saved?.voice ?? null);
  const language = settings.language ?? saved?.language ?? "";
  const maxCallMinutes =
    settings.maxCallMinutes ?? String(saved?.maxCallMinutes ?? MAX_CALL_MINUTES.default);
  const transferNumber = settings.transferNumber ?? saved?.transferNumber ?? "";

  const data = query.data;
  // What a voice of this list is saved with (the platform, or the simulator playing it).
  const source = data?.voiceSource ?? null;
  const voices = data?.voices ?? [];
  const elsewhere = otherPlatformVoice(voice, source, queryProviderLabel(query));
  const ownVoice = voice && (!source || voice.provider === source) ? voice : null;
  const value = !voice ? DEFAULT_VALUE : ownVoice ? ownVoice.id : OTHER_PLATFORM_VALUE;
  // The saved voice stays choosable when the provider no longer lists it.
  const listed =
    ownVoice && !voices.some((v) => v.id === ownVoice.id)
      ? [
          {
            id: ownVoice.id,
            name: ownVoice.name,
            language: null,
            gender: null,
            previewUrl: null,
          },
          ...voices,
        ]
      : voices;
  const defaultLabel = data?.provider
    ? `${VOICE_PROVIDER_LABELS[data.provider]}’s default voice`
    : "The provider’s default voice";

  const error = (key: keyof CallSettingsForm, id: string) =>
    errors[key] ? (
      <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
        {errors[key]}
      </p>
    ) : null;
  const described = (key: keyof CallSettingsForm, id: string, ...others: (string | null)[]) =>
    [...others, errors[key] ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const hasNote = (option: VoiceOptionKey) => {
    const provider = queryProviderLabel(query);
    return provider ? Boolean(capabilityNote(option, data?.capabilities, provider)) : false;
  };

  return (
    <>
      <div className="flex flex-col gap-1 border-t pt-4 sm:col-span-2">
        <h3 id={ids.heading} className="text-sm font-semibold">
          Voice and call
        </h3>
        <p className="text-xs text-muted-foreground">
          {data?.provider
            ? `Calls go through ${providerLabel(data.provider, data.simulated)}. Options it cannot use are marked; they are saved all the same.`
            : "How the assistant sounds, how long a call may last, and where it transfers a caller who asks for a person."}
        </p>
      </div>

      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={ids.voice}>Voice</Label>
        <Select
          value={value}
          onValueChange={(next) => {
            if (next === OTHER_PLATFORM_VALUE) return;
            if (next === DEFAULT_VALUE) return set("voice", null);
            const chosen = listed.find((v) => v.id === next);
            if (chosen && source) {
              set("voice", { provider: source, id: chosen.id, name: chosen.name });
            }
          }}
          disabled={disabled || (canManage && query.isPending)}
        >
          <SelectTrigger
            id={ids.voice}
            aria-invalid={errors.voice ? true : undefined}
            aria-describedby={described(
              "voice",
              ids.voice,
              elsewhere || query.isError || data?.message ? ids.voiceState : null,
              hasNote("voice") ? ids.voiceNote : null,
            )}
          >
            <SelectValue placeholder="Choose a voice" />
          </SelectTrigger>
          <SelectContent className="max-h-72">
            <SelectItem value={DEFAULT_VALUE}>{defaultLabel}</SelectItem>
            {voice && value === OTHER_PLATFORM_VALUE ? (
              <SelectItem value={OTHER_PLATFORM_VALUE}>
                {`${voice.name} (${voiceSourceLabel(voice.provider)})`}
              </SelectItem>
            ) : null}
            {listed.map((option) => (
              <SelectItem key={option.id} value={option.id}>
                {voiceLabel(option)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {canManage && query.isPending ? (
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
            Loading the provider’s voices…
          </p>
        ) : null}
        {query.isError ? (
          <div
            id={ids.voiceState}
            role="alert"
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2 text-xs"
          >
            <span className="min-w-0">Couldn’t load the voices: {errorMessage(query.error)}</span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              {query.isFetching ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <RotateCw aria-hidden="true" />
              )}
              Retry
            </Button>
          </div>
        ) : data?.message ? (
          <p id={ids.voiceState} className="flex gap-2 text-xs text-muted-foreground">
            <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            <span className="min-w-0">{data.message}</span>
          </p>
        ) : elsewhere ? (
          <p
            id={ids.voiceState}
            data-testid="voice-other-platform"
            className="flex gap-2 rounded-md border border-warning/60 bg-warning/15 px-3 py-2 text-xs text-warning-foreground"
          >
            <AlertTriangle
              className="mt-0.5 size-3.5 shrink-0 text-warning-strong"
              aria-hidden="true"
            />
            <span className="min-w-0">{elsewhere}. Choose again to use one of its voices.</span>
          </p>
        ) : null}
        <CapabilityNote id={ids.voiceNote} option="voice" query={query} />
        {error("voice", ids.voice)}
      </div>

      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={ids.language}>Language</Label>
        <Select
          value={language || DEFAULT_VALUE}
          onValueChange={(next) => set("language", next === DEFAULT_VALUE ? "" : next)}
          disabled={disabled}
        >
          <SelectTrigger
            id={ids.language}
            aria-invalid={errors.language ? true : undefined}
            aria-describedby={described(
              "language",
              ids.language,
              hasNote("language") ? ids.languageNote : null,
            )}
          >
            <SelectValue placeholder={DEFAULT_VOICE_LANGUAGE_LABEL} />
          </SelectTrigger>
          <SelectContent className="max-h-72">
            <SelectItem value={DEFAULT_VALUE}>{DEFAULT_VOICE_LANGUAGE_LABEL}</SelectItem>
            {VOICE_LANGUAGES.map((option) => (
              <SelectItem key={option.tag} value={option.tag}>
                {option.label}
              </SelectItem>
            ))}
            {language && !VOICE_LANGUAGES.some((option) => option.tag === language) ? (
              <SelectItem value={language}>{language}</SelectItem>
            ) : null}
          </SelectContent>
        </Select>
        <CapabilityNote id={ids.languageNote} option="language" query={query} />
        {error("language", ids.language)}
      </div>

      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={ids.maxCallMinutes}>Maximum call length (minutes)</Label>
        <Input
          id={ids.maxCallMinutes}
          type="number"
          inputMode="numeric"
          min={MAX_CALL_MINUTES.min}
          max={MAX_CALL_MINUTES.max}
          step={1}
          value={maxCallMinutes}
          onChange={(event) => set("maxCallMinutes", event.target.value)}
          aria-invalid={errors.maxCallMinutes ? true : undefined}
          aria-describedby={described(
            "maxCallMinutes",
            ids.maxCallMinutes,
            hasNote("maxDuration") ? ids.maxCallMinutesNote : null,
          )}
        />
        <p className="text-xs text-muted-foreground">
          The call ends after this long, {MAX_CALL_MINUTES.min} to {MAX_CALL_MINUTES.max} minutes.
        </p>
        <CapabilityNote id={ids.maxCallMinutesNote} option="maxDuration" query={query} />
        {error("maxCallMinutes", ids.maxCallMinutes)}
      </div>

      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={ids.transferNumber}>Transfer number</Label>
        <Input
          id={ids.transferNumber}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="+1 415 555 0123"
          value={transferNumber}
          onChange={(event) => set("transferNumber", event.target.value)}
          aria-invalid={errors.transferNumber ? true : undefined}
          aria-describedby={described(
            "transferNumber",
            ids.transferNumber,
            ids.transferNumberHint,
            hasNote("transfer") ? ids.transferNumberNote : null,
          )}
        />
        <p id={ids.transferNumberHint} className="text-xs text-muted-foreground">
          When the person asks for a human, the call is transferred here. Optional; with its country
          code.
        </p>
        <CapabilityNote id={ids.transferNumberNote} option="transfer" query={query} />
        {error("transferNumber", ids.transferNumber)}
      </div>
    </>
  );
}
