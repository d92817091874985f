import { type InvitationRole, invitationRoles, type Organization } from "@ringback/contracts";
import { type FormEvent, useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError, fieldA11y } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { toast } from "@/components/ui/sonner";
import { ApiRequestError } from "@/lib/api-client";
import { serverFieldErrors } from "@/lib/form-errors";
import { type CreatedInvitation, useCreateInvitation } from "../api/create-invitation";
import { inviteEmailError, roleLabels } from "../team";

/**
 * Invite New Members (owners and admins): a non-empty trimmed email; the
 * role defaults to member. The link is shown after sending so it can be shared by hand too.
 */
export function InviteMemberCard({ organization }: { organization: Organization }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InvitationRole>("member");
  const [sent, setSent] = useState<CreatedInvitation | null>(null);
  const [errors, setErrors] = useState<{ email?: string; role?: string }>({});
  const create = useCreateInvitation(organization.id);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const trimmed = email.trim();
    const problem = inviteEmailError(email);
    if (problem) {
      setErrors({ email: problem });
      document.getElementById("invite-email")?.focus();
      return;
    }
    setErrors({});
    try {
      const created = await create.mutateAsync({ email: trimmed, role });
      setSent(created);
      setEmail("");
      setRole("member");
      toast.success("Invitation sent", {
        description: created.emailSent
          ? `We emailed ${created.invitation.email}. You can also share the link.`
          : `The email to ${created.invitation.email} could not be sent. Share the link instead.`,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : undefined;
      // "… is already a member" and the server's format checks belong under the email.
      const fieldErrors = serverFieldErrors(error, ["email", "role"]);
      if (error instanceof ApiRequestError && error.code === "conflict") {
        fieldErrors.email = error.message;
      }
      setErrors(fieldErrors);
      toast.error("Failed to send invitation", { description: message });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Invite New Members</h2>
        </CardTitle>
        <CardDescription>
          We email them a link to join {organization.name}. The link works for 48 hours.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
        >
          <div className="grid gap-2">
            <Label htmlFor="invite-email">Email</Label>
            <Input
              id="invite-email"
              name="email"
              type="email"
              required
              autoComplete="off"
              placeholder="teammate@company.com"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setErrors((current) => ({ ...current, email: undefined }));
              }}
              {...fieldA11y("invite-email", errors.email)}
            />
            <FieldError fieldId="invite-email" error={errors.email} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="invite-role">Role</Label>
            <Select value={role} onValueChange={(value) => setRole(value as InvitationRole)}>
              <SelectTrigger id="invite-role" {...fieldA11y("invite-role", errors.role)}>
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
            <FieldError fieldId="invite-role" error={errors.role} />
          </div>
          {/* Lined up with the inputs, below their labels. */}
          <Button type="submit" disabled={create.isPending} className="sm:mt-6">
            {create.isPending ? "Sending..." : "Send Invitation"}
          </Button>
        </form>
        {sent ? (
          <div className="grid gap-2 rounded-lg border bg-muted/40 p-4">
            <Label htmlFor="invitation-link" className="block leading-snug wrap-anywhere">
              Invitation link for {sent.invitation.email}
            </Label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id="invitation-link"
                readOnly
                value={sent.link}
                onFocus={(e) => e.currentTarget.select()}
                className="font-mono text-xs"
              />
              <CopyButton
                text={sent.link}
                label="Copy"
                copiedMessage="Invitation link copied"
                size="default"
              />
            </div>
            <p className="text-sm wrap-anywhere text-muted-foreground">
              Only {sent.invitation.email} can use it, as{" "}
              {sent.invitation.role === "admin" ? "an admin" : "a member"}.
            </p>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
