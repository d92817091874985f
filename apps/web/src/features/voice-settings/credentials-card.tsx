import type { VoicePlatformManifest, VoiceSettings, VoiceVerifyResult } from "@ringback/contracts";
import { CircleCheck, CircleX, Loader2, ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError, fieldA11y } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { type ChangeForm, type FieldErrors, IDS } from "./voice-fields";
import type { VoiceForm } from "./voice-form";

/**
 * The account's API key and webhook secret (none for a simulated one), and Verify: a harmless
 * request with them, and what it said.
 */
export function CredentialsCard({
  form,
  errors,
  settings,
  manifest,
  simulated,
  saved,
  providerName,
  verifying,
  verified,
  onVerify,
  change,
}: {
  form: VoiceForm;
  errors: FieldErrors;
  settings: VoiceSettings;
  manifest: VoicePlatformManifest;
  simulated: boolean;
  /** Whether the saved connection is this choice (what is saved can be kept). */
  saved: boolean;
  providerName: string;
  verifying: boolean;
  verified: VoiceVerifyResult | null;
  onVerify: () => Promise<void>;
  change: ChangeForm;
}) {
  const secretField = manifest.webhookSecret;
  return (
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
                    : `Your ${providerName} API key`
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
            disabled={verifying}
          >
            {verifying ? (
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
                <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              ) : (
                <CircleX className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
              )}
              <span>{verified.message}</span>
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
