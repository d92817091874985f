import type { ReactNode } from "react";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { useVoicePlatforms } from "@/lib/integrations";
import { loadState } from "@/lib/load-state";
import { useCurrentOrganization } from "@/lib/organizations";
import { CurrentProvider } from "./current-provider";
import { useVoiceSettings } from "./queries";
import { VoiceSettingsForm } from "./voice-settings-form";

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
