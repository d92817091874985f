import type { InvitationPreview } from "@ringback/contracts";
import { MailCheck, MailX } from "lucide-react";
import { Link, useNavigate, useParams } from "react-router";
import { CenteredCardLayout } from "@/components/centered-card-layout";
import { Button } from "@/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { ApiRequestError } from "@/lib/api-client";
import { signupFromInvitationPath } from "@/lib/invitations";
import { signOut, useAuth } from "@/lib/session";
import { useAcceptInvitation } from "./api/accept-invitation";
import { useInvitationPreview } from "./api/invitation-preview";
import {
  closedInvitation,
  formatExpiry,
  INVALID_LINK_MESSAGE,
  roleWithArticle,
} from "./invitation-state";

/**
 * /invitations/:token — public. Shows what the invitation is for; a signed-out visitor logs in
 * or signs up and comes back here; a signed-in one accepts and lands on the dashboard of the
 * organization joined. Refusals (expired, cancelled, used, wrong account) are the server's words.
 */
export function AcceptInvitationPage() {
  const { token = "" } = useParams();
  const preview = useInvitationPreview(token);

  return (
    <CenteredCardLayout>
      {preview.isLoading ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h1 className="text-2xl">Invitation</h1>
            </CardTitle>
          </CardHeader>
          <CardContent role="status" aria-label="Loading invitation" className="grid gap-3">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-9 w-full" />
          </CardContent>
        </Card>
      ) : preview.error ? (
        <ClosedCard
          title={
            preview.error instanceof ApiRequestError && preview.error.status === 404
              ? "Invitation not valid"
              : "Could not load the invitation"
          }
          message={preview.error.message || INVALID_LINK_MESSAGE}
          onRetry={
            preview.error instanceof ApiRequestError && preview.error.status === 404
              ? undefined
              : () => void preview.refetch()
          }
        />
      ) : preview.data && preview.data.state !== "pending" ? (
        <ClosedCard {...closedInvitation[preview.data.state]} />
      ) : preview.data ? (
        <PendingCard token={token} invitation={preview.data} />
      ) : null}
    </CenteredCardLayout>
  );
}

function ClosedCard({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
}) {
  const auth = useAuth();
  return (
    <Card className="text-center">
      <CardHeader className="items-center">
        <span className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <MailX className="size-6" aria-hidden="true" />
        </span>
        <CardTitle>
          <h1 className="text-2xl">{title}</h1>
        </CardTitle>
        <CardDescription role="alert" className="text-base">
          {message}
        </CardDescription>
      </CardHeader>
      <CardFooter className="flex-col gap-2 sm:flex-row sm:justify-center">
        {onRetry ? <Button onClick={onRetry}>Try again</Button> : null}
        {auth.status === "signed-in" ? (
          <Button asChild variant={onRetry ? "outline" : "default"}>
            <Link to="/admin/dashboard">Go to Dashboard</Link>
          </Button>
        ) : (
          <Button asChild variant={onRetry ? "outline" : "default"}>
            <Link to="/">Return to Homepage</Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

function PendingCard({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const accept = useAcceptInvitation(token);
  const from = `/invitations/${token}`;
  const inviter = invitation.inviter_name ?? "A teammate";

  const onAccept = async () => {
    try {
      const { organization } = await accept.mutateAsync();
      toast.success(`You joined ${organization.name}`);
      navigate("/admin/dashboard", { replace: true });
    } catch (error) {
      toast.error("Could not accept the invitation", {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  const onSwitchAccount = async () => {
    try {
      await signOut();
    } catch {
      // Signed out locally or not: the login page is where they need to be.
    }
    navigate("/login", { state: { from } });
  };

  const wrongAccount =
    accept.error instanceof ApiRequestError && accept.error.status === 403 ? accept.error : null;

  return (
    <Card>
      <CardHeader className="items-center text-center">
        <span className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <MailCheck className="size-6" aria-hidden="true" />
        </span>
        <CardTitle>
          <h1 className="text-2xl">Join {invitation.organization_name}</h1>
        </CardTitle>
        <CardDescription className="text-base">
          {inviter} invited you to join {invitation.organization_name} on Ringback as{" "}
          {roleWithArticle(invitation.role)}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border bg-muted/40 p-4 text-sm">
          <dt className="text-muted-foreground">Organization</dt>
          <dd className="font-medium break-words">{invitation.organization_name}</dd>
          <dt className="text-muted-foreground">Role</dt>
          <dd className="font-medium">{invitation.role === "admin" ? "Admin" : "Member"}</dd>
          <dt className="text-muted-foreground">Invited email</dt>
          <dd className="font-medium break-all">{invitation.email}</dd>
          <dt className="text-muted-foreground">Invited by</dt>
          <dd className="font-medium break-words">{inviter}</dd>
          <dt className="text-muted-foreground">Expires</dt>
          <dd>
            <time dateTime={invitation.expires_at}>{formatExpiry(invitation.expires_at)}</time>
          </dd>
        </dl>

        {accept.error ? (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
          >
            {accept.error.message}
          </p>
        ) : null}

        {auth.status === "loading" ? (
          <Spinner className="py-2" />
        ) : auth.status === "signed-out" ? (
          invitation.has_account ? (
            <div className="grid gap-2">
              <p className="text-sm text-muted-foreground">
                {invitation.email} already has a Ringback account. Log in with it to accept.
              </p>
              <Button asChild>
                <Link to="/login" state={{ from }}>
                  Log in to accept
                </Link>
              </Button>
            </div>
          ) : (
            // Someone without an account: creating one is the way in.
            <div className="grid gap-2">
              <p className="text-sm text-muted-foreground">
                New to Ringback? Create your account to join {invitation.organization_name}.
              </p>
              <Button asChild>
                <Link to={signupFromInvitationPath(token)} state={{ from }}>
                  Create account
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/login" state={{ from }}>
                  Log in to accept
                </Link>
              </Button>
            </div>
          )
        ) : (
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">
              Signed in as {auth.session.user.email ?? auth.session.user.phone}.
            </p>
            <Button onClick={() => void onAccept()} disabled={accept.isPending}>
              {accept.isPending ? "Accepting..." : "Accept invitation"}
            </Button>
            {wrongAccount ? (
              <Button variant="outline" onClick={() => void onSwitchAccount()}>
                Sign in with a different account
              </Button>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
