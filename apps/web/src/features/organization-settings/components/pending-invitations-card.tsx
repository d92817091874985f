import {
  can,
  type Invitation,
  type Organization,
  type OrganizationRole,
} from "@ringback/contracts";
import { TableSkeleton } from "@/components/table-skeleton";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { toast } from "@/components/ui/sonner";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { loadState } from "@/lib/load-state";
import { useCancelInvitation } from "../api/cancel-invitation";
import { formatDateSent } from "../team";
import { type Read, RoleBadge } from "./team-members-card";

/** Pending Invitations: Email, Role, Date Sent, and Cancel for owners and admins. */
export function PendingInvitationsCard({
  organization,
  role,
  invitations: query,
}: {
  organization: Organization;
  role: OrganizationRole | null;
  invitations: Read<Invitation[]>;
}) {
  const showActions = can(role, "invitations:cancel");
  const cancel = useCancelInvitation(organization.id);
  const invitations = query.data;
  const state = loadState(query);

  const onCancel = async (invitation: Invitation) => {
    try {
      await cancel.mutateAsync(invitation.id);
      toast.success("Invitation deleted", {
        description: `The link sent to ${invitation.email} no longer works.`,
      });
    } catch (error) {
      toast.error("Failed to delete invitation", {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Pending Invitations</h2>
        </CardTitle>
        <CardDescription>
          Invitations not yet accepted. Each link works for 48 hours.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {state === "loading" ? (
          <TableSkeleton label="Loading invitations" columns={showActions ? 4 : 3} rows={2} />
        ) : state === "failed" || !invitations ? (
          <LoadError
            title="Couldn't load the invitations."
            message={query.error?.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <>
            {state === "stale" ? (
              <LoadError
                variant="inline"
                title="Couldn't load the invitations."
                onRetry={() => void query.refetch()}
                retrying={query.isFetching}
                className="mb-4"
              />
            ) : null}
            {invitations.length === 0 ? (
              <p className="text-sm text-muted-foreground">No pending invitations.</p>
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Email</TableHead>
                    {/* On a phone, role and date go under the email. */}
                    <TableHead className="hidden sm:table-cell">Role</TableHead>
                    <TableHead className="hidden sm:table-cell">Date Sent</TableHead>
                    {showActions ? <TableHead className="text-right">Actions</TableHead> : null}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {invitations.map((invitation) => {
                    const cancelling = cancel.isPending && cancel.variables === invitation.id;
                    return (
                      <TableRow key={invitation.id}>
                        <TableCell className="font-medium wrap-anywhere">
                          {invitation.email}
                          <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 font-normal text-muted-foreground sm:hidden">
                            <RoleBadge role={invitation.role} />
                            <span>
                              Sent{" "}
                              <time dateTime={invitation.created_at}>
                                {formatDateSent(invitation.created_at)}
                              </time>
                            </span>
                          </span>
                        </TableCell>
                        <TableCell className="hidden sm:table-cell">
                          <RoleBadge role={invitation.role} />
                        </TableCell>
                        <TableCell className="hidden sm:table-cell">
                          <time dateTime={invitation.created_at}>
                            {formatDateSent(invitation.created_at)}
                          </time>
                        </TableCell>
                        {showActions ? (
                          <TableCell className="text-right">
                            <Button
                              variant="outline"
                              size="sm"
                              disabled={cancelling}
                              onClick={() => void onCancel(invitation)}
                              aria-label={`Cancel invitation for ${invitation.email}`}
                            >
                              {cancelling ? "Cancelling..." : "Cancel"}
                            </Button>
                          </TableCell>
                        ) : null}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
