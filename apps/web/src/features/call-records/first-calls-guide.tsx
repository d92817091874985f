import { can } from "@ringback/contracts";
import { LayoutDashboard, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { CallMeNowButton } from "@/features/test-calls/call-me-now";
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
    <div className="grid max-w-md gap-3 text-sm text-muted-foreground">
      <p>
        Calls arrive here by themselves. When someone submits a form connected to an assistant, with
        a phone number and a yes to a call, the assistant phones them within seconds, and the call
        shows here with its status, recording, summary and transcript.
      </p>
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
