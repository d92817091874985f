import {
  type UpdateVoiceSettingsInput,
  VOICE_PROVIDER_LABELS,
  type VoicePlatformId,
  type VoicePlatformManifest,
  type VoiceProviderChoice,
  type VoiceSettings,
} from "@ringback/contracts";

/** What the Voice page's form holds: the choice, and what was typed (keys are never loaded). */
export interface VoiceForm {
  provider: VoiceProviderChoice;
  /** Bland, Vapi or Retell played by the simulator ("Simulated — no key needed"). */
  simulated: boolean;
  apiKey: string;
  webhookSecret: string;
  callerNumber: string;
}

export const platformOf = (choice: VoiceProviderChoice): VoicePlatformId =>
  choice === "simulator" ? "bland" : choice;

/** Whether the choice is played by the simulator (the Simulator itself, or a simulated platform). */
export const isSimulated = (form: Pick<VoiceForm, "provider" | "simulated">): boolean =>
  form.provider === "simulator" || form.simulated;

/** "Vapi (simulated)", "Simulator", "Bland". */
export function choiceLabel(choice: VoiceProviderChoice, simulated: boolean): string {
  const label = VOICE_PROVIDER_LABELS[choice];
  return simulated && choice !== "simulator" ? `${label} (simulated)` : label;
}

/** The form as the page opens: the saved choice, else the installation's default. */
export function initialForm(settings: VoiceSettings): VoiceForm {
  const provider =
    settings.provider ?? (settings.simulatorAvailable ? "simulator" : ("bland" as const));
  return {
    provider,
    // The default Bland account is the installation's: the form offers the organization's own.
    simulated: settings.usingInstallationDefault
      ? provider === "simulator"
      : settings.simulated && provider !== "simulator",
    apiKey: "",
    webhookSecret: "",
    callerNumber: settings.usingInstallationDefault ? "" : (settings.callerNumber ?? ""),
  };
}

/** Whether the saved connection is this form's choice (its key and secret can be kept). */
export function savedMatches(settings: VoiceSettings, form: VoiceForm): boolean {
  return (
    !settings.usingInstallationDefault &&
    settings.provider === form.provider &&
    settings.simulated === isSimulated(form)
  );
}

/**
 * The request for Save and Verify. A key or secret left empty is left out: the server keeps the
 * saved one of the same platform. The simulator's accounts need nothing.
 */
export function toRequest(
  form: VoiceForm,
  platform: Pick<VoicePlatformManifest, "webhookSecret">,
): UpdateVoiceSettingsInput {
  if (isSimulated(form)) {
    return { provider: form.provider, simulated: form.provider !== "simulator" };
  }
  const apiKey = form.apiKey.trim();
  const webhookSecret = form.webhookSecret.trim();
  const callerNumber = form.callerNumber.trim();
  return {
    provider: form.provider,
    simulated: false,
    ...(apiKey ? { apiKey } : {}),
    // A platform that signs with its API key has no secret to send.
    ...(webhookSecret && platform.webhookSecret ? { webhookSecret } : {}),
    callerNumber: callerNumber || null,
  };
}

/**
 * Where the webhook URL goes: one line under it, from the platform's manifest (what the simulator
 * does, when it plays the calls).
 */
export function webhookUrlHelp(
  form: Pick<VoiceForm, "provider" | "simulated">,
  manifest: Pick<VoicePlatformManifest, "webhookUrlHelp">,
): string {
  if (isSimulated(form)) return "The simulator sends each call's updates here by itself.";
  return manifest.webhookUrlHelp;
}

/** How a caller number reads in the list: "+1 415 555 0100 · Sales line". */
export function callerNumberOptionLabel(
  kind: VoicePlatformManifest["callerNumber"]["kind"],
  option: { id: string; number: string; label: string | null },
): string {
  const parts = [option.number, option.label].filter(Boolean);
  return kind === "id" && !option.number ? option.id : parts.join(" · ");
}
