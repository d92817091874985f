import { useEffect, useRef } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { connectionErrorToast, startProviderConnection } from "@/lib/form-connections";
import { useIntegrations } from "@/lib/integrations";
import { useCurrentOrganization } from "@/lib/organizations";
import { connectionReturnMessage } from "./connection-messages";

/**
 * /admin/form-connection/{provider}: starts connecting (optionally for an existing
 * assistant, ?assistantId=) or handles the return (?auth=success|error).
 */
export function FormConnectionPage() {
  const { provider: rawProvider = "" } = useParams();
  const provider = rawProvider.toLowerCase();
  const integrations = useIntegrations();
  const source = integrations.data?.formSources.find((s) => s.id === provider);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { current, isLoading } = useCurrentOrganization();
  const handled = useRef(false);

  useEffect(() => {
    // The source's name is in its manifest: wait for it (or for its failure).
    if (handled.current || isLoading || integrations.isPending) return;
    const name = source?.name ?? rawProvider;
    handled.current = true;
    const auth = params.get("auth");
    const assistantId = params.get("assistantId");
    if (auth === "success") {
      if (assistantId) {
        toast.success("Successfully connected to your account!");
        navigate(`/admin/assistant-configuration/${assistantId}`, { replace: true });
      } else {
        toast.error("No assistant ID received. Please try again or contact support.");
        navigate("/admin/dashboard", { replace: true });
      }
      return;
    }
    if (auth === "error") {
      toast.error(connectionReturnMessage(name, params.get("reason")));
      navigate("/admin/dashboard", { replace: true });
      return;
    }
    if (!source?.capabilities.connect) {
      toast.error(`Failed to connect to ${rawProvider}. Please try again.`);
      navigate("/admin/dashboard", { replace: true });
      return;
    }
    if (!current) {
      toast.error("No organization selected. Please select an organization first.");
      navigate("/admin/dashboard", { replace: true });
      return;
    }
    startProviderConnection({
      organizationId: current.id,
      provider,
      assistantId: assistantId ?? undefined,
      reconnect: params.get("reconnect") === "true",
    }).catch((error: unknown) => {
      toast.error(connectionErrorToast(name, error));
      navigate("/admin/dashboard", { replace: true });
    });
  }, [current, isLoading, integrations.isPending, navigate, params, provider, rawProvider, source]);

  return <Spinner label="Connecting..." className="py-24" />;
}
