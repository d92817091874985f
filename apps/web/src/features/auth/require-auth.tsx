import type { OrganizationRole } from "@ringback/contracts";
import type * as React from "react";
import { Navigate, useLocation } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentOrganization } from "@/lib/organizations";
import { useAuth } from "@/lib/session";

/**
 * SPEC.md §2 route guard: 'Loading...' while auth loads; signed-out users go to /login and come
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
  const auth = useAuth();
  const location = useLocation();
  const { role, isLoading } = useCurrentOrganization();

  if (auth.status === "loading" || (roles && auth.status === "signed-in" && isLoading)) {
    return <Spinner className="min-h-svh" />;
  }
  if (auth.status === "signed-out") {
    return (
      <Navigate
        replace
        to="/login"
        state={{ from: `${location.pathname}${location.search}${location.hash}` }}
      />
    );
  }
  if (roles && (!role || !roles.includes(role))) return <Navigate replace to="/unauthorized" />;
  return <>{children}</>;
}
