import type { Permission } from "@ringback/contracts";
import { Building2, Gauge, KeyRound, type LucideIcon, ScrollText, UsersRound } from "lucide-react";

/** One of the organization's settings pages, as the sidebar and Organization Settings list it. */
export interface OrganizationSettingsPageLink {
  to: string;
  /** Its name in the sidebar. */
  label: string;
  icon: LucideIcon;
  /** What it is for, in a line (Organization Settings lists the others with it). */
  summary: string;
  /** Shown only to the roles that hold it. */
  permission?: Permission;
}

/** The organization's settings, a page each, in the sidebar's order. */
export const organizationSettingsPages: readonly OrganizationSettingsPageLink[] = [
  {
    to: "/admin/settings/organization",
    label: "Organization",
    icon: Building2,
    summary: "The organization's name.",
  },
  {
    to: "/admin/settings/team",
    label: "Team",
    icon: UsersRound,
    summary: "Who can see the calls: invite people, change their roles, remove them.",
  },
  {
    to: "/admin/settings/call-limits",
    label: "Call Limits & Retention",
    icon: Gauge,
    summary:
      "How often one number may be called, and how long recordings and transcripts are kept.",
  },
  {
    to: "/admin/settings/api-keys",
    label: "API Keys",
    icon: KeyRound,
    summary: "Keys that let your own systems read calls over the Ringback API.",
    permission: "apiKeys:manage",
  },
  {
    to: "/admin/settings/audit-trail",
    label: "Audit Trail",
    icon: ScrollText,
    summary: "Who changed what, and when, filtered by person, kind of change and date.",
    permission: "audit:read",
  },
];
