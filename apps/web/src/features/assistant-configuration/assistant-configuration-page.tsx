import { type AssistantDetail, can, type OrganizationRole } from "@ringback/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Eye } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { ResizableHandle, ResizablePanel, ResizablePanelGroup } from "@/components/ui/resizable";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { isBrandNewAssistant } from "@/lib/assistants";
import { connectionErrorToast, startProviderConnection } from "@/lib/form-connections";
import { useFormSource } from "@/lib/integrations";
import { useCurrentOrganization, useOrganizationOfRecord } from "@/lib/organizations";
import {
  assistantApi,
  assistantsQueryKey,
  useAssistant,
  useConnection,
  useStoreAssistant,
} from "./api/assistant";
import { DeleteAssistantDialog } from "./components/delete-assistant-dialog";
import { DiscardAssistantDialog } from "./components/discard-assistant-dialog";
import { HelpPanel } from "./components/help-panel";
import { CompactStepList, StepList } from "./components/step-list";
import { WizardHeader } from "./components/wizard-header";
import { errorMessage, isNotFound } from "./messages";
import { DetailsStep } from "./steps/details-step";
import { EndpointStep } from "./steps/endpoint-step";
import { FieldsStep } from "./steps/fields-step";
import { FinalizeStep } from "./steps/finalize-step";
import { FormStep } from "./steps/form-step";
import { ScriptStep } from "./steps/script-step";
import type { StepProps } from "./steps/step-props";
import { useMediaQuery } from "./use-media-query";
import { completedSteps, initialStep, isStepClickable } from "./wizard-rules";

/** Each step's heading in the main panel (the step list uses WIZARD_STEPS). */
const STEP_HEADINGS = [
  "Assistant Details",
  "Select Form",
  "Configure Form Fields",
  "Customize Assistant",
  "Review & Activate",
] as const;

/** The wizard's panel sizes: steps 25%, main 75% (45% with help), help 30%. */
const PANEL_PERCENT = { steps: 25, main: 75, mainWithHelp: 45, help: 30 } as const;
const PANEL_IDS = { steps: "wizard-steps", main: "wizard-main", help: "wizard-help" } as const;
const percent = (value: number) => `${value}%`;

/**
 * /admin/assistant-configuration (no id): creates an assistant for the current organization
 * and replaces the URL with its id.
 */
export function NewAssistantPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { current, role, isLoading } = useCurrentOrganization();
  const started = useRef(false);
  const queryClient = useQueryClient();
  const create = useMutation({
    // The source chosen on the dashboard (?source=); without one, the server's first.
    mutationFn: (organizationId: string) =>
      assistantApi.create(organizationId, params.get("source") ?? undefined),
    onSuccess: (assistant) => {
      void queryClient.invalidateQueries({
        queryKey: assistantsQueryKey(assistant.organization_id),
        exact: true,
      });
      navigate(`/admin/assistant-configuration/${assistant.id}`, { replace: true });
    },
    onError: (e) => {
      toast.error(`Failed to create assistant: ${errorMessage(e)}`);
      navigate("/admin/dashboard", { replace: true });
    },
  });
  const { mutate } = create;

  useEffect(() => {
    if (isLoading || started.current) return;
    started.current = true;
    if (!current) {
      toast.error("No organization selected. Please select an organization first.");
      navigate("/admin/dashboard", { replace: true });
      return;
    }
    if (!can(role, "assistants:manage")) {
      toast.error("Only owners and admins can create assistants.");
      navigate("/admin/dashboard", { replace: true });
      return;
    }
    mutate(current.id);
  }, [current, role, isLoading, mutate, navigate]);

  return <Spinner label="Creating assistant..." className="py-24" />;
}

/** /admin/assistant-configuration/{assistantId}: the five-step wizard. */
export function AssistantConfigurationPage() {
  const { assistantId = "" } = useParams();
  const navigate = useNavigate();
  const { current, role, isLoading: organizationsLoading } = useCurrentOrganization();
  const assistant = useAssistant(current?.id, assistantId);

  // Opened from a scrolled page (the dashboard's Configure link): the wizard starts at its top,
  // not half under the header (the app keeps the window's scroll across routes).
  useLayoutEffect(() => {
    if (assistantId) window.scrollTo(0, 0);
  }, [assistantId]);

  // An assistant of another of the user's organizations (its address copied from the browser)
  // opens there: the app switches first, and "Assistant not found" is for none of them.
  const missing = isNotFound(assistant.error);
  const elsewhere = useOrganizationOfRecord("assistant", assistantId || null, missing);
  useEffect(() => {
    if (!assistant.error || elsewhere === "looking") return;
    toast.error(missing ? "Assistant not found" : "Failed to load assistant configuration");
    navigate("/admin/dashboard", { replace: true });
  }, [assistant.error, missing, elsewhere, navigate]);

  useEffect(() => {
    if (organizationsLoading || current) return;
    toast.error("No organization selected. Please select an organization first.");
    navigate("/admin/dashboard", { replace: true });
  }, [organizationsLoading, current, navigate]);

  if (!current || !assistant.data) {
    return <Spinner label="Loading assistant..." className="py-24" />;
  }
  return (
    <AssistantWizard
      key={assistant.data.id}
      assistant={assistant.data}
      organizationId={current.id}
      role={role}
    />
  );
}

function AssistantWizard({
  assistant,
  organizationId,
  role,
}: {
  assistant: AssistantDetail;
  organizationId: string;
  role: OrganizationRole | null;
}) {
  const canManage = can(role, "assistants:manage");
  const canConnect = can(role, "connections:manage");
  const isDesktop = useMediaQuery("(min-width: 1024px)");
  const [step, setStep] = useState(() => initialStep(assistant));
  const [showHelp, setShowHelp] = useState(false);
  const [connectionError, setConnectionError] = useState<string | null>(null);
  const [connecting, setConnecting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  const connection = useConnection(organizationId, assistant.provider);
  const store = useStoreAssistant(organizationId);
  const completed = completedSteps(assistant);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const moved = useRef(false);

  // After a save or a click in the step list, take focus to the new step's heading.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (!moved.current) return;
    headingRef.current?.focus({ preventScroll: true });
    headingRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }, [step]);

  useEffect(() => {
    if (connection.error) setConnectionError(errorMessage(connection.error));
  }, [connection.error]);

  const goTo = useCallback((next: number) => {
    moved.current = true;
    setStep(next);
  }, []);
  const onSelectStep = (next: number) => {
    if (isStepClickable(next, completed)) goTo(next);
  };
  const reportConnectionError = useCallback((message: string) => setConnectionError(message), []);

  const source = useFormSource(assistant.provider);
  const onConnect = async (reconnect: boolean) => {
    setConnecting(true);
    try {
      await startProviderConnection({
        organizationId,
        provider: assistant.provider,
        assistantId: assistant.id,
        reconnect,
      });
    } catch (error) {
      const message = connectionErrorToast(source.name, error);
      toast.error(message);
      setConnectionError(errorMessage(error));
      setConnecting(false);
    }
  };

  const stepProps: StepProps = {
    assistant,
    organizationId,
    canManage,
    store,
    goTo,
    reportConnectionError,
  };
  const connected = connection.data?.connected === true;
  const body = [
    <DetailsStep
      key="details"
      {...stepProps}
      connection={connection}
      canConnect={canConnect}
      connecting={connecting}
      onConnect={(reconnect) => void onConnect(reconnect)}
      onDelete={() => setDeleting(true)}
    />,
    source.capabilities.sampleFields && !source.capabilities.listForms ? (
      <EndpointStep key="form" {...stepProps} />
    ) : (
      <FormStep
        key="form"
        {...stepProps}
        connected={connected}
        connectionLoading={connection.isLoading}
      />
    ),
    <FieldsStep key="fields" {...stepProps} />,
    <ScriptStep key="script" {...stepProps} />,
    <FinalizeStep key="finalize" {...stepProps} />,
  ][step];

  const main = (
    <section aria-labelledby="wizard-step-heading" className="flex flex-col gap-5">
      <div className="flex flex-col gap-1">
        <p className="hidden text-xs font-medium tracking-wide text-muted-foreground uppercase lg:block">
          Step {step + 1} of {STEP_HEADINGS.length}
        </p>
        <h2
          id="wizard-step-heading"
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-20 text-xl font-semibold outline-none"
        >
          {STEP_HEADINGS[step]}
        </h2>
      </div>
      {body}
    </section>
  );
  const help = (
    <HelpPanel step={step} source={assistant.provider} onClose={() => setShowHelp(false)} />
  );

  return (
    <div className="mx-auto flex w-full max-w-7xl min-w-0 flex-col gap-4">
      <WizardHeader
        assistant={assistant}
        connection={connection}
        connectionError={connectionError}
        onDismissError={() => setConnectionError(null)}
        showHelp={showHelp}
        onToggleHelp={() => setShowHelp((value) => !value)}
        onBack={canManage && isBrandNewAssistant(assistant) ? () => setDiscarding(true) : undefined}
      />
      {canManage ? null : (
        <p className="flex items-center gap-2 rounded-lg border bg-muted/50 px-3 py-2 text-sm text-muted-foreground">
          <Eye className="size-4 shrink-0" aria-hidden="true" />
          You can view this assistant. Owners and admins can change it.
        </p>
      )}
      {isDesktop ? (
        <div className="overflow-hidden rounded-xl border bg-card shadow-sm">
          <ResizablePanelGroup orientation="horizontal" className="min-h-[32rem]">
            <ResizablePanel
              id={PANEL_IDS.steps}
              defaultSize={percent(PANEL_PERCENT.steps)}
              minSize="15%"
              maxSize="40%"
              className="bg-muted/30"
            >
              <StepList current={step} completed={completed} onSelect={onSelectStep} />
            </ResizablePanel>
            <ResizableHandle aria-label="Resize the step list" />
            <ResizablePanel
              id={PANEL_IDS.main}
              defaultSize={percent(showHelp ? PANEL_PERCENT.mainWithHelp : PANEL_PERCENT.main)}
              minSize="30%"
              className="p-6"
            >
              {main}
            </ResizablePanel>
            {showHelp ? (
              <>
                <ResizableHandle aria-label="Resize the help panel" />
                <ResizablePanel
                  id={PANEL_IDS.help}
                  defaultSize={percent(PANEL_PERCENT.help)}
                  minSize="20%"
                  maxSize="50%"
                  className="bg-muted/30 p-5"
                >
                  {help}
                </ResizablePanel>
              </>
            ) : null}
          </ResizablePanelGroup>
        </div>
      ) : (
        <>
          <CompactStepList current={step} completed={completed} onSelect={onSelectStep} />
          {/* Narrow screens: help sits above the step, where the person just asked for it. */}
          {showHelp ? (
            <div className="rounded-xl border bg-muted/30 p-4 shadow-sm sm:p-6">{help}</div>
          ) : null}
          <div className="min-w-0 rounded-xl border bg-card p-4 shadow-sm sm:p-6">{main}</div>
        </>
      )}
      {canManage ? (
        <DiscardAssistantDialog
          assistant={assistant}
          organizationId={organizationId}
          open={discarding}
          onOpenChange={setDiscarding}
        />
      ) : null}
      {canManage ? (
        <DeleteAssistantDialog
          assistant={assistant}
          organizationId={organizationId}
          open={deleting}
          onOpenChange={setDeleting}
        />
      ) : null}
    </div>
  );
}
