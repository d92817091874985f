import type { OrganizationRole } from "@ringback/contracts";

export type GuardDecision = "loading" | "login" | "unauthorized" | "allow";

/**
 * The route guard as a pure rule: wait while auth (or, when a role is required, the
 * membership) loads; signed-out users log in; a required role the user does not hold in the
 * current organization is unauthorized.
 */
export function guardDecision(input: {
  authStatus: "loading" | "signed-in" | "signed-out";
  requiredRoles?: readonly OrganizationRole[];
  role: OrganizationRole | null;
  membershipLoading: boolean;
}): GuardDecision {
  if (input.authStatus === "loading") return "loading";
  if (input.authStatus === "signed-out") return "login";
  if (!input.requiredRoles) return "allow";
  if (input.membershipLoading) return "loading";
  return input.role && input.requiredRoles.includes(input.role) ? "allow" : "unauthorized";
}
