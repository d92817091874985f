import { setAdminPrefetch } from "@/lib/prefetch";

/**
 * The parts of the app that load when used. Each is one `import()`, shared by the
 * router and by the prefetch below, so both fetch the same chunk once.
 *
 * The landing page is the only page in the first script; everything else arrives with its route.
 * scripts/web-budget.ts names these modules to measure each route's initial JavaScript.
 */

/** Providers every page but the landing needs: queries, tooltips, toasts and the session. */
export const loadShell = () => import("./app-shell");

/** The signed-in frame: the route guard around the sidebar layout. */
export const loadAdminRoot = () => import("./admin-root");
export const loadDashboard = () => import("@/features/dashboard/dashboard-page");
export const loadCallRecords = () => import("@/features/call-records/call-records-page");

let prefetched = false;

/**
 * Fetches the admin app in the background once sign-in has started (the login form gets focus,
 * a code is requested), so the dashboard opens without waiting after the code is accepted. Never
 * called on the landing page. Runs when the browser is idle; a failure here is harmless (the
 * route loads it again, and reports it, when it is needed).
 */
export function prefetchAdminModules(): void {
  if (prefetched) return;
  prefetched = true;
  const run = () => {
    for (const load of [loadAdminRoot, loadDashboard, loadCallRecords]) {
      load().catch(() => undefined);
    }
  };
  if (typeof window.requestIdleCallback === "function") {
    window.requestIdleCallback(run, { timeout: 2000 });
  } else {
    setTimeout(run, 200);
  }
}

// Sign-in pages ask for this through lib/prefetch.ts (features do not import the app).
setAdminPrefetch(prefetchAdminModules);
