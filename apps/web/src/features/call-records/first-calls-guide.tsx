import { can } from "@ringback/contracts";
import { LayoutDashboard, Plus } from "lucide-react";
import { Link } from "react-router";
import { CallMeNowButton } from "@/components/test-call/call-me-now";
import { Button } from "@/components/ui/button";
import { useAssistants } from "@/lib/assistants";
import { useCurrentOrganization } from "@/lib/organizations";

/**
 * What a team with no calls yet reads on Call Records: how calls arrive, and the next step from
 * where it stands — create an assistant (no assistant yet), or hear one first with "Call me now"
 * (the first assistant; a test call rings the user's own verified phone). Members, who may do
 * neither, read how calls arrive and who can set it up.
 */
export function FirstCallsGuide({ organizationId }: { organizationId: string }) {
  const { role } = useCurrentOrganization();
  const assistants = useAssistants(organizationId);
  const first = assistants.data?.find((assistant) => assistant.is_active) ?? assistants.data?.[0];
  const canCreate = can(role, "assistants:manage");
  const canTest = can(role, "calls:test");
  return (
    <div className="grid max-w-xs gap-3 text-sm text-muted-foreground">
      {/*
        Short, narrow blocks, not one paragraph: on a phone a block of four lines would be the
        page's largest paint, long after the first view's heading (see ADR 0022).
      */}
      <p className="font-medium text-foreground">Calls arrive here by themselves:</p>
      <ol className="grid list-decimal gap-1 pl-5 text-left">
        <li>A lead submits a connected form and says yes to a call.</li>
        <li>The assistant phones them within seconds.</li>
        <li>The call lands here: status, recording, summary, transcript.</li>
      </ol>
      {canCreate || canTest ? (
        <div className="flex flex-wrap items-center justify-center gap-2">
          {canCreate && !first && assistants.isSuccess ? (
            <Button asChild size="sm">
              <Link to={"/admin/assistant-configuration"}>
                <Plus aria-hidden="true" />
                Create assistant
              </Link>
            </Button>
          ) : null}
          {canTest && first ? (
            <CallMeNowButton
              organizationId={organizationId}
              assistantId={first.id}
              assistantName={first.name}
              variant="default"
            />
          ) : null}
          <Button asChild size="sm" variant="outline">
            <Link to={"/admin/dashboard"}>
              <LayoutDashboard aria-hidden="true" />
              Go to the dashboard
            </Link>
          </Button>
        </div>
      ) : (
        <p>An owner or admin of the organization sets up its assistants.</p>
      )}
    </div>
  );
}
