import { can, type Member, type Organization, type OrganizationRole } from "@ringback/contracts";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/sonner";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { useUser } from "@/lib/session";
import { useRemoveMember } from "../api/remove-member";
import { canRemoveMember, memberEmail, memberName, roleLabels } from "../team";
import { TableSkeleton } from "./table-skeleton";

const roleBadge = { owner: "default", admin: "info", member: "secondary" } as const;

export function RoleBadge({ role }: { role: OrganizationRole }) {
  return <Badge variant={roleBadge[role]}>{roleLabels[role]}</Badge>;
}

/**
 * SPEC.md §2 Team Members: Name, Email, Role badge; owners also see an Actions column with
 * Remove on every row but their own (SPEC.md §5, §6).
 */
export function TeamMembersCard({
  organization,
  role,
  members,
  isLoading,
  failed,
}: {
  organization: Organization;
  role: OrganizationRole | null;
  members: Member[] | undefined;
  isLoading: boolean;
  failed: boolean;
}) {
  const user = useUser();
  const showActions = can(role, "members:remove");
  const remove = useRemoveMember(organization.id);
  const [confirming, setConfirming] = useState<Member | null>(null);

  const onRemove = async () => {
    if (!confirming) return;
    try {
      await remove.mutateAsync(confirming.id);
      toast.success("Member removed from organization", {
        description: `${memberName(confirming)} no longer has access to ${organization.name}.`,
      });
      setConfirming(null);
    } catch (error) {
      toast.error("Failed to remove member", {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Team Members</h2>
        </CardTitle>
        <CardDescription>Everyone who can see {organization.name}'s calls.</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <TableSkeleton label="Loading team members" columns={showActions ? 4 : 3} />
        ) : failed || !members ? (
          <p role="alert" className="text-sm text-destructive">
            The team could not be loaded.
          </p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                {showActions ? <TableHead className="text-right">Actions</TableHead> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {members.map((member) => {
                const isSelf = member.user_id === user?.id;
                return (
                  <TableRow key={member.id}>
                    <TableCell className="font-medium">
                      {memberName(member)}
                      {isSelf ? (
                        <span className="ml-1.5 font-normal text-muted-foreground">(you)</span>
                      ) : null}
                    </TableCell>
                    <TableCell className={member.email ? undefined : "text-muted-foreground"}>
                      {memberEmail(member)}
                    </TableCell>
                    <TableCell>
                      <RoleBadge role={member.role} />
                    </TableCell>
                    {showActions ? (
                      <TableCell className="text-right">
                        {canRemoveMember(role, user?.id ?? null, member) ? (
                          <Button
                            variant="outline"
                            size="sm"
                            className="text-destructive hover:text-destructive"
                            onClick={() => setConfirming(member)}
                            aria-label={`Remove ${memberName(member)}`}
                          >
                            Remove
                          </Button>
                        ) : null}
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title="Remove member?"
        description={
          confirming
            ? `${memberName(confirming)} (${memberEmail(confirming)}) will lose access to ${organization.name}. You can invite them again later.`
            : null
        }
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        onConfirm={() => void onRemove()}
      />
    </Card>
  );
}
