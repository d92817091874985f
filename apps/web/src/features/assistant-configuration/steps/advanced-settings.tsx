import type { Assistant, VoiceOptionsResponse } from "@ringback/contracts";
import type { UseQueryResult } from "@tanstack/react-query";
import { ChevronDown } from "lucide-react";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { cn } from "@/lib/utils";
import type { CallSettingsErrors, CallSettingsForm } from "../call-settings-form";
import { CapabilityNote, VoiceOptionsFields } from "../components/voice-options-fields";
import { CallSettingsFields } from "./call-settings-fields";

/**
 * 'Advanced', closed at first: the call settings, with the voice options the organization's
 * provider offers.
 */
export function AdvancedSettings({
  open,
  onOpenChange,
  settings,
  errors,
  set,
  saved,
  canManage,
  voiceOptions,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settings: CallSettingsForm;
  errors: CallSettingsErrors;
  set: <K extends keyof CallSettingsForm>(key: K, value: CallSettingsForm[K]) => void;
  /** The call settings as saved. */
  saved: Assistant["call_settings"] | undefined;
  canManage: boolean;
  /** The organization's voice provider and its voices, read once Advanced is open. */
  voiceOptions: UseQueryResult<VoiceOptionsResponse>;
}) {
  return (
    <Collapsible
      open={open}
      onOpenChange={onOpenChange}
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
            className={cn("size-4 transition-transform", open && "rotate-180")}
            aria-hidden="true"
          />
        </button>
      </CollapsibleTrigger>
      {open ? null : (
        <p className="-mt-1 px-4 pb-3 text-xs text-muted-foreground">
          Retries, calling hours, time zone, country, voice, language, call length, transfer and
          voicemail.
        </p>
      )}
      <CollapsibleContent>
        <CallSettingsFields
          settings={settings}
          errors={errors}
          set={set}
          disabled={!canManage}
          savedTimeZone={saved?.defaultTimeZone}
          savedCountry={saved?.defaultCountry}
          voiceOptions={
            <VoiceOptionsFields
              settings={settings}
              saved={saved}
              errors={errors}
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
  );
}
