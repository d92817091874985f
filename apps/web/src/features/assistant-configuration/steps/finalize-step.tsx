import { can, defaultCallSettings, disclosureProblem } from "@ringback/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, CheckCircle2, ExternalLink, PhoneCall, Power } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import { Link } from "react-router";
import { CallMeNowButton } from "@/components/test-call/call-me-now";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { useCurrentOrganization } from "@/lib/organizations";
import { assistantApi, assistantQueryKey, useFormFields } from "../api/assistant";
import { countryName, describeCallSettings } from "../call-settings-form";
import { fieldTitle, scriptUsesName } from "../field-selection";
import { activationErrorToast, errorMessage, isProviderError } from "../messages";
import { describeOutcomeType } from "../outcomes-form";
import { completedSteps, scriptPreview, WIZARD_STEPS } from "../wizard-rules";
import type { StepProps } from "./step-props";

/**
 * Step 4 'Review & Activate': the summary and 'Activate Assistant' (a second click while one
 * is in progress does nothing; a first sentence that does not disclose who is calling says why
 * and keeps it disabled, as the server would refuse it); when active, how to test it,
 * 'Total calls: N' and 'Deactivate Assistant'.
 */
export function FinalizeStep({
  assistant,
  organizationId,
  canManage,
  store,
  goTo,
  reportConnectionError,
}: StepProps) {
  const queryClient = useQueryClient();
  const { current: organization, role } = useCurrentOrganization();
  const fields = useFormFields(
    organizationId,
    assistant.provider,
    assistant.form_id,
    Boolean(assistant.form_id),
  );
  const groups = fields.data?.fields;
  const [expanded, setExpanded] = useState(false);
  const activating = useRef(false);

  const refreshDetail = () =>
    void queryClient.invalidateQueries({
      queryKey: assistantQueryKey(organizationId, assistant.id),
      exact: true,
    });

  const activate = useMutation({
    mutationFn: () => assistantApi.activate(organizationId, assistant.id),
    onSuccess: (saved) => {
      store(saved);
      refreshDetail();
      toast.success("Assistant activated successfully!");
    },
    onError: (e) => {
      console.warn("Assistant activation failed", e);
      toast.error(activationErrorToast(e));
      if (isProviderError(e)) reportConnectionError(errorMessage(e));
    },
    onSettled: () => {
      activating.current = false;
    },
  });

  const deactivate = useMutation({
    mutationFn: () => assistantApi.deactivate(organizationId, assistant.id),
    onSuccess: (saved) => {
      store(saved);
      toast.success("Assistant deactivated successfully!");
    },
    onError: (e) => toast.error(`Failed to update assistant: ${errorMessage(e)}`),
  });

  const onActivate = () => {
    // A duplicate click while activation is in progress is ignored.
    if (activating.current) return;
    activating.current = true;
    activate.mutate();
  };

  const completed = completedSteps(assistant);
  const missing = WIZARD_STEPS.filter((_, index) => index < 4 && !completed[index]);
  const script = assistant.assistant_script?.trim() ?? "";
  const preview = scriptPreview(script);
  const settings = describeCallSettings(assistant.call_settings ?? defaultCallSettings);
  const none = <span className="text-muted-foreground">None</span>;
  const notSet = <span className="text-muted-foreground">Not set</span>;
  const firstSentence = assistant.first_sentence?.trim() ?? "";
  // The server's own rule, said before anyone clicks Activate.
  const disclosure =
    organization && !assistant.is_active
      ? disclosureProblem(firstSentence, organization.name)
      : null;
  const phoneCountry = groups?.phone.find((f) => f.id === assistant.phone_field_id)?.defaultCountry;

  return (
    <div className="flex flex-col gap-6">
      {scriptUsesName(script) && !assistant.name_field_id ? (
        <div className="flex flex-col gap-3 rounded-lg border border-warning/60 bg-warning/15 p-4 sm:flex-row sm:items-start">
          <AlertTriangle className="size-5 shrink-0 text-warning-strong" aria-hidden="true" />
          <p className="min-w-0 flex-1 text-sm text-warning-foreground">
            Your script uses{" "}
            <code className="rounded bg-background/70 px-1 py-0.5 font-mono">{"{name}"}</code>, but
            no name field is chosen, so the assistant will say “there” instead of the person's name.
          </p>
          <Button variant="outline" size="sm" className="w-fit" onClick={() => goTo(2)}>
            Choose a name field
          </Button>
        </div>
      ) : null}
      <dl className="grid gap-x-6 gap-y-4 rounded-lg border p-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,1fr)]">
        <Row term="Assistant name">{assistant.name?.trim() || notSet}</Row>
        <Row term="Form">
          {assistant.form_title ? (
            assistant.form_public_url ? (
              <a
                href={assistant.form_public_url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              >
                {assistant.form_title}
                <ExternalLink className="size-3.5" aria-hidden="true" />
              </a>
            ) : (
              assistant.form_title
            )
          ) : (
            notSet
          )}
        </Row>
        <Row term="Availability field">
          {fieldTitle(groups, assistant.checkbox_field_id) ?? notSet}
        </Row>
        <Row term="Phone field">{fieldTitle(groups, assistant.phone_field_id) ?? notSet}</Row>
        <Row term="Name field">{fieldTitle(groups, assistant.name_field_id) ?? none}</Row>
        <Row term="Email field">{fieldTitle(groups, assistant.email_field_id) ?? none}</Row>
        <Row term="First sentence">
          {firstSentence ? (
            <p className="whitespace-pre-wrap break-words">{firstSentence}</p>
          ) : (
            notSet
          )}
        </Row>
        <Row term="Script">
          {script ? (
            <div className="flex flex-col items-start gap-1">
              <p className="whitespace-pre-wrap break-words">
                {expanded || !preview.truncated ? script : preview.text}
              </p>
              {preview.truncated ? (
                <Button
                  variant="link"
                  size="sm"
                  className="h-auto p-0"
                  aria-expanded={expanded}
                  onClick={() => setExpanded((value) => !value)}
                >
                  {expanded ? "Show less" : "Show more"}
                </Button>
              ) : null}
            </div>
          ) : (
            notSet
          )}
        </Row>
        <Row term="Outcomes">
          {assistant.outcome_questions?.length ? (
            <ul className="flex flex-col gap-1" aria-label="Outcome questions">
              {assistant.outcome_questions.map((question) => (
                <li key={question.key} className="break-words">
                  <span className="font-medium">{question.label}</span>{" "}
                  <span className="text-muted-foreground">· {describeOutcomeType(question)}</span>
                </li>
              ))}
            </ul>
          ) : (
            none
          )}
        </Row>
        <Row term="Call attempts">{settings.attempts}</Row>
        <Row term="Calling window">{settings.window}</Row>
        <Row term="Default country">
          <span className="flex flex-col gap-0.5">
            <span>{settings.country}</span>
            <span className="text-xs text-muted-foreground">
              {phoneCountry && countryName(phoneCountry) !== settings.country
                ? `Numbers typed without a country code are read as ${countryName(phoneCountry)} numbers (the phone field’s country), else as ${settings.country} numbers.`
                : `Numbers typed without a country code are read as ${settings.country} numbers.`}
            </span>
          </span>
        </Row>
        <Row term="On voicemail">{settings.voicemail}</Row>
        <Row term="Voice">{settings.voice}</Row>
        <Row term="Language">{settings.language}</Row>
        <Row term="Call length">{settings.callLength}</Row>
        <Row term="Transfer">{settings.transfer}</Row>
      </dl>

      {can(role, "calls:test") ? (
        <section
          aria-labelledby="test-call-heading"
          className="flex flex-col gap-3 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex min-w-0 flex-col gap-1">
            <h3 id="test-call-heading" className="font-semibold">
              Hear it first
            </h3>
            <p className="text-sm text-muted-foreground">
              The assistant calls your own phone with the settings above
              {assistant.is_active ? "" : ", before it goes live"}. Test calls are marked in Call
              Records and left out of the dashboard.
            </p>
          </div>
          <CallMeNowButton
            organizationId={organizationId}
            assistantId={assistant.id}
            assistantName={assistant.name}
            size="default"
            className="w-fit shrink-0"
          />
        </section>
      ) : null}

      {assistant.is_active ? (
        <section
          aria-labelledby="assistant-active-heading"
          className="flex flex-col gap-3 rounded-lg border border-success/40 bg-success/5 p-4"
        >
          <h3
            id="assistant-active-heading"
            className="flex items-center gap-2 text-lg font-semibold"
          >
            <CheckCircle2 className="size-5 text-success" aria-hidden="true" />
            Assistant Active
          </h3>
          <p className="text-sm">
            Open your form with Use Form, submit it with your phone number and tick the availability
            box; the assistant calls within seconds.
          </p>
          <p className="flex items-center gap-2 text-sm font-medium">
            <PhoneCall className="size-4 text-muted-foreground" aria-hidden="true" />
            Total calls: {assistant.total_calls}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to="/admin/call-records">View Call Records</Link>
            </Button>
            {canManage ? (
              <Button
                variant="outline"
                disabled={deactivate.isPending}
                onClick={() => deactivate.mutate()}
              >
                <Power aria-hidden="true" />
                {deactivate.isPending ? "Deactivating..." : "Deactivate Assistant"}
              </Button>
            ) : null}
          </div>
        </section>
      ) : (
        <section aria-labelledby="activate-heading" className="flex flex-col gap-3">
          <h3 id="activate-heading" className="font-semibold">
            Ready to go live?
          </h3>
          {missing.length > 0 ? (
            <p className="text-sm text-muted-foreground">
              Finish these steps before activating: {missing.join(", ")}.
            </p>
          ) : disclosure ? (
            <div
              id="disclosure-problem"
              className="flex flex-col gap-3 rounded-lg border border-warning/60 bg-warning/15 p-4 sm:flex-row sm:items-start"
            >
              <AlertTriangle className="size-5 shrink-0 text-warning-strong" aria-hidden="true" />
              <p className="min-w-0 flex-1 text-sm text-warning-foreground">{disclosure}</p>
              {canManage ? (
                <Button variant="outline" size="sm" className="w-fit" onClick={() => goTo(3)}>
                  Edit the first sentence
                </Button>
              ) : null}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              Activating adds a webhook to your form; from then on the assistant calls every
              respondent who asks for a call.
            </p>
          )}
          {canManage ? (
            <div>
              <Button
                onClick={onActivate}
                disabled={missing.length > 0 || Boolean(disclosure) || activate.isPending}
                aria-describedby={disclosure ? "disclosure-problem" : undefined}
                aria-disabled={activate.isPending || undefined}
              >
                <Power aria-hidden="true" />
                {activate.isPending ? "Activating..." : "Activate Assistant"}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">This assistant is inactive.</p>
          )}
        </section>
      )}
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="-mt-3 min-w-0 text-sm break-words sm:mt-0">{children}</dd>
    </div>
  );
}
