import { type ComponentType, type ReactNode, use } from "react";
import { Outlet, useLocation } from "react-router";
import { RobotsMeta } from "@/components/robots-meta";
import { accessTokenFromHash } from "@/features/auth/access-token";
import { PageBoundary } from "../components/page-error-boundary";
import { loadShell } from "./lazy-modules";

type Shell = ComponentType<{ children: ReactNode }>;

let shell: Shell | null = null;
let loading: Promise<Shell> | null = null;

/** Loads the app shell (providers, session, toasts) once; a failed load is tried again. */
export function ensureShell(): Promise<Shell> {
  loading ??= loadShell().then(
    (module) => {
      shell = module.AppShell;
      return shell;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Every route. The landing page renders on its own, so its first load carries no more than it
 * needs; every other page renders inside the app shell, which this waits for
 * (suspending, like a lazy page). An access token in the hash of the landing page's address
 * needs the shell too. Once loaded, the shell stays.
 */
export function RootLayout() {
  const { pathname, hash } = useLocation();
  const needed = needsShell(pathname, hash);
  const AppShell = shell ?? (needed ? use(ensureShell()) : null);
  return AppShell ? (
    <AppShell>
      <RobotsMeta />
      <PageBoundary>
        <Outlet />
      </PageBoundary>
    </AppShell>
  ) : (
    <>
      <RobotsMeta />
      <Outlet />
    </>
  );
}

/** Whether a page needs the app shell: all but the landing page, and it with a token to take. */
export function needsShell(pathname: string, hash: string): boolean {
  return pathname !== "/" || accessTokenFromHash(hash) !== null;
}
