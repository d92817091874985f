import { can, type Organization, type OrganizationRole } from "@ringback/contracts";
import { Building2 } from "lucide-react";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { useCurrentOrganization } from "@/lib/organizations";
import { useInvitations } from "./api/invitations";
import { useMembers } from "./api/members";
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

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Card role="alert">
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Failed to load organization data</h2>
        </CardTitle>
        <CardDescription>{message}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * SPEC.md §2 Organization Settings: details, team, pending invitations and the invite form.
 * What each role may change follows SPEC.md §6 through the shared permission table; members see
 * everything read-only.
 */
export function OrganizationSettingsPage() {
  const { current, role, isLoading, error, refetch } = useCurrentOrganization();

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
  if (error) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <PageHeading />
        <LoadError message={error.message} onRetry={() => void refetch()} />
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

  // SPEC.md §8: one toast per failure, as well as the inline state.
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
      {loadError ? (
        <LoadError
          message={loadError.message}
          onRetry={() => {
            void members.refetch();
            void invitations.refetch();
          }}
        />
      ) : null}
      <OrganizationDetailsCard organization={organization} role={role} />
      <TeamMembersCard
        organization={organization}
        role={role}
        members={members.data}
        isLoading={members.isLoading}
        failed={members.isError}
      />
      <PendingInvitationsCard
        organization={organization}
        role={role}
        invitations={invitations.data}
        isLoading={invitations.isLoading}
        failed={invitations.isError}
      />
      {canInvite ? <InviteMemberCard organization={organization} /> : null}
    </div>
  );
}
