import {
  CONSENT_TEXT_REQUIRED,
  FORM_CONSENT_TEXT_FIELD,
  type FormField,
} from "@ringback/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangle, PencilLine, RefreshCw } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { LoadError } from "@/components/ui/load-error";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { Textarea } from "@/components/ui/textarea";
import { assistantApi, useFormFields } from "../api/assistant";
import {
  canAssignFields,
  type FieldSelection,
  fieldOptions,
  type PreviousSelection,
  preselectFields,
  savedSelection,
  validateFieldSelection,
} from "../field-selection";
import { errorMessage } from "../messages";
import type { StepProps } from "./step-props";

const NONE = "__none__";

/**
 * Step 2 'Configure Form Fields': the required Call Availability and Phone Number fields, the
 * optional Name and Email fields ('None'), warnings when the form lacks a checkbox or phone
 * field, and 'Assign Fields & Continue'.
 */
export function FieldsStep({
  assistant,
  organizationId,
  canManage,
  store,
  goTo,
  reportConnectionError,
}: StepProps) {
  const fields = useFormFields(organizationId, assistant.provider, assistant.form_id, true);
  // What the person has chosen (the saved choices, then every change made here), 'None'
  // included. The rest is suggested from the form as it reads now, so Refresh Fields after
  // adding a name question suggests it, while a choice made is never overridden.
  const [chosen, setChosen] = useState<PreviousSelection>(() =>
    savedSelection({
      phone_field_id: assistant.phone_field_id,
      checkbox_field_id: assistant.checkbox_field_id,
      name_field_id: assistant.name_field_id,
      email_field_id: assistant.email_field_id,
    }),
  );
  const selection: FieldSelection | null = fields.data
    ? preselectFields(fields.data.fields, chosen)
    : null;
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const consentTextId = useId();
  // The consent text as typed, kept for this visit across re-renders of the step (a layout
  // change mounts it again), until it is saved.
  const queryClient = useQueryClient();
  const draftKey = ["organization", organizationId, "assistants", assistant.id, "consent-draft"];
  const [consentText, setConsentTextState] = useState(
    () => queryClient.getQueryData<string>(draftKey) ?? assistant.consent_text ?? "",
  );
  const setConsentText = (value: string) => {
    queryClient.setQueryData(draftKey, value);
    setConsentTextState(value);
  };

  useEffect(() => {
    if (!fields.error) return;
    const message = errorMessage(fields.error);
    toast.error(`Failed to fetch form fields: ${message}`);
    reportConnectionError(message);
  }, [fields.error, reportConnectionError]);

  const assign = useMutation({
    mutationFn: (value: Parameters<typeof assistantApi.assignFields>[2]) =>
      assistantApi.assignFields(organizationId, assistant.id, value),
    onSuccess: (saved) => {
      store(saved);
      toast.success("Field selections saved successfully");
      goTo(3);
    },
    onError: (e) => toast.error(`Failed to save field selections: ${errorMessage(e)}`),
  });

  if (!assistant.form_id) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-6">
        <p className="text-sm text-muted-foreground">Select a form first.</p>
        <Button variant="outline" onClick={() => goTo(1)}>
          Go to Select Form
        </Button>
      </div>
    );
  }

  const editUrl = fields.data?.edit_url ?? assistant.form_edit_url;
  const refresh = (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => void fields.refetch()}
      disabled={fields.isFetching}
    >
      <RefreshCw className={fields.isFetching ? "animate-spin" : undefined} aria-hidden="true" />
      Refresh Fields
    </Button>
  );
  const intro = (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="min-w-0 text-sm text-muted-foreground">
        Fields of <span className="font-medium text-foreground">{assistant.form_title}</span>
      </p>
      {refresh}
    </div>
  );

  if (fields.isLoading) {
    return (
      <div className="flex flex-col gap-4">
        {intro}
        <div className="grid gap-4" role="status" aria-label="Loading form fields">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      </div>
    );
  }
  if (fields.error || !fields.data || !selection) {
    return (
      <div className="flex flex-col gap-4">
        {intro}
        <LoadError
          title="Couldn't load the form's fields."
          message={fields.error ? errorMessage(fields.error) : null}
          onRetry={() => void fields.refetch()}
          retrying={fields.isFetching}
        />
      </div>
    );
  }

  const groups = fields.data.fields;
  const options = fieldOptions(groups);
  if (groups.all.length === 0 && groups.hidden.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        {intro}
        <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-6">
          <p className="text-sm text-muted-foreground">No form fields found</p>
          {editUrl ? <EditFormButton href={editUrl} /> : null}
        </div>
      </div>
    );
  }

  const change = (key: keyof FieldSelection) => (value: string | null) => {
    setChosen((previous) => ({ ...previous, [key]: value }));
    setError(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (assign.isPending) return;
    const result = validateFieldSelection(groups, selection, consentText);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    assign.mutate(result.value);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {intro}
      {groups.checkbox.filter((field) => field.id !== FORM_CONSENT_TEXT_FIELD).length === 0 &&
      selection.checkboxFieldId !== FORM_CONSENT_TEXT_FIELD ? (
        <FieldWarning
          title="This form has no checkbox field"
          text="Add a checkbox or yes/no question where respondents say they are available for a call, then refresh the fields."
          editUrl={editUrl}
        />
      ) : null}
      {groups.phone.length === 0 && !selection.phoneFieldId ? (
        <FieldWarning
          title="This form has no phone number field"
          text="Add a phone number question so the assistant knows whom to call, then refresh the fields."
          editUrl={editUrl}
        />
      ) : null}
      <div className="grid gap-5 md:grid-cols-2">
        <FieldSelect
          label="Call Availability Field"
          hint={
            selection.checkboxFieldId === FORM_CONSENT_TEXT_FIELD
              ? "Sending the form is the agreement: each lead is called, and keeps the consent text below as evidence."
              : "A checkbox or yes/no question: only respondents who tick it are called."
          }
          required
          options={options.checkbox}
          value={selection.checkboxFieldId}
          onChange={change("checkboxFieldId")}
          disabled={!canManage}
          invalid={error === "Please select a call availability field"}
          errorId={errorId}
        />
        <FieldSelect
          label="Phone Number Field"
          hint="The number the assistant calls."
          required
          options={options.phone}
          value={selection.phoneFieldId}
          onChange={change("phoneFieldId")}
          disabled={!canManage}
          invalid={error === "Please select a phone number field"}
          errorId={errorId}
        />
        <FieldSelect
          label="Name Field"
          hint="Lets the assistant greet the respondent by name ({name} in the script)."
          options={options.name}
          value={selection.nameFieldId}
          onChange={change("nameFieldId")}
          disabled={!canManage}
        />
        <FieldSelect
          label="Email Field"
          hint="Shown with the respondent in call records."
          options={options.email}
          value={selection.emailFieldId}
          onChange={change("emailFieldId")}
          disabled={!canManage}
        />
      </div>
      {selection.checkboxFieldId === FORM_CONSENT_TEXT_FIELD ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={consentTextId}>Consent Text</Label>
          <Textarea
            id={consentTextId}
            value={consentText}
            onChange={(e) => {
              setConsentText(e.target.value);
              setError(null);
            }}
            disabled={!canManage}
            rows={3}
            aria-describedby={`${consentTextId}-hint`}
            aria-invalid={error === CONSENT_TEXT_REQUIRED ? true : undefined}
            placeholder="By submitting this form, you agree that we may call you about your request."
          />
          <p id={`${consentTextId}-hint`} className="text-xs text-muted-foreground">
            Paste the consent wording your form shows, word for word: every lead keeps it, with the
            time, the form and the source, as evidence of what they agreed to.
          </p>
        </div>
      ) : null}
      {groups.hidden.length > 0 ? (
        <p className="text-xs text-muted-foreground">
          Hidden fields, values your form’s link carries (such as{" "}
          <code className="whitespace-nowrap rounded bg-muted px-1 py-0.5 font-mono">?phone=…</code>
          ), are listed last under Phone Number, Name and Email.
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      {canManage ? (
        <div>
          <Button type="submit" disabled={!canAssignFields(selection) || assign.isPending}>
            {assign.isPending ? "Assigning Fields..." : "Assign Fields & Continue"}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

function FieldSelect({
  label,
  hint,
  required = false,
  options,
  value,
  onChange,
  disabled,
  invalid = false,
  errorId,
}: {
  label: string;
  hint: string;
  required?: boolean;
  options: readonly FormField[];
  value: string | null;
  onChange: (value: string | null) => void;
  disabled: boolean;
  invalid?: boolean;
  errorId?: string;
}) {
  const id = useId();
  const hintId = useId();
  const none = options.length === 0;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <span className="text-xs text-muted-foreground">{required ? "Required" : "Optional"}</span>
      </div>
      <Select
        value={value ?? (required ? "" : NONE)}
        onValueChange={(next) => onChange(next === NONE ? null : next)}
        disabled={disabled || (required && none)}
      >
        <SelectTrigger
          id={id}
          aria-describedby={invalid && errorId ? `${hintId} ${errorId}` : hintId}
          aria-invalid={invalid ? true : undefined}
          aria-required={required ? true : undefined}
          className="min-w-0"
        >
          <SelectValue placeholder={none ? "No matching fields" : "Select a field"} />
        </SelectTrigger>
        <SelectContent>
          {required ? null : <SelectItem value={NONE}>None</SelectItem>}
          {options.map((field) => (
            <SelectItem key={field.id} value={field.id}>
              {field.title || field.id}
              {field.example ? (
                <span className="text-muted-foreground"> ({field.example})</span>
              ) : null}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}

function FieldWarning({
  title,
  text,
  editUrl,
}: {
  title: string;
  text: string;
  editUrl: string | null;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-warning/60 bg-warning/15 p-4 sm:flex-row sm:items-start">
      <AlertTriangle className="size-5 shrink-0 text-warning-strong" aria-hidden="true" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm font-semibold text-warning-foreground">{title}</p>
        <p className="text-sm text-warning-strong">{text}</p>
      </div>
      {editUrl ? <EditFormButton href={editUrl} /> : null}
    </div>
  );
}

function EditFormButton({ href }: { href: string }) {
  return (
    <Button asChild variant="outline" size="sm" className="w-fit">
      <a href={href} target="_blank" rel="noreferrer">
        <PencilLine aria-hidden="true" />
        Edit Form
      </a>
    </Button>
  );
}
