import type * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A native checkbox in the theme's colour: the browser's own semantics, keyboard and forms
 * behaviour, and no script of its own.
 */
export function Checkbox({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      data-slot="checkbox"
      className={cn(
        "size-4 shrink-0 cursor-pointer rounded-sm accent-primary outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
