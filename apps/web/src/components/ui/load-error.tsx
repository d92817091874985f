import { AlertTriangle, Loader2, RotateCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/**
 * A read that failed says so, with Retry — never an empty state standing in for "we don't know"
 *. `block` takes the place of content that never loaded; `inline` sits above
 * content that is still shown but could not be refreshed ("These may be out of date.").
 */
export function LoadError({
  title,
  message,
  onRetry,
  retrying = false,
  variant = "block",
  className,
}: {
  /** What failed, e.g. "Couldn't load your assistants." */
  title: string;
  /** Why, in the server's or the client's words. */
  message?: string | null;
  onRetry: () => void;
  retrying?: boolean;
  variant?: "block" | "inline";
  className?: string;
}) {
  const retry = (
    <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
      {retrying ? (
        <>
          <Loader2 className="animate-spin" aria-hidden="true" />
          Retrying...
        </>
      ) : (
        <>
          <RotateCw aria-hidden="true" />
          Retry
        </>
      )}
    </Button>
  );
  if (variant === "inline") {
    return (
      <div
        role="alert"
        data-slot="load-error"
        className={cn(
          "flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm",
          className,
        )}
      >
        <p>
          <span className="font-medium">{title}</span>{" "}
          <span className="text-muted-foreground">These may be out of date.</span>
        </p>
        {retry}
      </div>
    );
  }
  return (
    <div
      role="alert"
      data-slot="load-error"
      className={cn(
        "flex flex-col items-center gap-3 rounded-lg border border-destructive/30 bg-card px-4 py-10 text-center",
        className,
      )}
    >
      <AlertTriangle className="size-6 text-destructive" aria-hidden="true" />
      <p className="font-medium">{title}</p>
      {message ? <p className="max-w-md text-sm text-muted-foreground">{message}</p> : null}
      {retry}
    </div>
  );
}
