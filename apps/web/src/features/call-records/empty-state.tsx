import { X } from "lucide-react";
import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { activeFilters, type CallRecordsParams } from "./url-state";

/** Shown only to an organization with no calls yet, so it is not in the list's own code. */
const FirstCallsGuide = lazy(() =>
  import("./first-calls-guide").then((m) => ({ default: m.FirstCallsGuide })),
);

/**
 * No records: for a search or filters, that none match them, with Clear filters; otherwise how
 * calls arrive and the next step towards the first one.
 */
export function EmptyState({
  organizationId,
  params,
  onClear,
}: {
  organizationId: string;
  params: CallRecordsParams;
  onClear: () => void;
}) {
  const searched = params.search.trim() !== "";
  const filtered = activeFilters(params).length > 0;
  const what =
    searched && filtered
      ? "this search and these filters"
      : searched
        ? "this search"
        : filtered
          ? "these filters"
          : null;
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-16 text-center">
      <p className="text-muted-foreground">No call records found.</p>
      {what ? (
        <>
          <p className="text-sm text-muted-foreground">No call records match {what}.</p>
          <Button variant="outline" size="sm" onClick={onClear}>
            <X aria-hidden="true" />
            Clear filters
          </Button>
        </>
      ) : (
        <Suspense fallback={null}>
          <FirstCallsGuide organizationId={organizationId} />
        </Suspense>
      )}
    </div>
  );
}
