import { can, type Organization, type OrganizationRole } from "@ringback/contracts";
import { Building2 } from "lucide-react";
import { useEffect } from "react";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { useCurrentOrganization } from "@/lib/organizations";
import { useInvitations } from "./api/invitations";
import { useMembers } from "./api/members";
import { ApiKeysCard } from "./components/api-keys-card";
import { AuditTrailCard } from "./components/audit-trail-card";
import { CallLimitsCard } from "./components/call-limits-card";
import { DataRetentionCard } from "./components/data-retention-card";
import { InviteMemberCard } from "./components/invite-member-card";
import { OrganizationDetailsCard } from "./components/organization-details-card";
import { PendingInvitationsCard } from "./components/pending-invitations-card";
import { TeamMembersCard } from "./components/team-members-card";

const LOAD_ERROR_TOAST_ID = "organization-data-error";

function PageHeading({ description }: { description?: string }) {
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight">Organization Settings</h1>
      {description ? <p className="mt-1 text-muted-foreground">{description}</p> : null}
    </div>
  );
}

/**
 * SPEC.md §2 Organization Settings: details, team, pending invitations and the invite form.
 * What each role may change follows SPEC.md §6 through the shared permission table; members see
 * everything read-only.
 */
export function OrganizationSettingsPage() {
  const { current, role, isLoading, isFetching, error, refetch } = useCurrentOrganization();

  if (isLoading) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <PageHeading />
        <div role="status" aria-label="Loading organization settings" className="grid gap-6">
          <Skeleton className="h-48 w-full rounded-xl" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      </div>
    );
  }
  if (error && !current) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <PageHeading />
        <LoadError
          title="Failed to load organization data"
          message={error.message}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </div>
    );
  }
  if (!current) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <PageHeading />
        <Card className="items-center py-12 text-center">
          <Building2 className="size-8 text-muted-foreground" aria-hidden="true" />
          <CardHeader className="items-center">
            <CardTitle>
              <h2 className="text-xl">No organization selected</h2>
            </CardTitle>
            <CardDescription>
              Create an organization or select one in the header to manage its settings.
            </CardDescription>
          </CardHeader>
        </Card>
      </div>
    );
  }
  return <OrganizationSettings key={current.id} organization={current} role={role} />;
}

function OrganizationSettings({
  organization,
  role,
}: {
  organization: Organization;
  role: OrganizationRole | null;
}) {
  const members = useMembers(organization.id);
  const invitations = useInvitations(organization.id);
  const loadError = members.error ?? invitations.error;

  // SPEC.md §8: one toast per failure, as well as each card's own error with Retry.
  useEffect(() => {
    if (loadError) {
      toast.error("Failed to load organization data", {
        id: LOAD_ERROR_TOAST_ID,
        description: loadError.message,
      });
    }
  }, [loadError]);

  const canInvite = can(role, "invitations:create");
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeading
        description={
          role === "member"
            ? `You are a member of ${organization.name}. Only owners and admins can make changes.`
            : `Manage ${organization.name}, its team and invitations.`
        }
      />
      <OrganizationDetailsCard organization={organization} role={role} />
      <TeamMembersCard organization={organization} role={role} members={members} />
      <PendingInvitationsCard organization={organization} role={role} invitations={invitations} />
      {canInvite ? <InviteMemberCard organization={organization} /> : null}
      <CallLimitsCard organization={organization} role={role} />
      <DataRetentionCard organization={organization} role={role} />
      {can(role, "apiKeys:manage") ? <ApiKeysCard organization={organization} /> : null}
      {can(role, "audit:read") ? <AuditTrailCard organization={organization} /> : null}
    </div>
  );
}
