/**
 * The current organization: the last one the user picked if it is still theirs,
 * else their first. The browser remembers the pick (localStorage) and mirrors it in
 * a cookie, so the server can write the current organization's name into the dashboard's first
 * view (ADR 0022) by the same rule.
 */
export const CURRENT_ORGANIZATION_COOKIE = "ringback_organization";

export function pickCurrentOrganization<Organization extends { id: string }>(
  organizations: readonly Organization[],
  lastId: string | null | undefined,
): Organization | null {
  return organizations.find((o) => o.id === lastId) ?? organizations[0] ?? null;
}
