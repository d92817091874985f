import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "@/components/ui/sonner";
import { useCurrentOrganization } from "@/lib/organizations";

/**
 * A link to something of an organization carries it (`?org=<id>`: the assistant cards', Call
 * Details'): opened by a member of that organization, it switches to it first, so the link shows
 * what it points at whichever organization the app was in; opened by someone else, it says so.
 * The parameter is then taken off the address, so that switching organizations later is not
 * undone by it.
 */
export function OrganizationFromUrl() {
  const [params, setParams] = useSearchParams();
  const { organizations, current, select, isLoading } = useCurrentOrganization();
  const wanted = params.get("org");
  useEffect(() => {
    if (!wanted || isLoading || organizations.length === 0) return;
    if (current?.id !== wanted) {
      if (organizations.some((organization) => organization.id === wanted)) select(wanted);
      else toast.error("This link is for an organization you are not a member of.");
    }
    setParams(
      (now) => {
        const next = new URLSearchParams(now);
        next.delete("org");
        return next;
      },
      { replace: true },
    );
  }, [wanted, isLoading, organizations, current?.id, select, setParams]);
  return null;
}

/** `path` with the organization it belongs to, for a link that opens it in that organization. */
export function withOrganization(path: string, organizationId: string | null | undefined): string {
  if (!organizationId) return path;
  return `${path}${path.includes("?") ? "&" : "?"}org=${encodeURIComponent(organizationId)}`;
}
