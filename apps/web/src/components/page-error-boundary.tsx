import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { RecoveringBoundary } from "./recovering-boundary";

/**
 * The app's last resort: the app shell could not be loaded (the connection dropped, or a new
 * release replaced the files an open tab asked for) or the page failed while rendering. Says so
 * with Reload instead of a blank screen, and tries again by itself (RecoveringBoundary). A page
 * of the admin frame fails inside the frame instead (PageUnavailable), keeping its header.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <RecoveringBoundary
      fallback={() => (
        <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-4 text-center">
          <h1 className="text-2xl font-semibold tracking-tight">This page could not be shown</h1>
          <p className="text-muted-foreground">Check your connection, then reload the page.</p>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="inline-flex h-9 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground shadow-sm hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 outline-none"
          >
            Reload
          </button>
        </main>
      )}
    >
      {children}
    </RecoveringBoundary>
  );
}

/**
 * A page inside the admin frame (or any page of the router) that could not be shown: said in
 * its place, with Retry, while the header and the sidebar stay; tried again by itself, and afresh
 * on another address.
 */
export function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RecoveringBoundary
      resetKey={pathname}
      fallback={(retry) => <PageUnavailable onRetry={retry} />}
    >
      {children}
    </RecoveringBoundary>
  );
}

export function PageUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center"
    >
      <h1 className="text-xl font-semibold tracking-tight">This page could not be loaded</h1>
      <p className="text-sm text-muted-foreground">
        Check your connection. It is tried again by itself; nothing you entered is lost.
      </p>
      <button
        type="button"
        onClick={onRetry}
        className="inline-flex h-9 items-center justify-center rounded-md border bg-background px-4 text-sm font-medium shadow-xs hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 outline-none"
      >
        Retry
      </button>
    </div>
  );
}
