import {
  can,
  type InvitationRole,
  invitationRoles,
  type Member,
  type Organization,
  type OrganizationRole,
} from "@ringback/contracts";
import type { UseQueryResult } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { TableSkeleton } from "@/components/table-skeleton";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
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
import { useUser } from "@/lib/session";
import { cn } from "@/lib/utils";
import { useChangeMemberRole, useRemoveMember } from "../api/remove-member";
import {
  apiKeysRevokedNotice,
  canChangeRole,
  canRemoveMember,
  memberEmail,
  memberName,
  roleLabels,
} from "../team";

/** A list read by the page, with what a failed read needs to retry. */
export type Read<T> = Pick<UseQueryResult<T, Error>, "data" | "error" | "isFetching" | "refetch">;

const roleBadge = { owner: "default", admin: "info", member: "secondary" } as const;

export function RoleBadge({ role }: { role: OrganizationRole }) {
  return <Badge variant={roleBadge[role]}>{roleLabels[role]}</Badge>;
}

/**
 * Team Members: Name, Email, Role; owners also see an Actions column with Remove on every row but
 * their own and an owner's, and change those members' roles (Admin or Member) in the Role column.
 * Both say first when the member's API keys would be revoked with their access.
 */
export function TeamMembersCard({
  organization,
  role,
  members: query,
}: {
  organization: Organization;
  role: OrganizationRole | null;
  members: Read<Member[]>;
}) {
  const user = useUser();
  const members = query.data;
  const state = loadState(query);
  const showActions = can(role, "members:remove");
  const remove = useRemoveMember(organization.id);
  const [confirming, setConfirming] = useState<Member | null>(null);
  const changeRole = useChangeMemberRole(organization.id);
  const [demoting, setDemoting] = useState<Member | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Back to the Remove button that opened the confirm; once that row is gone, to the heading.
  const focusAfterClose = useRef<HTMLElement | null>(null);

  const onRemove = async () => {
    if (!confirming) return;
    try {
      await remove.mutateAsync(confirming.id);
      focusAfterClose.current = headingRef.current;
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

  const applyRole = async (member: Member, next: InvitationRole) => {
    try {
      await changeRole.mutateAsync({ memberId: member.id, role: next });
      toast.success(`${memberName(member)} is now ${next === "admin" ? "an Admin" : "a Member"}`);
      setDemoting(null);
    } catch (error) {
      toast.error("Failed to change the role", {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  const onRoleChosen = (member: Member, next: InvitationRole) => {
    if (next === member.role) return;
    // A member cannot hold API keys: confirm first when an admin's keys would go.
    if (next === "member" && apiKeysRevokedNotice(member)) setDemoting(member);
    else void applyRole(member, next);
  };

  const roleCell = (member: Member) =>
    canChangeRole(role, user?.id ?? null, member) ? (
      <Select
        value={member.role}
        onValueChange={(value) => onRoleChosen(member, value as InvitationRole)}
        disabled={changeRole.isPending}
      >
        <SelectTrigger
          className="h-8 min-h-8 w-28 py-1"
          aria-label={`Role of ${memberName(member)}`}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {invitationRoles.map((r) => (
            <SelectItem key={r} value={r}>
              {roleLabels[r]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    ) : (
      <RoleBadge role={member.role} />
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 ref={headingRef} tabIndex={-1} className="text-lg outline-none">
            Team Members
          </h2>
        </CardTitle>
        <CardDescription>
          Everyone who can see {organization.name}'s calls.{" "}
          {can(role, "members:update")
            ? "Choose each person's role in the Role column: admins set up assistants, webhooks and API keys and invite people; members see everything without changing it."
            : "Admins set up assistants, webhooks and API keys and invite people; members see everything without changing it."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {state === "loading" ? (
          <TableSkeleton label="Loading team members" columns={showActions ? 4 : 3} />
        ) : state === "failed" || !members ? (
          <LoadError
            title="Couldn't load the team."
            message={query.error?.message}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <>
            {state === "stale" ? (
              <LoadError
                variant="inline"
                title="Couldn't load the team."
                onRetry={() => void query.refetch()}
                retrying={query.isFetching}
                className="mb-4"
              />
            ) : null}
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  {/* On a phone, email and role go under the name. */}
                  <TableHead className="hidden sm:table-cell">Email</TableHead>
                  <TableHead className="hidden sm:table-cell">Role</TableHead>
                  {showActions ? <TableHead className="text-right">Actions</TableHead> : null}
                </TableRow>
              </TableHeader>
              <TableBody>
                {members.map((member) => {
                  const isSelf = member.user_id === user?.id;
                  return (
                    <TableRow key={member.id}>
                      <TableCell className="font-medium wrap-anywhere">
                        {memberName(member)}
                        {isSelf ? (
                          <span className="ml-1.5 font-normal text-muted-foreground">(you)</span>
                        ) : null}
                        <span className="mt-1 flex flex-col items-start gap-1 font-normal sm:hidden">
                          <span className={member.email ? undefined : "text-muted-foreground"}>
                            {memberEmail(member)}
                          </span>
                          {roleCell(member)}
                        </span>
                      </TableCell>
                      <TableCell
                        className={cn(
                          "hidden sm:table-cell",
                          member.email ? "wrap-anywhere" : "text-muted-foreground",
                        )}
                      >
                        {memberEmail(member)}
                      </TableCell>
                      <TableCell className="hidden sm:table-cell">{roleCell(member)}</TableCell>
                      {showActions ? (
                        <TableCell className="text-right">
                          {canRemoveMember(role, user?.id ?? null, member) ? (
                            <Button
                              variant="outline"
                              size="sm"
                              className="text-destructive hover:text-destructive"
                              onClick={() => {
                                focusAfterClose.current = null;
                                setConfirming(member);
                              }}
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
          </>
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
            ? [
                `${memberName(confirming)} (${memberEmail(confirming)}) will lose access to ${organization.name}.`,
                apiKeysRevokedNotice(confirming),
                "You can invite them again later.",
              ]
                .filter(Boolean)
                .join(" ")
            : null
        }
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        onConfirm={() => void onRemove()}
        returnFocusTo={focusAfterClose}
      />
      <ConfirmDialog
        open={demoting !== null}
        onOpenChange={(open) => {
          if (!open) setDemoting(null);
        }}
        title="Make them a member?"
        description={
          demoting
            ? `${memberName(demoting)} will no longer manage assistants, API keys or webhooks. ${apiKeysRevokedNotice(demoting) ?? ""}`.trim()
            : null
        }
        confirmLabel="Make member"
        busyLabel="Changing..."
        busy={changeRole.isPending}
        onConfirm={() => demoting && void applyRole(demoting, "member")}
      />
    </Card>
  );
}
