import type {
  VoicePlatformId,
  VoicePlatformManifest,
  VoiceProviderChoice,
  VoiceSimulatorManifest,
} from "@ringback/contracts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError } from "@/components/ui/field-error";
import { RadioCard } from "./radio-card";
import { type ChangeForm, type FieldErrors, IDS } from "./voice-fields";
import type { VoiceForm } from "./voice-form";

/**
 * The provider to call through, a card each, and for Bland, Vapi and Retell whose account: the
 * simulator's (where this installation has it) or the organization's own.
 */
export function ProviderCard({
  choices,
  form,
  errors,
  simulatorAvailable,
  platforms,
  simulator,
  nameOf,
  onChoose,
  change,
}: {
  choices: readonly VoiceProviderChoice[];
  form: VoiceForm;
  errors: FieldErrors;
  simulatorAvailable: boolean;
  platforms: Record<VoicePlatformId, VoicePlatformManifest>;
  simulator: VoiceSimulatorManifest;
  nameOf: (choice: VoiceProviderChoice) => string;
  onChoose: (provider: VoiceProviderChoice) => void;
  change: ChangeForm;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3 className="text-lg">Provider</h3>
        </CardTitle>
        <CardDescription>
          Changing provider affects new calls only: calls already placed finish through the provider
          they started with.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <fieldset className="grid gap-2">
          {/* The card's title says it; the legend names the group for screen readers. */}
          <legend className="sr-only">Provider</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {choices.map((choice) => (
              <RadioCard
                key={choice}
                name={IDS.provider}
                value={choice}
                checked={form.provider === choice}
                onChange={() => onChoose(choice)}
                title={nameOf(choice)}
                description={
                  choice === "simulator" ? simulator.description : platforms[choice].description
                }
              />
            ))}
          </div>
          <FieldError fieldId={IDS.provider} error={errors.provider} />
        </fieldset>

        {form.provider !== "simulator" && simulatorAvailable ? (
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Account</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              <RadioCard
                name={IDS.simulated}
                value="simulated"
                checked={form.simulated}
                onChange={() =>
                  change({ simulated: true }, ["simulated", "apiKey", "webhookSecret"])
                }
                title="Simulated — no key needed"
                description={`The simulator plays your calls in ${nameOf(form.provider)}'s API, offline. No phone rings.`}
              />
              <RadioCard
                name={IDS.simulated}
                value="own"
                checked={!form.simulated}
                onChange={() => change({ simulated: false }, ["simulated"])}
                title="My own account"
                description={`Real calls, with your ${nameOf(form.provider)} API key.`}
              />
            </div>
            <FieldError fieldId={IDS.simulated} error={errors.simulated} />
          </fieldset>
        ) : null}
      </CardContent>
    </Card>
  );
}
