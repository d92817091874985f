import {
  AUDIT_ACTOR_RINGBACK,
  type AuditKind,
  auditKinds,
  type Member,
  type Organization,
} from "@ringback/contracts";
import { X } from "lucide-react";
import { type RefObject, useId, useRef } from "react";
import { useSearchParams } from "react-router";
import { DayRangeFields } from "@/components/day-range-fields";
import { type FilterOption, MultiSelectFilter } from "@/components/multi-select-filter";
import { TableSkeleton } from "@/components/table-skeleton";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { SpinnerIcon } from "@/components/ui/spinner";
import { formatCallDate } from "@/lib/call-format";
import { useAuditEvents } from "./api/compliance";
import { useMembers } from "./api/members";
import {
  type AuditFilters,
  auditChanges,
  auditEventKindLabel,
  auditFiltersSearch,
  auditKindDescriptions,
  auditKindLabels,
  auditRangeError,
  describeAuditEvent,
  hasAuditFilters,
  NO_AUDIT_FILTERS,
  parseAuditFilters,
  RINGBACK_ACTOR_LABEL,
} from "./audit";
import { SettingsPage } from "./settings-page";
import { memberEmail, memberName } from "./team";

const ANYONE = "anyone";

const KIND_OPTIONS: FilterOption<AuditKind>[] = auditKinds.map((kind) => ({
  value: kind,
  label: auditKindLabels[kind],
  description: auditKindDescriptions[kind],
}));

/**
 * Audit Trail: who changed the do-not-call list, an assistant, the call limits, retention, API
 * keys, the team or the voice provider — when, and before → after — filtered by who, kind of
 * change and days, all held in the URL. Owners and admins only (the API says the same).
 */
export function AuditTrailPage() {
  return (
    <SettingsPage
      title="Audit Trail"
      loadingLabel="Loading the audit trail"
      purpose="to read its audit trail"
      permission="audit:read"
      denied={(organization) =>
        `Only owners and admins can read the audit trail of ${organization.name}. Ask an owner or admin if you need to know who changed something.`
      }
      description={() =>
        "Every change to the do-not-call list, assistants, call limits, retention, API keys, the team and the voice provider: who made it, when, and what it was before. Kept for good; nobody can edit it."
      }
    >
      {(organization) => <AuditTrail organization={organization} />}
    </SettingsPage>
  );
}

/** "Ana Costa", or for a member without a name, how else to tell them apart. */
function actorName(member: Member): string {
  const name = memberName(member);
  return member.full_name?.trim() ? name : `${name} (${memberEmail(member)})`;
}

function AuditTrail({ organization }: { organization: Organization }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = parseAuditFilters(searchParams);
  const rangeError = auditRangeError(filters);
  const trail = useAuditEvents(organization.id, filters, rangeError === null);
  const members = useMembers(organization.id);
  const events = trail.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = hasAuditFilters(filters);
  const whoRef = useRef<HTMLButtonElement>(null);

  // From the address as it is now, not as this render read it: two quick edits (From, then To)
  // must not have the second undo the first (the router writes the address at once and renders
  // after).
  const change = (next: Partial<AuditFilters>, options: { replace?: boolean } = {}) => {
    const current = new URLSearchParams(window.location.search);
    setSearchParams(
      auditFiltersSearch({ ...parseAuditFilters(current), ...next }, current),
      options,
    );
  };
  const clear = () => {
    change(NO_AUDIT_FILTERS);
    whoRef.current?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      <AuditFiltersBar
        filters={filters}
        members={members.data ?? []}
        membersLoading={members.isLoading}
        rangeError={rangeError}
        onChange={change}
        onClear={filtered ? clear : null}
        whoRef={whoRef}
      />
      {rangeError ? null : trail.isLoading ? (
        <div className="rounded-xl border bg-card p-4">
          <TableSkeleton label="Loading the audit trail" columns={3} />
        </div>
      ) : trail.isError && events.length === 0 ? (
        <LoadError
          title="Couldn't load the audit trail."
          message={trail.error.message}
          onRetry={() => void trail.refetch()}
          retrying={trail.isFetching}
        />
      ) : events.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-4 py-10 text-center">
          {filtered ? (
            <>
              <p className="font-medium">No events match these filters.</p>
              <Button variant="outline" size="sm" onClick={clear}>
                <X aria-hidden="true" />
                Clear filters
              </Button>
            </>
          ) : (
            <p className="text-muted-foreground">Nothing has been changed yet.</p>
          )}
        </div>
      ) : (
        <div className="grid gap-3">
          <ol className="divide-y rounded-xl border bg-card" aria-label="Audit events">
            {events.map((event) => {
              const changes = auditChanges(event);
              const kind = auditEventKindLabel(event);
              return (
                <li
                  key={event.id}
                  className="grid gap-1.5 px-4 py-3 text-sm sm:grid-cols-[11rem_1fr] sm:gap-4"
                >
                  <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-start sm:gap-1">
                    <time dateTime={event.createdAt} className="text-muted-foreground tabular-nums">
                      {formatCallDate(event.createdAt)}
                    </time>
                    {kind ? <Badge variant="secondary">{kind}</Badge> : null}
                  </div>
                  <div className="min-w-0">
                    <p className="break-words">
                      <span className="font-medium">{event.actor}</span> {describeAuditEvent(event)}
                    </p>
                    {changes.length > 0 ? (
                      <ul className="mt-0.5 text-xs text-muted-foreground">
                        {changes.map((line) => (
                          <li key={line} className="break-words">
                            {line}
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
    </div>
  );
}

/** Who, Kind, From and To, and Clear filters when any is in force. */
function AuditFiltersBar({
  filters,
  members,
  membersLoading,
  rangeError,
  onChange,
  onClear,
  whoRef,
}: {
  filters: AuditFilters;
  members: readonly Member[];
  membersLoading: boolean;
  rangeError: string | null;
  onChange: (next: Partial<AuditFilters>, options?: { replace?: boolean }) => void;
  onClear: (() => void) | null;
  whoRef: RefObject<HTMLButtonElement | null>;
}) {
  const whoLabel = useId();
  const known =
    filters.actor === null ||
    filters.actor === AUDIT_ACTOR_RINGBACK ||
    members.some((m) => m.user_id === filters.actor);
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          value={filters.actor ?? ANYONE}
          onValueChange={(value) => onChange({ actor: value === ANYONE ? null : value })}
        >
          {/* The label is inside the trigger and is its name, as a person sees it (WCAG 2.5.3). */}
          <SelectTrigger ref={whoRef} aria-labelledby={whoLabel}>
            <span className="flex min-w-0 flex-1 items-center gap-2">
              <span id={whoLabel} className="shrink-0 text-muted-foreground">
                Who
              </span>
              <SelectValue />
            </span>
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANYONE}>Anyone</SelectItem>
            {members.map((member) => (
              <SelectItem key={member.user_id} value={member.user_id}>
                {actorName(member)}
              </SelectItem>
            ))}
            <SelectItem value={AUDIT_ACTOR_RINGBACK}>{RINGBACK_ACTOR_LABEL}</SelectItem>
            {known ? null : (
              // A link to someone no longer on the team still says what it filters by.
              <SelectItem value={filters.actor ?? ANYONE}>
                {membersLoading ? "Loading…" : "A former member"}
              </SelectItem>
            )}
          </SelectContent>
        </Select>
        <MultiSelectFilter
          label="Kind"
          heading="Kind of change"
          options={KIND_OPTIONS}
          values={filters.kinds}
          onChange={(kinds) => onChange({ kinds })}
          allLabel="All kinds"
          countLabel={(count) => `${count} kinds`}
          clearLabel="Clear kinds"
        />
      </div>
      <DayRangeFields
        from={filters.from}
        to={filters.to}
        onFrom={(from) => onChange({ from }, { replace: true })}
        onTo={(to) => onChange({ to }, { replace: true })}
        error={rangeError}
        trailing={
          onClear ? (
            <Button variant="ghost" className="ml-auto" onClick={onClear}>
              <X aria-hidden="true" />
              Clear filters
            </Button>
          ) : null
        }
      />
    </div>
  );
}
