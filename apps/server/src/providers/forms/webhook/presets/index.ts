import type { WebhookAuth } from "../auth.ts";
import { makePreset, zapierPreset } from "./automation.ts";
import { contactForm7Preset } from "./contact-form-7.ts";
import { googleAdsPreset } from "./google-ads.ts";
import { gravityFormsPreset } from "./gravity-forms.ts";
import type { WebhookPreset } from "./preset.ts";
import { webflowPreset } from "./webflow.ts";
import { wpformsPreset } from "./wpforms.ts";

export type { PresetReading, WebhookPreset } from "./preset.ts";

/** The presets, in the order the wizard offers them; `custom` (no preset) comes first there. */
export const webhookPresets: readonly WebhookPreset[] = [
  googleAdsPreset,
  wpformsPreset,
  gravityFormsPreset,
  contactForm7Preset,
  webflowPreset,
  zapierPreset,
  makePreset,
];

/** No preset: Standard Webhooks, or the business's own signing, with the body's own fields. */
export const CUSTOM_PRESET = "custom";

export const presetIds = [CUSTOM_PRESET, ...webhookPresets.map((p) => p.id)] as const;

export function presetOf(id: string | undefined): WebhookPreset | null {
  return webhookPresets.find((preset) => preset.id === id) ?? null;
}

/** The modes a preset takes (each preset's own; any generic one without a preset). */
export function authModesOf(preset: WebhookPreset | null, generic: readonly WebhookAuth["mode"][]) {
  return preset ? preset.authModes.map((auth) => auth.mode) : generic;
}
