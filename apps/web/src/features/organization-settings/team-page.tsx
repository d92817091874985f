import { can, type Organization, type OrganizationRole } from "@ringback/contracts";
import { useEffect } from "react";
import { toast } from "@/components/ui/sonner";
import { useInvitations } from "./api/invitations";
import { useMembers } from "./api/members";
import { InviteMemberCard } from "./components/invite-member-card";
import { PendingInvitationsCard } from "./components/pending-invitations-card";
import { TeamMembersCard } from "./components/team-members-card";
import { SettingsPage } from "./settings-page";

const LOAD_ERROR_TOAST_ID = "organization-data-error";

/**
 * Team: the invite form (owners and admins), the members with their roles — owners change them
 * and remove members — and the invitations not yet accepted. Everyone sees who is on the team.
 */
export function TeamPage() {
  return (
    <SettingsPage
      title="Team"
      loadingLabel="Loading the team"
      purpose="to manage its team"
      description={(organization, role) =>
        role === "owner"
          ? `Invite people to ${organization.name}, choose what each may do, and remove them.`
          : role === "admin"
            ? `Invite people to ${organization.name}. Only owners change roles and remove members.`
            : `You are a member of ${organization.name}. Only owners and admins can invite people; only owners change roles and remove members.`
      }
    >
      {(organization, role) => <Team organization={organization} role={role} />}
    </SettingsPage>
  );
}

function Team({
  organization,
  role,
}: {
  organization: Organization;
  role: OrganizationRole | null;
}) {
  const members = useMembers(organization.id);
  const invitations = useInvitations(organization.id);
  const loadError = members.error ?? invitations.error;

  // One toast per failure, as well as each card's own error with Retry.
  useEffect(() => {
    if (loadError) {
      toast.error("Failed to load organization data", {
        id: LOAD_ERROR_TOAST_ID,
        description: loadError.message,
      });
    }
  }, [loadError]);

  return (
    <>
      {can(role, "invitations:create") ? <InviteMemberCard organization={organization} /> : null}
      <TeamMembersCard organization={organization} role={role} members={members} />
      <PendingInvitationsCard organization={organization} role={role} invitations={invitations} />
    </>
  );
}
