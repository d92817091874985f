import { type ReactNode, useEffect } from "react";
import { Toaster } from "@/components/ui/sonner";
import { AccessTokenRedirect } from "@/features/auth/access-token-redirect";
import { startSession } from "@/lib/session";

/**
 * What every page but the landing page needs, loaded with the first such page:
 * toasts, the session (loaded once and kept fresh) and the access token in the URL hash. Once
 * loaded it stays, the landing page included. Queries and tooltips come with the pages that use
 * them (queries.tsx, admin-root.tsx).
 */
export function AppShell({ children }: { children: ReactNode }) {
  useEffect(() => startSession(), []);
  return (
    <>
      <AccessTokenRedirect />
      {children}
      <Toaster />
    </>
  );
}
