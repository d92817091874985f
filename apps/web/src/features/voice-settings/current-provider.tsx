import type { VoiceSettings } from "@ringback/contracts";
import { AudioLines } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { choiceLabel } from "./voice-form";

function formatSavedAt(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

/** What calls go through now, in a sentence. */
export function CurrentProvider({ settings }: { settings: VoiceSettings }) {
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
