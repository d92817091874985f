import { Loader2 } from "lucide-react";
import { cn } from "@/lib/utils";

/** A centred spinner with a visible label (SPEC.md: 'Loading...'). */
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
