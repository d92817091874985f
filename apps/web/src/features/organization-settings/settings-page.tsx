import {
  can,
  type Organization,
  type OrganizationRole,
  type Permission,
} from "@ringback/contracts";
import { Building2, Lock } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentOrganization } from "@/lib/organizations";

function PageHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
      {description ? <p className="mt-1 max-w-3xl text-muted-foreground">{description}</p> : null}
    </div>
  );
}

export interface SettingsPageProps {
  /** The page's heading: "Team", "Audit Trail". */
  title: string;
  /** Under the heading, once the organization is known. */
  description?: (organization: Organization, role: OrganizationRole | null) => ReactNode;
  /** What the loading placeholder is announced as: "Loading the team". */
  loadingLabel: string;
  /** Shown only to the roles that hold it; the others are told who can see it. */
  permission?: Permission;
  /** Why a role without the permission cannot see it: "Only owners and admins can …". */
  denied?: (organization: Organization) => ReactNode;
  /** What "No organization selected" asks the reader to do: "to manage its team". */
  purpose: string;
  children: (organization: Organization, role: OrganizationRole | null) => ReactNode;
}

/**
 * The frame every Organization settings page shares: its heading, and until the current
 * organization is known, the loading placeholder, the error with Retry, or "No organization
 * selected". A role without the page's permission is told who can use it, not shown a blank
 * page. The page's content mounts once per organization, so switching starts it afresh.
 */
export function SettingsPage({
  title,
  description,
  loadingLabel,
  permission,
  denied,
  purpose,
  children,
}: SettingsPageProps) {
  const { current, role, isLoading, isFetching, error, refetch } = useCurrentOrganization();
  const frame = (content: ReactNode, subtitle?: ReactNode) => (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <PageHeading title={title} description={subtitle} />
      {content}
    </div>
  );

  if (isLoading) {
    return frame(
      <div role="status" aria-label={loadingLabel} className="grid gap-6">
        <Skeleton className="h-48 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>,
    );
  }
  if (error && !current) {
    return frame(
      <LoadError
        title="Failed to load organization data"
        message={error.message}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />,
    );
  }
  if (!current) {
    return frame(
      <Card className="items-center py-12 text-center">
        <Building2 className="size-8 text-muted-foreground" aria-hidden="true" />
        <CardHeader className="items-center">
          <CardTitle>
            <h2 className="text-xl">No organization selected</h2>
          </CardTitle>
          <CardDescription>
            Create an organization or select one in the header {purpose}.
          </CardDescription>
        </CardHeader>
      </Card>,
    );
  }
  if (permission && !can(role, permission)) {
    return frame(
      <div className="flex items-start gap-3 rounded-xl border bg-card px-4 py-6 text-muted-foreground sm:px-6">
        <Lock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>{denied?.(current) ?? "Only owners and admins can see this page."}</p>
      </div>,
    );
  }
  return (
    <Fragment key={current.id}>
      {frame(children(current, role), description?.(current, role))}
    </Fragment>
  );
}
