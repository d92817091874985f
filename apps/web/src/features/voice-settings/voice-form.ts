import {
  CALLER_NUMBER_KIND,
  type UpdateVoiceSettingsInput,
  VOICE_PROVIDER_LABELS,
  type VoicePlatformId,
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
export function toRequest(form: VoiceForm): UpdateVoiceSettingsInput {
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
    ...(webhookSecret && platformOf(form.provider) !== "retell" ? { webhookSecret } : {}),
    callerNumber: callerNumber || null,
  };
}

/** Where each platform's API key is found. */
export const API_KEY_HELP: Record<VoicePlatformId, string> = {
  bland: "In Bland's Dev Portal, under Account Settings → Keys.",
  vapi: "In Vapi's dashboard, under API Keys: a private key, not a public one.",
  retell:
    "In Retell's dashboard, under Settings → API Keys. Use the key with the webhook badge: Retell signs its webhooks with that key only.",
};

/** The webhook secret field of the platforms that have one. */
export const WEBHOOK_SECRET_FIELD: Partial<
  Record<VoicePlatformId, { label: string; help: string; required: boolean }>
> = {
  bland: {
    label: "Webhook signing secret",
    help: "Bland signs each call's webhook with it. Create it in Bland's Dev Portal, Account Settings → Keys → Replace Secret (it is shown once).",
    required: true,
  },
  vapi: {
    label: "Server secret (optional)",
    help: "Ringback sets it on each call's assistant and Vapi sends it back with every message. Leave it empty and Ringback makes one.",
    required: false,
  },
};

/** The caller number field, per platform. */
export const CALLER_NUMBER_FIELD: Record<
  VoicePlatformId,
  { label: string; help: string; placeholder: string; required: boolean }
> = {
  bland: {
    label: "Caller number",
    help: "One of your Bland numbers, in international format. Leave it empty to call from Bland's own numbers.",
    placeholder: "+14155550123",
    required: false,
  },
  vapi: {
    label: "Phone number",
    help: "The Vapi phone number calls come from: press Verify to list your numbers, or enter its id.",
    placeholder: "Phone-number id",
    required: true,
  },
  retell: {
    label: "Caller number",
    help: "One of the numbers you bought or imported in Retell, in international format.",
    placeholder: "+14155550123",
    required: true,
  },
};

/** Where the webhook URL goes, per platform: one line under it. */
export function webhookUrlHelp(form: Pick<VoiceForm, "provider" | "simulated">): string {
  if (isSimulated(form)) return "The simulator sends each call's updates here by itself.";
  switch (platformOf(form.provider)) {
    case "bland":
      return "Bland: nothing to paste. Ringback sends this URL with every call (Send Call's webhook), and Bland signs each update with your webhook signing secret.";
    case "vapi":
      return "Vapi: nothing to paste. Ringback sets it as the server URL of each call's assistant, with the server secret.";
    case "retell":
      return "Retell: nothing to paste. Ringback sets it as the webhook URL of the agent it keeps for each assistant, which takes precedence over your account-level webhook.";
  }
}

/** How a caller number reads in the list: "+1 415 555 0100 · Sales line". */
export function callerNumberOptionLabel(
  platform: VoicePlatformId,
  option: { id: string; number: string; label: string | null },
): string {
  const parts = [option.number, option.label].filter(Boolean);
  return CALLER_NUMBER_KIND[platform] === "id" && !option.number ? option.id : parts.join(" · ");
}
