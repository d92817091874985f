import type { VoicePlatformManifest, VoiceSettings } from "@ringback/contracts";
import { CopyButton } from "@/components/copy-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { choiceLabel, type VoiceForm, webhookUrlHelp } from "./voice-form";

/** Where the platform sends each call's progress: the saved connection's URL, to copy. */
export function WebhookUrlCard({
  form,
  settings,
  manifest,
  simulated,
  saved,
}: {
  form: VoiceForm;
  settings: VoiceSettings;
  manifest: VoicePlatformManifest;
  simulated: boolean;
  /** Whether the saved connection is this choice (its URL applies). */
  saved: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3 className="text-lg">Webhook URL</h3>
        </CardTitle>
        <CardDescription>
          Where {choiceLabel(form.provider, simulated)} sends each call's progress and result. It
          must be reachable from the internet.
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
            Save to get this connection's webhook URL: it names the connection, so that each call's
            updates are checked with its own secret. {webhookUrlHelp(form, manifest)}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
