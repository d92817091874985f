import {
  type CallerNumber,
  type VoicePlatformId,
  type VoicePlatformManifest,
  type VoiceProviderChoice,
  type VoiceSettings,
  type VoiceSimulatorManifest,
  type VoiceVerifyResult,
  voiceProviderChoices,
} from "@ringback/contracts";
import { AudioLines, CircleCheck, CircleX, Loader2, ShieldCheck } from "lucide-react";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { CopyButton } from "@/components/copy-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError, fieldA11y } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadError } from "@/components/ui/load-error";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { serverFieldErrors } from "@/lib/form-errors";
import { useVoicePlatforms } from "@/lib/integrations";
import { loadState } from "@/lib/load-state";
import { useCurrentOrganization } from "@/lib/organizations";
import {
  useResetVoiceSettings,
  useSaveVoiceSettings,
  useVerifyVoiceSettings,
  useVoiceSettings,
} from "./queries";
import {
  callerNumberOptionLabel,
  choiceLabel,
  initialForm,
  isSimulated,
  platformOf,
  savedMatches,
  toRequest,
  type VoiceForm,
  webhookUrlHelp,
} from "./voice-form";

type Field = "provider" | "simulated" | "apiKey" | "webhookSecret" | "callerNumber";
const FIELDS = ["provider", "simulated", "apiKey", "webhookSecret", "callerNumber"] as const;
const IDS: Record<Field, string> = {
  provider: "voice-provider",
  simulated: "voice-account",
  apiKey: "voice-api-key",
  webhookSecret: "voice-webhook-secret",
  callerNumber: "voice-caller-number",
};
/** The caller-number select's value for "the account's default" (Radix needs a non-empty one). */
const ACCOUNT_DEFAULT = "__account_default__";

function Heading() {
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight">Voice</h1>
      <p className="mt-1 max-w-2xl text-muted-foreground">
        The voice platform your assistants call through. Bring your own Bland, Vapi or Retell
        account (its calls are billed to it), or try everything with the simulator.
      </p>
    </div>
  );
}

/** Settings → Voice, for owners and admins (the router sends others away). */
export function VoiceSettingsPage() {
  const { current, isLoading, error, refetch, isFetching } = useCurrentOrganization();
  const frame = (content: ReactNode) => (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Heading />
      {content}
    </div>
  );
  if (isLoading) return frame(<PageSkeleton />);
  if (error && !current) {
    return frame(
      <LoadError
        title="Failed to load organization data"
        message={error.message}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />,
    );
  }
  if (!current) {
    return frame(
      <p className="text-muted-foreground">
        Create an organization or select one in the header to choose its voice platform.
      </p>,
    );
  }
  return <VoiceSettingsView key={current.id} organizationId={current.id} />;
}

function PageSkeleton() {
  return (
    <div role="status" aria-label="Loading voice settings" className="grid gap-6">
      <Skeleton className="h-20 w-full rounded-xl" />
      <Skeleton className="h-72 w-full rounded-xl" />
    </div>
  );
}

function VoiceSettingsView({ organizationId }: { organizationId: string }) {
  const settings = useVoiceSettings(organizationId);
  // Each platform's card, fields and help come from its manifest on the server.
  const voice = useVoicePlatforms();
  const state = loadState(settings);
  const frame = (content: ReactNode) => (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Heading />
      {content}
    </div>
  );
  if (voice.isError && !voice.platforms) {
    return frame(
      <LoadError
        title="Couldn't load the voice platforms."
        message={voice.error?.message}
        onRetry={() => void voice.refetch()}
        retrying={voice.isFetching}
      />,
    );
  }
  if (state === "loading" || !voice.platforms || !voice.simulator) return frame(<PageSkeleton />);
  if (state === "failed" || !settings.data) {
    return frame(
      <LoadError
        title="Couldn't load the voice settings."
        message={settings.error?.message}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />,
    );
  }
  return frame(
    <>
      {state === "stale" ? (
        <LoadError
          variant="inline"
          title="Couldn't load the voice settings."
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
        />
      ) : null}
      <CurrentProvider settings={settings.data} />
      {/* A fresh form for each saved state: what was typed belongs to the choice it was for. */}
      <VoiceSettingsForm
        key={settings.data.updatedAt ?? "default"}
        organizationId={organizationId}
        settings={settings.data}
        platforms={voice.platforms}
        simulator={voice.simulator}
      />
    </>,
  );
}

function formatSavedAt(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** What calls go through now, in a sentence. */
function CurrentProvider({ settings }: { settings: VoiceSettings }) {
  const label = settings.provider ? choiceLabel(settings.provider, settings.simulated) : null;
  return (
    <section
      aria-label="Current voice provider"
      className="flex flex-wrap items-center gap-3 rounded-lg border bg-card px-4 py-3"
    >
      <AudioLines className="size-5 text-muted-foreground" aria-hidden="true" />
      {label ? (
        <p className="min-w-0 flex-1">
          Calls go through <span className="font-semibold">{label}</span>
          {settings.usingInstallationDefault ? (
            <span className="text-muted-foreground">, this installation's default.</span>
          ) : (
            <span className="text-muted-foreground">
              {settings.apiKeyHint ? `, with the key ending in ${settings.apiKeyHint}` : ""}
              {settings.updatedAt
                ? `. Saved${settings.updatedBy ? ` by ${settings.updatedBy}` : ""} on ${formatSavedAt(settings.updatedAt)}.`
                : "."}
            </span>
          )}
        </p>
      ) : (
        <p className="min-w-0 flex-1">
          <span className="font-semibold">No voice provider is set up.</span>{" "}
          <span className="text-muted-foreground">
            Calls cannot go out until you choose one below.
          </span>
        </p>
      )}
      {settings.simulated ? <Badge variant="info">Simulated</Badge> : null}
    </section>
  );
}

function RadioCard({
  name,
  value,
  checked,
  onChange,
  title,
  description,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  title: string;
  description: string;
}) {
  const id = `${name}-${value}`;
  return (
    <label
      htmlFor={id}
      className="flex cursor-pointer items-start gap-3 rounded-lg border bg-card p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/5 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/40"
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="mt-0.5 size-5 shrink-0 accent-primary"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-hint`}
      />
      <span className="grid gap-0.5">
        <span id={`${id}-title`} className="text-sm font-medium">
          {title}
        </span>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {description}
        </span>
      </span>
    </label>
  );
}

function VoiceSettingsForm({
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
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
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
  const secretField = manifest.webhookSecret;
  const callerField = manifest.callerNumber;
  const nameOf = (choice: VoiceProviderChoice) =>
    choice === "simulator" ? simulator.name : platforms[choice].name;
  const callerNumbers: CallerNumber[] | null = verified?.ok ? verified.callerNumbers : null;
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
        <Card>
          <CardHeader>
            <CardTitle>
              <h3 className="text-lg">Provider</h3>
            </CardTitle>
            <CardDescription>
              Changing provider affects new calls only: calls already placed finish through the
              provider they started with.
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
                    onChange={() => chooseProvider(choice)}
                    title={nameOf(choice)}
                    description={
                      choice === "simulator" ? simulator.description : platforms[choice].description
                    }
                  />
                ))}
              </div>
              <FieldError fieldId={IDS.provider} error={errors.provider} />
            </fieldset>

            {form.provider !== "simulator" && settings.simulatorAvailable ? (
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

        <Card>
          <CardHeader>
            <CardTitle>
              <h3 className="text-lg">Credentials</h3>
            </CardTitle>
            <CardDescription>
              {simulated
                ? "The simulator's account for your organization: nothing to enter."
                : saved
                  ? "Stored encrypted and never shown again. Leave a field empty to keep what is saved."
                  : "Stored encrypted and never shown again."}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {simulated ? (
              <p className="flex items-center gap-2 text-sm">
                <ShieldCheck className="size-4 text-muted-foreground" aria-hidden="true" />
                Simulated — no key needed.
              </p>
            ) : (
              <>
                <div className="grid gap-2">
                  <Label htmlFor={IDS.apiKey}>API key</Label>
                  <Input
                    id={IDS.apiKey}
                    type="password"
                    autoComplete="off"
                    spellCheck={false}
                    value={form.apiKey}
                    placeholder={
                      saved && settings.apiKeyHint
                        ? `Saved key ending in ${settings.apiKeyHint}`
                        : `Your ${nameOf(form.provider)} API key`
                    }
                    onChange={(e) => change({ apiKey: e.target.value }, ["apiKey"])}
                    {...fieldA11y(IDS.apiKey, errors.apiKey, `${IDS.apiKey}-hint`)}
                  />
                  <p id={`${IDS.apiKey}-hint`} className="text-xs text-muted-foreground">
                    {saved && settings.apiKeyHint
                      ? `Saved key ending in ${settings.apiKeyHint}. Enter a new one to replace it. `
                      : ""}
                    {manifest.apiKeyHelp}
                  </p>
                  <FieldError fieldId={IDS.apiKey} error={errors.apiKey} />
                </div>
                {secretField ? (
                  <div className="grid gap-2">
                    <Label htmlFor={IDS.webhookSecret}>{secretField.label}</Label>
                    <Input
                      id={IDS.webhookSecret}
                      type="password"
                      autoComplete="off"
                      spellCheck={false}
                      value={form.webhookSecret}
                      placeholder={saved && settings.hasWebhookSecret ? "Saved secret" : undefined}
                      onChange={(e) => change({ webhookSecret: e.target.value }, ["webhookSecret"])}
                      {...fieldA11y(
                        IDS.webhookSecret,
                        errors.webhookSecret,
                        `${IDS.webhookSecret}-hint`,
                      )}
                    />
                    <p id={`${IDS.webhookSecret}-hint`} className="text-xs text-muted-foreground">
                      {saved && settings.hasWebhookSecret
                        ? "A secret is saved. Enter a new one to replace it. "
                        : ""}
                      {secretField.help}
                    </p>
                    <FieldError fieldId={IDS.webhookSecret} error={errors.webhookSecret} />
                  </div>
                ) : null}
              </>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <Button
                type="button"
                variant="outline"
                onClick={() => void onVerify()}
                disabled={verify.isPending}
              >
                {verify.isPending ? (
                  <>
                    <Loader2 className="animate-spin" aria-hidden="true" /> Verifying...
                  </>
                ) : (
                  "Verify"
                )}
              </Button>
              <p className="text-xs text-muted-foreground">
                Makes a harmless request with these credentials and lists the account's numbers.
              </p>
            </div>
            <div aria-live="polite">
              {verified ? (
                <p
                  data-testid="voice-verify-result"
                  className={
                    verified.ok
                      ? "flex items-start gap-2 rounded-lg border border-success/40 bg-success/10 px-3 py-2 text-sm"
                      : "flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm"
                  }
                >
                  {verified.ok ? (
                    <CircleCheck
                      className="mt-0.5 size-4 shrink-0 text-success"
                      aria-hidden="true"
                    />
                  ) : (
                    <CircleX
                      className="mt-0.5 size-4 shrink-0 text-destructive"
                      aria-hidden="true"
                    />
                  )}
                  <span>{verified.message}</span>
                </p>
              ) : null}
            </div>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h3 className="text-lg">Caller number</h3>
            </CardTitle>
            <CardDescription>
              {simulated
                ? "Simulated calls come from the simulator's own number."
                : callerField.help}
            </CardDescription>
          </CardHeader>
          {simulated ? null : (
            <CardContent className="grid gap-2">
              <Label htmlFor={IDS.callerNumber}>{callerField.label}</Label>
              {callerNumbers && callerNumbers.length > 0 ? (
                <Select
                  value={form.callerNumber || ACCOUNT_DEFAULT}
                  onValueChange={(value) =>
                    change({ callerNumber: value === ACCOUNT_DEFAULT ? "" : value }, [
                      "callerNumber",
                    ])
                  }
                >
                  <SelectTrigger
                    id={IDS.callerNumber}
                    className="sm:max-w-md"
                    {...fieldA11y(IDS.callerNumber, errors.callerNumber)}
                  >
                    <SelectValue placeholder="Choose a number" />
                  </SelectTrigger>
                  <SelectContent>
                    {callerField.required ? null : (
                      <SelectItem value={ACCOUNT_DEFAULT}>The platform's own numbers</SelectItem>
                    )}
                    {form.callerNumber && !callerNumbers.some((n) => n.id === form.callerNumber) ? (
                      <SelectItem value={form.callerNumber}>
                        {form.callerNumber} (not listed)
                      </SelectItem>
                    ) : null}
                    {callerNumbers.map((option) => (
                      <SelectItem key={option.id} value={option.id}>
                        {callerNumberOptionLabel(callerField.kind, option)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              ) : (
                <Input
                  id={IDS.callerNumber}
                  className="sm:max-w-md"
                  autoComplete="off"
                  spellCheck={false}
                  inputMode={platform === "vapi" ? "text" : "tel"}
                  value={form.callerNumber}
                  placeholder={callerField.placeholder}
                  onChange={(e) => change({ callerNumber: e.target.value }, ["callerNumber"])}
                  {...fieldA11y(IDS.callerNumber, errors.callerNumber)}
                />
              )}
              {verified?.ok && callerNumbers?.length === 0 ? (
                <p className="text-xs text-muted-foreground">
                  The account has no numbers of its own yet.
                </p>
              ) : null}
              <FieldError fieldId={IDS.callerNumber} error={errors.callerNumber} />
            </CardContent>
          )}
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h3 className="text-lg">Webhook URL</h3>
            </CardTitle>
            <CardDescription>
              Where {choiceLabel(form.provider, simulated)} sends each call's progress and result.
              It must be reachable from the internet.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            {saved && settings.webhookUrl ? (
              <>
                <Label htmlFor="voice-webhook-url">Webhook URL</Label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input
                    id="voice-webhook-url"
                    readOnly
                    value={settings.webhookUrl}
                    onFocus={(e) => e.currentTarget.select()}
                    className="font-mono text-xs"
                    aria-describedby="voice-webhook-url-hint"
                  />
                  <CopyButton
                    text={settings.webhookUrl}
                    label="Copy URL"
                    copiedMessage="Webhook URL copied"
                    size="default"
                  />
                </div>
                <p id="voice-webhook-url-hint" className="text-xs text-muted-foreground">
                  {webhookUrlHelp(form, manifest)}
                </p>
              </>
            ) : (
              <p className="text-sm text-muted-foreground">
                Save to get this connection's webhook URL: it names the connection, so that each
                call's updates are checked with its own secret. {webhookUrlHelp(form, manifest)}
              </p>
            )}
          </CardContent>
        </Card>

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
