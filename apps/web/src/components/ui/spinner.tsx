import { Loader2 } from "lucide-react";
import { cn } from "@/lib/utils";

/** A centred spinner with a visible label ('Loading...'). */
export function Spinner({
  label = "Loading...",
  className,
}: {
  label?: string;
  className?: string;
}) {
  return (
    <div
      role="status"
      className={cn("flex items-center justify-center gap-2 text-muted-foreground", className)}
    >
      <Loader2 className="size-5 animate-spin" aria-hidden="true" />
      <span className="text-sm">{label}</span>
    </div>
  );
}

/**
 * The spinning icon alone, for a button or a line that says what is loading itself: the
 * Spinner above carries its own "Loading..." text, which in a 16 px box overlapped the text
 * beside it (Export CSV, Loading call records...).
 */
export function SpinnerIcon({ className }: { className?: string }) {
  return <Loader2 className={cn("size-4 animate-spin", className)} aria-hidden="true" />;
}
