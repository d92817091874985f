import type { Assistant } from "@ringback/contracts";
import { ArrowRight, CalendarDays, FileText, ListTodo, Settings2 } from "lucide-react";
import { Link } from "react-router";
import { withOrganization } from "@/components/organization-from-url";
import { CallMeNowButton } from "@/components/test-call/call-me-now";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { isDraftAssistant, nextSetupStep } from "@/lib/assistants";
import { monthDayYear } from "@/lib/english-format";

/**
 * 'Your Form Assistants': name, form title or 'Form not selected', Active/Inactive,
 * created date and Configure. An unfinished one is marked "Draft", says what it needs next and
 * offers "Continue setup". Owners and admins can have it call their own phone ("Call
 * me now"): `testCallsIn` is then the organization.
 */
export function AssistantGrid({
  assistants,
  testCallsIn = null,
}: {
  assistants: readonly Assistant[];
  testCallsIn?: string | null;
}) {
  return (
    <ul aria-label="Your Form Assistants" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {assistants.map((assistant) => (
        <li key={assistant.id}>
          <AssistantCard assistant={assistant} testCallsIn={testCallsIn} />
        </li>
      ))}
    </ul>
  );
}

function AssistantCard({
  assistant,
  testCallsIn,
}: {
  assistant: Assistant;
  testCallsIn: string | null;
}) {
  const name = assistant.name?.trim();
  const next = isDraftAssistant(assistant) ? nextSetupStep(assistant) : null;
  // The link carries the organization: opened later, or by a teammate in another one, it shows
  // this assistant (organization-from-url.tsx).
  const href = withOrganization(
    `/admin/assistant-configuration/${assistant.id}`,
    assistant.organization_id,
  );
  return (
    <Card className="h-full gap-4 px-5 py-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold break-words">
          {name || <span className="text-muted-foreground">Unnamed assistant</span>}
        </h3>
        <div className="flex shrink-0 flex-wrap justify-end gap-1.5">
          {next ? <Badge variant="warning">Draft</Badge> : null}
          <Badge variant={assistant.is_active ? "success" : "muted"}>
            {assistant.is_active ? "Active" : "Inactive"}
          </Badge>
        </div>
      </div>
      <div className="flex flex-col gap-1.5 text-sm text-muted-foreground">
        <p className="flex min-w-0 items-center gap-2">
          <FileText className="size-4 shrink-0" aria-hidden="true" />
          <span className="min-w-0 break-words">{assistant.form_title ?? "Form not selected"}</span>
        </p>
        <p className="flex items-center gap-2">
          <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
          Created {monthDayYear(new Date(assistant.created_at))}
        </p>
        {next ? (
          <p className="flex items-center gap-2">
            <ListTodo className="size-4 shrink-0" aria-hidden="true" />
            Setup not finished. Next: {next.toLowerCase()}.
          </p>
        ) : null}
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        {next ? (
          <Button asChild size="sm">
            <Link to={href}>
              Continue setup
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
        <Button asChild variant="outline" size="sm">
          <Link to={href}>
            <Settings2 aria-hidden="true" />
            Configure
          </Link>
        </Button>
        {testCallsIn ? (
          <CallMeNowButton
            organizationId={testCallsIn}
            assistantId={assistant.id}
            assistantName={assistant.name}
          />
        ) : null}
      </div>
    </Card>
  );
}
