import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "@/lib/utils";

export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium [&>svg]:size-3",
  {
    variants: {
      variant: {
        default: "border-transparent bg-primary text-primary-foreground",
        secondary: "border-transparent bg-secondary text-secondary-foreground",
        success: "border-transparent bg-success/15 text-success-strong",
        info: "border-transparent bg-info/10 text-info-strong",
        muted: "border-transparent bg-muted text-muted-foreground",
        warning: "border-transparent bg-warning/20 text-warning-strong",
        destructive: "border-transparent bg-destructive/10 text-destructive",
        // A failed call: red text and border on a faint tint, readable on a muted row as well.
        danger: "border-destructive/40 bg-destructive/5 text-destructive-strong",
        outline: "text-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return (
    <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />
  );
}
