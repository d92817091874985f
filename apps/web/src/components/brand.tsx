import { PhoneCall } from "lucide-react";
import { cn } from "@/lib/utils";

export const PRODUCT_NAME = "Ringback";

/** The Ringback mark and word. */
export function Brand({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold tracking-tight", className)}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <PhoneCall className="size-4" aria-hidden="true" />
      </span>
      {compact ? (
        <span className="sr-only">{PRODUCT_NAME}</span>
      ) : (
        <span className="text-lg">{PRODUCT_NAME}</span>
      )}
    </span>
  );
}
