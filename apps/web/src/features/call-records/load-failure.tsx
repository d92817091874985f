import { RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SpinnerIcon } from "@/components/ui/spinner";

/** A failed load of the list, said in place of the rows (never an empty table), with Retry. */
export function LoadFailed({
  message,
  onRetry,
  busy,
}: {
  message: string | undefined;
  onRetry: () => void;
  busy: boolean;
}) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-4 py-16 text-center">
      <p className="font-medium">Couldn't load call records.</p>
      <p className="max-w-md text-sm text-muted-foreground">
        {message ?? "The server did not answer."} Your search and filters are kept.
      </p>
      <RetryButton onRetry={onRetry} busy={busy} />
    </div>
  );
}

/** A failed refresh of rows already shown for this very filter: they stay, under this note. */
export function StaleNote({ onRetry, busy }: { onRetry: () => void; busy: boolean }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
    >
      <p>
        <span className="font-medium">Couldn't load call records.</span>{" "}
        <span className="text-muted-foreground">These may be out of date.</span>
      </p>
      <RetryButton onRetry={onRetry} busy={busy} />
    </div>
  );
}

function RetryButton({ onRetry, busy }: { onRetry: () => void; busy: boolean }) {
  return (
    <Button variant="outline" size="sm" onClick={onRetry} disabled={busy}>
      {busy ? <SpinnerIcon /> : <RotateCw aria-hidden="true" />}
      Retry
    </Button>
  );
}
