import { WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import type { LiveStatus } from "@/lib/live-updates";

/** A blip shorter than this (a reconnect that works at once) is not worth a message. */
const GRACE_MS = 1500;

/**
 * When the live-updates stream drops, a quiet line under the header says so until it
 * is back (the page then refetches what it missed). Polite, not an alert: nothing is lost and
 * nothing needs doing.
 */
export function LiveUpdatesBanner({ status }: { status: LiveStatus }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (status !== "paused") {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), GRACE_MS);
    return () => clearTimeout(timer);
  }, [status]);
  return (
    <div role="status" aria-live="polite" className="empty:hidden">
      {shown ? (
        <p className="flex items-center justify-center gap-2 border-b bg-muted px-4 py-1.5 text-center text-sm text-muted-foreground">
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          Live updates paused. Reconnecting…
        </p>
      ) : null}
    </div>
  );
}
