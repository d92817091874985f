import type * as React from "react";
import { useCallback, useEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils";

/**
 * On a narrow screen a wide table scrolls sideways. Then its container takes focus, so it can be
 * scrolled with the keyboard (WCAG 2.1.1; axe's scrollable-region-focusable) — and only then, so
 * a table that fits adds no tab stop.
 */
function useScrollsSideways() {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  const measure = useCallback(() => {
    const element = ref.current;
    if (element) setScrolls(element.scrollWidth > element.clientWidth + 1);
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [measure]);
  return { ref, scrolls };
}

/**
 * A table that scrolls sideways shows it — a shadow on the side where more of it
 * is (the classic "scroll shadows": covers that move with the content hide each shadow once
 * that edge is reached).
 */
const SCROLL_SHADOWS: React.CSSProperties = {
  background: [
    "linear-gradient(to right, var(--card) 30%, transparent) left center / 2.5rem 100% no-repeat local",
    "linear-gradient(to left, var(--card) 30%, transparent) right center / 2.5rem 100% no-repeat local",
    "radial-gradient(farthest-side at 0 50%, rgb(0 0 0 / 0.2), transparent) left center / 0.75rem 100% no-repeat scroll",
    "radial-gradient(farthest-side at 100% 50%, rgb(0 0 0 / 0.2), transparent) right center / 0.75rem 100% no-repeat scroll",
  ].join(", "),
};

export function Table({ className, ...props }: React.ComponentProps<"table">) {
  const { ref, scrolls } = useScrollsSideways();
  return (
    <div
      ref={ref}
      data-slot="table-container"
      data-scrolls={scrolls ? "" : undefined}
      tabIndex={scrolls ? 0 : undefined}
      style={scrolls ? SCROLL_SHADOWS : undefined}
      className="relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <table
        data-slot="table"
        className={cn("w-full caption-bottom text-sm", className)}
        {...props}
      />
    </div>
  );
}

export function TableHeader({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead data-slot="table-header" className={cn("[&_tr]:border-b", className)} {...props} />;
}

export function TableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return (
    <tbody
      data-slot="table-body"
      className={cn("[&_tr:last-child]:border-0", className)}
      {...props}
    />
  );
}

export function TableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        "border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted",
        className,
      )}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        "h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground",
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: React.ComponentProps<"td">) {
  return <td data-slot="table-cell" className={cn("p-3 align-middle", className)} {...props} />;
}

export function TableCaption({ className, ...props }: React.ComponentProps<"caption">) {
  return (
    <caption
      data-slot="table-caption"
      className={cn("mt-4 text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}
