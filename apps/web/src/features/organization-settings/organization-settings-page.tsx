import { can } from "@ringback/contracts";
import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { organizationSettingsPages } from "@/lib/settings-pages";
import { OrganizationDetailsCard } from "./components/organization-details-card";
import { SettingsPage } from "./settings-page";

/**
 * Organization Settings: the organization's details, and the way to its other settings pages
 * (the team, call limits and retention, API keys, the audit trail), each as the role allows.
 */
export function OrganizationSettingsPage() {
  return (
    <SettingsPage
      title="Organization Settings"
      loadingLabel="Loading organization settings"
      purpose="to manage its settings"
      description={(organization, role) =>
        role === "member"
          ? `You are a member of ${organization.name}. Only owners and admins can make changes.`
          : `Manage ${organization.name}: its name here, its team, limits, API keys and audit trail on their own pages.`
      }
    >
      {(organization, role) => (
        <>
          <OrganizationDetailsCard organization={organization} role={role} />
          <Card>
            <CardHeader>
              <CardTitle>
                <h2 className="text-lg">More Settings</h2>
              </CardTitle>
              <CardDescription>Everything else about {organization.name}.</CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="divide-y rounded-md border">
                {organizationSettingsPages
                  .filter(
                    (page) =>
                      page.to !== "/admin/settings/organization" &&
                      (!page.permission || can(role, page.permission)),
                  )
                  .map((page) => (
                    <li key={page.to}>
                      <Link
                        to={page.to}
                        className="flex items-center gap-3 px-3 py-3 outline-none transition-colors hover:bg-accent focus-visible:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40"
                      >
                        <page.icon
                          className="size-5 shrink-0 text-muted-foreground"
                          aria-hidden="true"
                        />
                        <span className="min-w-0 flex-1">
                          <span className="block font-medium">{page.label}</span>
                          <span className="block text-sm text-muted-foreground">
                            {page.summary}
                          </span>
                        </span>
                        <ChevronRight
                          className="size-4 shrink-0 text-muted-foreground"
                          aria-hidden="true"
                        />
                      </Link>
                    </li>
                  ))}
              </ul>
            </CardContent>
          </Card>
        </>
      )}
    </SettingsPage>
  );
}
