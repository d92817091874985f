import type { OrganizationRole } from "@ringback/contracts";
import type * as React from "react";
import { useDeferredValue } from "react";
import { Navigate, useLocation } from "react-router";
import { FirstViewHold, holdsFirstView, releaseFirstView } from "@/components/first-view-hold";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentOrganization } from "@/lib/organizations";
import { justSignedOut, useAuth } from "@/lib/session";
import { guardDecision } from "./guard-decision";

/**
 * The route guard: 'Loading...' while auth loads; signed-out users go to /login and come
 * back afterwards; a required role that the user does not hold in the current organization goes
 * to /unauthorized.
 */
export function RequireAuth({
  roles,
  children,
}: {
  roles?: readonly OrganizationRole[];
  children: React.ReactNode;
}) {
  // The session's answer comes from an external store, whose updates React renders in one
  // blocking pass: here it changes only this deferred copy at first, and the admin frame and its
  // page then render in a transition, in slices a phone can interrupt
  // (docs/decisions/0026-call-records-first-load-main-thread.md).
  const auth = useDeferredValue(useAuth());
  const location = useLocation();
  const { role, isLoading } = useCurrentOrganization();
  const decision = guardDecision({
    authStatus: auth.status,
    requiredRoles: roles,
    role,
    membershipLoading: isLoading,
  });

  if (decision === "loading") {
    // On the first load of a page with a first view, that view stays until the page is there.
    return holdsFirstView() ? <FirstViewHold /> : <Spinner className="min-h-svh" />;
  }
  // Going elsewhere: the first view (if any) is not this page's any more.
  if (decision === "login" || decision === "unauthorized") releaseFirstView();
  if (decision === "login") {
    return (
      <Navigate
        replace
        to="/login"
        state={
          justSignedOut()
            ? null
            : { from: `${location.pathname}${location.search}${location.hash}` }
        }
      />
    );
  }
  if (decision === "unauthorized") return <Navigate replace to="/unauthorized" />;
  return <>{children}</>;
}
