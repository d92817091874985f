import { Suspense } from "react";
import { BrowserRouter } from "react-router";
import { PageErrorBoundary } from "./page-error-boundary";
import { AppRoutes } from "./router";

/**
 * The app: the router only (issue 16 §1). The providers every page but the landing page uses
 * (queries, tooltips, toasts, the session) load with the first such page: see app-shell.tsx.
 * Until a page's chunk is there on the first load, nothing shows (no spinner that flashes and
 * shifts); later navigations keep the current page until the next is ready.
 */
export function App() {
  return (
    <BrowserRouter>
      <PageErrorBoundary>
        <Suspense fallback={null}>
          <AppRoutes />
        </Suspense>
      </PageErrorBoundary>
    </BrowserRouter>
  );
}
