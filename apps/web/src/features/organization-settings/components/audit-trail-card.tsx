import type { Organization } from "@ringback/contracts";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { SpinnerIcon } from "@/components/ui/spinner";
import { formatCallDate } from "@/features/call-records/format";
import { useAuditEvents } from "../api/compliance";
import { auditChanges, describeAuditEvent } from "../audit";
import { TableSkeleton } from "./table-skeleton";

/**
 * Issue 13 §9: who changed the do-not-call list, activated or deactivated an assistant, or
 * changed a first sentence, calling window or limit — when, and before → after. Owners and
 * admins only (the page shows it only to them; the API says the same).
 */
export function AuditTrailCard({ organization }: { organization: Organization }) {
  const trail = useAuditEvents(organization.id, true);
  const events = trail.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">Audit Trail</h2>
        </CardTitle>
        <CardDescription>
          Changes to the do-not-call list, assistants' activation, first sentence, calling window
          and limits, and API keys created and revoked. Kept for good; nobody can edit it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {trail.isLoading ? (
          <TableSkeleton label="Loading the audit trail" columns={3} />
        ) : trail.isError && events.length === 0 ? (
          <LoadError
            title="Couldn't load the audit trail."
            message={trail.error.message}
            onRetry={() => void trail.refetch()}
            retrying={trail.isFetching}
          />
        ) : events.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has been changed yet.</p>
        ) : (
          <div className="grid gap-3">
            <ol className="divide-y rounded-md border" aria-label="Audit events">
              {events.map((event) => {
                const changes = auditChanges(event);
                return (
                  <li
                    key={event.id}
                    className="grid gap-1 px-3 py-2.5 text-sm sm:grid-cols-[11rem_1fr]"
                  >
                    <time dateTime={event.createdAt} className="text-muted-foreground tabular-nums">
                      {formatCallDate(event.createdAt)}
                    </time>
                    <div className="min-w-0">
                      <p>
                        <span className="font-medium">{event.actor}</span>{" "}
                        {describeAuditEvent(event)}
                      </p>
                      {changes.length > 0 ? (
                        <ul className="mt-0.5 text-xs text-muted-foreground">
                          {changes.map((change) => (
                            <li key={change} className="break-words">
                              {change}
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ol>
            {trail.isError ? (
              <LoadError
                variant="inline"
                title="Couldn't load older events."
                onRetry={() => void trail.fetchNextPage()}
                retrying={trail.isFetchingNextPage}
              />
            ) : trail.hasNextPage ? (
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                onClick={() => void trail.fetchNextPage()}
                disabled={trail.isFetchingNextPage}
              >
                {trail.isFetchingNextPage ? <SpinnerIcon /> : null}
                Show older
              </Button>
            ) : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
