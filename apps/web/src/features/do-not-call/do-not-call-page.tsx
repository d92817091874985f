import {
  can,
  type DoNotCallEntry,
  doNotCallSourceLabels,
  type OrganizationRole,
} from "@ringback/contracts";
import { Download, PhoneOff, Plus, Search, Upload } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Pagination } from "@/components/pagination";
import { TableSkeleton } from "@/components/table-skeleton";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { LoadError } from "@/components/ui/load-error";
import { toast } from "@/components/ui/sonner";
import { SpinnerIcon } from "@/components/ui/spinner";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { useCallDetailsSheet } from "@/lib/call-details-slot";
import { formatCallDate } from "@/lib/call-format";
import { useCurrentOrganization } from "@/lib/organizations";
import { formatPhone } from "@/lib/phone-format";
import { AddNumberDialog } from "./add-number-dialog";
import { ImportDialog } from "./import-dialog";
import { doNotCallExportLink, useDoNotCallList, useRemoveDoNotCall } from "./queries";

function Heading() {
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight">Do Not Call List</h1>
      <p className="mt-1 max-w-2xl text-muted-foreground">
        Numbers your assistants never call, whoever submits a form with them. People who ask not to
        be called on a call, or on the opt-out page, are added here automatically.
      </p>
    </div>
  );
}

/** Settings → Do Not Call. */
export function DoNotCallPage() {
  const { current, role, isLoading, error, refetch, isFetching } = useCurrentOrganization();
  if (isLoading) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <Heading />
        <TableSkeleton label="Loading the do-not-call list" columns={4} />
      </div>
    );
  }
  if (error && !current) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <Heading />
        <LoadError
          title="Failed to load organization data"
          message={error.message}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </div>
    );
  }
  if (!current) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6">
        <Heading />
        <p className="text-muted-foreground">
          Create an organization or select one in the header to see its do-not-call list.
        </p>
      </div>
    );
  }
  return <DoNotCallList key={current.id} organizationId={current.id} role={role} />;
}

function DoNotCallList({
  organizationId,
  role,
}: {
  organizationId: string;
  role: OrganizationRole | null;
}) {
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const [searchText, setSearchText] = useState(search);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [removing, setRemoving] = useState<DoNotCallEntry | null>(null);
  const [call, setCall] = useState<{ id: string; opener: HTMLElement | null } | null>(null);
  const CallDetailsSheet = useCallDetailsSheet();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const manage = can(role, "doNotCall:manage");
  const list = useDoNotCallList(organizationId, search, page);
  const remove = useRemoveDoNotCall(organizationId);

  const go = (next: { search?: string; page?: number }, replace = false) => {
    const query = new URLSearchParams();
    const s = next.search ?? search;
    const p = next.page ?? page;
    if (s.trim()) query.set("search", s.trim());
    if (p > 1) query.set("page", String(p));
    setParams(query, { replace });
  };
  // Typing searches after a pause (one history entry, not one per key); the timer restarts
  // only when the text does, not on every render (a refetch would otherwise put it off).
  useEffect(() => {
    const text = searchText.trim();
    if (text === search.trim()) return;
    const timer = setTimeout(
      () =>
        setParams(text ? new URLSearchParams({ search: text }) : new URLSearchParams(), {
          replace: true,
        }),
      300,
    );
    return () => clearTimeout(timer);
  }, [searchText, search, setParams]);
  useEffect(() => setSearchText(search), [search]);

  const data = list.data;
  const failed = list.isError && (!data || list.isPlaceholderData);
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : null;

  const onRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      toast.success("Number removed from the do-not-call list", {
        description: formatPhone(removing.phoneNumber) ?? removing.phoneNumber,
      });
      setRemoving(null);
    } catch (failure) {
      toast.error("Failed to remove the number", {
        description: failure instanceof Error ? failure.message : undefined,
      });
    }
  };

  const download = async () => {
    setExporting(true);
    try {
      window.location.assign((await doNotCallExportLink(organizationId)).url);
    } catch (failure) {
      toast.error("Could not export the list", { description: (failure as Error).message });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <Heading />
        {manage ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" /> Add Number
            </Button>
            <Button variant="outline" onClick={() => setImporting(true)}>
              <Upload aria-hidden="true" /> Import CSV
            </Button>
            <Button variant="outline" onClick={() => void download()} disabled={exporting}>
              {exporting ? <SpinnerIcon /> : <Download aria-hidden="true" />}
              Export CSV
            </Button>
          </div>
        ) : null}
      </div>
      {manage ? null : (
        <p className="text-sm text-muted-foreground">Only owners and admins can change the list.</p>
      )}

      <div className="relative max-w-md">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label="Search numbers and reasons"
          placeholder="Search numbers and reasons"
          className="pl-9"
          value={searchText}
          maxLength={100}
          onChange={(e) => setSearchText(e.target.value)}
        />
      </div>

      <div className="rounded-lg border bg-card" aria-busy={list.isFetching}>
        <h2 ref={headingRef} tabIndex={-1} className="sr-only">
          Numbers
        </h2>
        {failed ? (
          <LoadError
            title="Couldn't load the do-not-call list."
            message={list.error?.message}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
            className="m-4"
          />
        ) : list.isLoading || !data ? (
          <div className="p-4">
            <TableSkeleton label="Loading the do-not-call list" columns={4} />
          </div>
        ) : data.items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-16 text-center">
            <PhoneOff className="size-8 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">
              {search ? "No numbers match your search." : "No numbers on the list yet."}
            </p>
            {search ? null : (
              <p className="max-w-md text-sm text-muted-foreground">
                {manage
                  ? "Add a number, import a CSV, or let calls and the opt-out page add them."
                  : "Numbers appear here when someone asks not to be called."}
              </p>
            )}
          </div>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Number</TableHead>
                {/* On a phone, the reason and who added it go under the number. */}
                <TableHead className="hidden sm:table-cell">Reason</TableHead>
                <TableHead className="hidden sm:table-cell">Added by</TableHead>
                <TableHead className="hidden md:table-cell">Added</TableHead>
                {manage ? <TableHead className="text-right">Actions</TableHead> : null}
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.items.map((entry) => {
                const reason = (
                  <>
                    {entry.reason}
                    {entry.callRecordId ? (
                      <>
                        {" "}
                        <button
                          type="button"
                          className="text-primary underline-offset-4 hover:underline"
                          onClick={(e) =>
                            setCall({ id: entry.callRecordId!, opener: e.currentTarget })
                          }
                        >
                          View call
                        </button>
                      </>
                    ) : null}
                  </>
                );
                return (
                  <TableRow key={entry.id}>
                    <TableCell className="font-medium whitespace-nowrap tabular-nums">
                      {formatPhone(entry.phoneNumber) ?? entry.phoneNumber}
                      <div className="mt-1 flex flex-col gap-0.5 font-normal whitespace-normal wrap-anywhere sm:hidden">
                        <div>{reason}</div>
                        <div className="text-xs text-muted-foreground">
                          {entry.addedBy} · {doNotCallSourceLabels[entry.source]} ·{" "}
                          {formatCallDate(entry.createdAt)}
                        </div>
                      </div>
                    </TableCell>
                    <TableCell className="hidden min-w-40 whitespace-normal sm:table-cell">
                      {reason}
                    </TableCell>
                    <TableCell className="hidden whitespace-normal sm:table-cell">
                      <div>{entry.addedBy}</div>
                      <div className="text-xs text-muted-foreground">
                        {doNotCallSourceLabels[entry.source]}
                        <span className="md:hidden"> · {formatCallDate(entry.createdAt)}</span>
                      </div>
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                      {formatCallDate(entry.createdAt)}
                    </TableCell>
                    {manage ? (
                      <TableCell className="text-right">
                        <Button
                          variant="outline"
                          size="sm"
                          className="text-destructive hover:text-destructive"
                          aria-label={`Remove ${formatPhone(entry.phoneNumber) ?? entry.phoneNumber}`}
                          onClick={() => setRemoving(entry)}
                        >
                          Remove
                        </Button>
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </div>

      {data && !failed && data.total > 0 ? (
        <Pagination
          unit={["number", "numbers"]}
          page={page}
          pages={pages}
          total={data.total}
          hasNext={page < (pages ?? 1)}
          onPage={(next) => go({ search: searchText, page: next })}
        />
      ) : null}

      <AddNumberDialog organizationId={organizationId} open={adding} onOpenChange={setAdding} />
      <ImportDialog organizationId={organizationId} open={importing} onOpenChange={setImporting} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title="Remove this number?"
        description={
          removing ? (
            <>
              {formatPhone(removing.phoneNumber) ?? removing.phoneNumber} can be called again by
              your assistants when it comes in with a form that asks for a call.
            </>
          ) : null
        }
        confirmLabel="Remove"
        busyLabel="Removing..."
        busy={remove.isPending}
        onConfirm={() => void onRemove()}
        returnFocusTo={headingRef}
      />
      {CallDetailsSheet ? (
        <CallDetailsSheet
          organizationId={organizationId}
          callRecordId={call?.id ?? null}
          returnFocusTo={call?.opener ?? null}
          onClose={() => setCall(null)}
        />
      ) : null}
    </div>
  );
}
