import { Suspense } from "react";
import { BrowserRouter } from "react-router";
import { FirstViewHold, holdsFirstView } from "../components/first-view-hold";
import { PageErrorBoundary } from "../components/page-error-boundary";
import { pageStartsWithSpinner } from "./first-load";
import { AppRoutes } from "./router";

/**
 * The app: the router only. The providers every page but the landing page uses
 * (queries, tooltips, toasts, the session) load with the first such page: see app-shell.tsx.
 * Until a page's chunk is there on the first load, nothing shows (no spinner that flashes and
 * shifts), except on the pages whose HTML already shows the loading spinner (the admin pages,
 * see first-load.ts): they keep showing it. Later navigations keep the current page until the
 * next is ready.
 */
export function App() {
  return (
    <BrowserRouter>
      <PageErrorBoundary>
        <Suspense fallback={fallback}>
          <AppRoutes />
        </Suspense>
      </PageErrorBoundary>
    </BrowserRouter>
  );
}

/** FIRST_LOAD_HTML (first-load.ts) as React renders it, until the page's chunks have run. */
export function FirstLoad() {
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 text-muted-foreground min-h-svh"
    >
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        className="lucide lucide-loader-circle lucide-loader-2 size-5 animate-spin"
        aria-hidden="true"
      >
        <path d="M21 12a9 9 0 1 1-6.219-8.56" />
      </svg>
      <span className="text-sm">Loading...</span>
    </div>
  );
}

// Read before React first renders into the root, which replaces what the HTML put there: the
// page's first view (first-view-hold.tsx holds it), else its spinner, else nothing.
const fallback = holdsFirstView() ? (
  <FirstViewHold />
) : typeof document !== "undefined" && pageStartsWithSpinner(document.getElementById("root")) ? (
  <FirstLoad />
) : null;
