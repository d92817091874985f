import { can, type Organization, type OrganizationRole } from "@ringback/contracts";
import { Building2, PhoneCall } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { PRODUCT_NAME } from "@/components/brand";
import { CreateOrganizationDialog } from "@/components/create-organization-dialog";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { useAssistants, useDashboardStats } from "@/lib/assistants";
import { FIRST_VIEW_HEADINGS, titleFor } from "@/lib/first-view";
import { loadState } from "@/lib/load-state";
import { useCurrentOrganization } from "@/lib/organizations";
import { AssistantGrid } from "./assistant-grid";
import { browserTimeZone } from "./charts";
import { ChartsSection } from "./charts-section";
import { CreateAssistantMenu } from "./create-assistant-menu";
import { ProviderCards } from "./provider-cards";
import { type DashboardRange, parseDashboardRange, rangeQuery, rangeSearch } from "./range";
import { CustomRangeFields, RangeSelect } from "./range-picker";
import { StatsCards } from "./stats-cards";

const heading = FIRST_VIEW_HEADINGS["/admin/dashboard"];

/** The dashboard and its states. */
export function DashboardPage() {
  const { organizations, current, role, isLoading, isFetching, error, refetch } =
    useCurrentOrganization();
  const [creating, setCreating] = useState(false);

  if (isLoading) return <Spinner className="py-24" />;
  if (error && organizations.length === 0) {
    return (
      <div className="mx-auto flex max-w-lg flex-col gap-4 py-8">
        <h1 className="text-2xl font-semibold tracking-tight">Admin Dashboard</h1>
        <LoadError
          title="Failed to load organizations"
          message={error.message}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </div>
    );
  }

  if (organizations.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <PhoneCall className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-semibold tracking-tight">Welcome to {PRODUCT_NAME}</h1>
        <p className="text-muted-foreground">
          Create an organization for your team. It will hold your form assistants and every call
          they make.
        </p>
        <Button size="lg" onClick={() => setCreating(true)}>
          <Building2 aria-hidden="true" />
          Create Organization
        </Button>
        <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
      </div>
    );
  }

  if (!current) {
    return (
      <div className="mx-auto max-w-xl py-16 text-center">
        <h1 className="text-2xl font-semibold">Admin Dashboard</h1>
        <p className="mt-2 text-muted-foreground">
          Select an organization from the dropdown in the header to see its dashboard.
        </p>
      </div>
    );
  }

  return <OrganizationDashboard organization={current} role={role} />;
}

/** The current organization: provider cards with no assistants, else stats and the grid. */
function OrganizationDashboard({
  organization,
  role,
}: {
  organization: Organization;
  role: OrganizationRole | null;
}) {
  const assistants = useAssistants(organization.id);
  const hasAssistants = (assistants.data?.length ?? 0) > 0;
  const [params, setParams] = useSearchParams();
  const range = parseDashboardRange(params);
  const stats = useDashboardStats(organization.id, hasAssistants, {
    query: rangeQuery(range),
    timeZone: browserTimeZone(),
  });
  const chooseRange = (next: DashboardRange) =>
    setParams((current) => rangeSearch(current, next), { replace: true });
  const canCreate = can(role, "assistants:manage");
  const assistantsState = loadState(assistants);

  useEffect(() => {
    if (assistants.error) {
      toast.error("Failed to load assistants", { description: "Please try again." });
    }
  }, [assistants.error]);

  return (
    <div className={heading.columnClass}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        {/* The page's first view shows this heading before any script: same texts, same classes. */}
        <div className={heading.blockClass}>
          <h1 className={heading.titleClass}>{titleFor(heading, organization.name)}</h1>
          <p className="mt-1 text-muted-foreground">{heading.description}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {hasAssistants ? <RangeSelect range={range} onChange={chooseRange} /> : null}
          {hasAssistants && canCreate ? <CreateAssistantMenu /> : null}
        </div>
      </div>
      {hasAssistants && range.id === "custom" ? (
        <CustomRangeFields range={range} onChange={chooseRange} />
      ) : null}
      {assistantsState === "loading" ? (
        <div className="flex flex-col gap-4" role="status" aria-label="Loading assistants">
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-44" />
            ))}
          </div>
        </div>
      ) : assistantsState === "failed" ? (
        <LoadError
          title="Couldn't load your assistants."
          message={assistants.error?.message}
          onRetry={() => void assistants.refetch()}
          retrying={assistants.isFetching}
        />
      ) : hasAssistants ? (
        <>
          <StatsCards
            rangeLabel={range.label}
            stats={stats.data}
            state={loadState(stats)}
            error={stats.error}
            retrying={stats.isFetching}
            onRetry={() => void stats.refetch()}
          />
          <ChartsSection organizationId={organization.id} range={range} />
          <section aria-labelledby="assistants-heading" className="flex flex-col gap-3">
            <h2 id="assistants-heading" className="text-xl font-semibold">
              Your Form Assistants
            </h2>
            {assistantsState === "stale" ? (
              <LoadError
                variant="inline"
                title="Couldn't load your assistants."
                onRetry={() => void assistants.refetch()}
                retrying={assistants.isFetching}
              />
            ) : null}
            <AssistantGrid
              assistants={assistants.data ?? []}
              testCallsIn={can(role, "calls:test") ? organization.id : null}
            />
          </section>
        </>
      ) : (
        <section aria-labelledby="get-started" className="flex flex-col gap-4">
          <div>
            <h2 id="get-started" className="text-xl font-semibold">
              Get Started by Connecting a Form Provider
            </h2>
            <p className="text-muted-foreground">
              Connect the service your forms live in, then set up an assistant for a form.
            </p>
          </div>
          <ProviderCards />
        </section>
      )}
    </div>
  );
}
