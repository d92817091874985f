/**
 * The roles' rights as data: which organization roles may do what. The server's tenancy middleware
 * checks these; the web app reads the same table to show or hide controls.
 */
export const organizationRoles = ["owner", "admin", "member"] as const;
export type OrganizationRole = (typeof organizationRoles)[number];

export const invitationRoles = ["member", "admin"] as const;
export type InvitationRole = (typeof invitationRoles)[number];

const everyone = ["owner", "admin", "member"] as const;

export const permissions = {
  "organization:read": everyone,
  "organization:update": ["owner"],
  "members:read": everyone,
  "members:remove": ["owner"],
  "members:update": ["owner"],
  "invitations:read": everyone,
  "invitations:create": ["owner", "admin"],
  "invitations:cancel": ["owner", "admin"],
  // Beyond the role table ("not shown"): everyone sees assistants and calls; owners and admins set
  // them up and connect form providers.
  "assistants:read": everyone,
  "assistants:manage": ["owner", "admin"],
  "connections:manage": ["owner", "admin"],
  "calls:read": everyone,
  // Everyone sees and searches the do-not-call list; owners and admins change it
  // (add, remove, import; export too, as it is a list of people's numbers) and read the audit
  // trail.
  "doNotCall:read": everyone,
  "doNotCall:manage": ["owner", "admin"],
  "audit:read": ["owner", "admin"],
  // Outgoing webhooks and API keys send the organization's data out of Ringback, so
  // only owners and admins see and change them.
  "webhooks:manage": ["owner", "admin"],
  "apiKeys:manage": ["owner", "admin"],
  // The voice platform and its keys (they spend the organization's money), and test
  // calls to one's own phone.
  "voice:manage": ["owner", "admin"],
  "calls:test": ["owner", "admin"],
  // Calling a lead again now, or canceling a call that waits for its time: a call spends the
  // organization's money and speaks for it, as test calls and the assistants do.
  "calls:manage": ["owner", "admin"],
} as const satisfies Record<string, readonly OrganizationRole[]>;

export type Permission = keyof typeof permissions;

export function can(role: OrganizationRole | null | undefined, permission: Permission): boolean {
  return role != null && (permissions[permission] as readonly string[]).includes(role);
}
