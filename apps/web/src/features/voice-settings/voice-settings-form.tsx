import {
  type VoicePlatformId,
  type VoicePlatformManifest,
  type VoiceProviderChoice,
  type VoiceSettings,
  type VoiceSimulatorManifest,
  type VoiceVerifyResult,
  voiceProviderChoices,
} from "@ringback/contracts";
import { type FormEvent, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { serverFieldErrors } from "@/lib/form-errors";
import { CallerNumberCard } from "./caller-number-card";
import { CredentialsCard } from "./credentials-card";
import { ProviderCard } from "./provider-card";
import { useResetVoiceSettings, useSaveVoiceSettings, useVerifyVoiceSettings } from "./queries";
import { FIELDS, type Field, type FieldErrors, IDS } from "./voice-fields";
import {
  choiceLabel,
  initialForm,
  isSimulated,
  platformOf,
  savedMatches,
  toRequest,
  type VoiceForm,
} from "./voice-form";
import { WebhookUrlCard } from "./webhook-url-card";

/**
 * The form of the Voice page: the provider and its account, the credentials, the caller number
 * and the webhook URL; Save, and going back to the installation's default.
 */
export function VoiceSettingsForm({
  organizationId,
  settings,
  platforms,
  simulator,
}: {
  organizationId: string;
  settings: VoiceSettings;
  platforms: Record<VoicePlatformId, VoicePlatformManifest>;
  simulator: VoiceSimulatorManifest;
}) {
  const save = useSaveVoiceSettings(organizationId);
  const reset = useResetVoiceSettings(organizationId);
  const verify = useVerifyVoiceSettings(organizationId);
  const [form, setForm] = useState<VoiceForm>(() => initialForm(settings));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [verified, setVerified] = useState<VoiceVerifyResult | null>(null);
  const [resetting, setResetting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const platform = platformOf(form.provider);
  const simulated = isSimulated(form);
  const saved = savedMatches(settings, form);
  const choices = voiceProviderChoices.filter(
    (choice) => choice !== "simulator" || settings.simulatorAvailable,
  );
  const manifest = platforms[platform];
  const nameOf = (choice: VoiceProviderChoice) =>
    choice === "simulator" ? simulator.name : platforms[choice].name;
  const busy = save.isPending || reset.isPending;

  /** A change to the form: its errors and the last Verify no longer apply. */
  const change = (patch: Partial<VoiceForm>, clears: Field[]) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of clears) delete next[field];
      return next;
    });
    const connectionChanged =
      "provider" in patch || "simulated" in patch || "apiKey" in patch || "webhookSecret" in patch;
    if (connectionChanged) setVerified(null);
  };

  const chooseProvider = (provider: VoiceProviderChoice) => {
    const same = settings.provider === provider && !settings.usingInstallationDefault;
    change(
      {
        provider,
        apiKey: "",
        webhookSecret: "",
        callerNumber: same ? (settings.callerNumber ?? "") : "",
        // The platforms offer the simulator's account first in a sandbox installation.
        simulated:
          provider !== "simulator" &&
          (same ? settings.simulated : settings.simulatorAvailable && form.simulated),
      },
      ["provider", "simulated", "apiKey", "webhookSecret", "callerNumber"],
    );
  };

  const fail = (failure: unknown, what: string) => {
    const fields = serverFieldErrors(failure, FIELDS);
    if (Object.keys(fields).length > 0) {
      setErrors(fields);
      const first = FIELDS.find((f) => fields[f]);
      if (first) document.getElementById(firstInputId(first))?.focus();
      return;
    }
    toast.error(what, {
      description: failure instanceof Error ? failure.message : undefined,
    });
  };

  /** The input to focus for a field (a radio group's checked radio). */
  const firstInputId = (field: Field) =>
    field === "provider"
      ? `${IDS.provider}-${form.provider}`
      : field === "simulated"
        ? `${IDS.simulated}-${form.simulated ? "simulated" : "own"}`
        : IDS[field];

  const onVerify = async () => {
    setVerified(null);
    try {
      const result = await verify.mutateAsync(toRequest(form, manifest));
      setVerified(result);
    } catch (failure) {
      fail(failure, "Verify failed");
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    try {
      const result = await save.mutateAsync(toRequest(form, manifest));
      toast.success("Voice settings saved", {
        description: result.provider
          ? `New calls go through ${choiceLabel(result.provider, result.simulated)}.`
          : undefined,
      });
    } catch (failure) {
      fail(failure, "Failed to save the voice settings");
    }
  };

  const onReset = async () => {
    try {
      const result = await reset.mutateAsync();
      setResetting(false);
      toast.success("Using the installation default", {
        description: result.provider
          ? `New calls go through ${choiceLabel(result.provider, result.simulated)}.`
          : "No voice provider is set up: calls cannot go out until you choose one.",
      });
    } catch (failure) {
      toast.error("Failed to go back to the installation default", {
        description: failure instanceof Error ? failure.message : undefined,
      });
    }
  };

  const defaultLabel = settings.installationDefault
    ? choiceLabel(settings.installationDefault, settings.installationDefault === "simulator")
    : null;

  return (
    <>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid gap-6"
        aria-labelledby="voice-form-title"
      >
        <h2 id="voice-form-title" ref={headingRef} tabIndex={-1} className="sr-only">
          Choose the voice provider
        </h2>
        <ProviderCard
          choices={choices}
          form={form}
          errors={errors}
          simulatorAvailable={settings.simulatorAvailable}
          platforms={platforms}
          simulator={simulator}
          nameOf={nameOf}
          onChoose={chooseProvider}
          change={change}
        />

        <CredentialsCard
          form={form}
          errors={errors}
          settings={settings}
          manifest={manifest}
          simulated={simulated}
          saved={saved}
          providerName={nameOf(form.provider)}
          verifying={verify.isPending}
          verified={verified}
          onVerify={onVerify}
          change={change}
        />

        <CallerNumberCard
          form={form}
          errors={errors}
          platform={platform}
          callerField={manifest.callerNumber}
          simulated={simulated}
          verified={verified}
          change={change}
        />

        <WebhookUrlCard
          form={form}
          settings={settings}
          manifest={manifest}
          simulated={simulated}
          saved={saved}
        />

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-1">
            <Button
              type="button"
              variant="outline"
              onClick={() => setResetting(true)}
              disabled={busy || settings.usingInstallationDefault}
              aria-describedby="voice-default-hint"
            >
              Use the installation default
            </Button>
            <p id="voice-default-hint" className="text-xs text-muted-foreground">
              {defaultLabel
                ? `This installation's default is ${defaultLabel === "Bland" ? "Bland, with the installation's own account" : `the ${defaultLabel}`}.`
                : "This installation has no default: without a provider, calls cannot go out."}
              {settings.usingInstallationDefault ? " It is in use now." : ""}
            </p>
          </div>
          <Button type="submit" disabled={busy} className="sm:self-start">
            {save.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={resetting}
        onOpenChange={(open) => (open ? null : setResetting(false))}
        title="Use the installation default?"
        description={
          <>
            {defaultLabel
              ? `New calls go through ${defaultLabel === "Bland" ? "the installation's Bland account" : `the ${defaultLabel}`}. `
              : "This installation has no default: no new calls go out until you choose a provider again. "}
            Your saved credentials stop being used; calls already placed finish through the provider
            they started with.
          </>
        }
        confirmLabel="Use the default"
        busyLabel="Switching..."
        busy={reset.isPending}
        onConfirm={() => void onReset()}
        returnFocusTo={headingRef}
      />
    </>
  );
}
