import type { VoiceForm } from "./voice-form";

/** The form's fields, as a server refusal names them. */
export type Field = "provider" | "simulated" | "apiKey" | "webhookSecret" | "callerNumber";
export const FIELDS = ["provider", "simulated", "apiKey", "webhookSecret", "callerNumber"] as const;
export const IDS: Record<Field, string> = {
  provider: "voice-provider",
  simulated: "voice-account",
  apiKey: "voice-api-key",
  webhookSecret: "voice-webhook-secret",
  callerNumber: "voice-caller-number",
};

/** Each field's error, said under it. */
export type FieldErrors = Partial<Record<Field, string>>;

/** A change to the form, and the fields whose errors it clears. */
export type ChangeForm = (patch: Partial<VoiceForm>, clears: Field[]) => void;
