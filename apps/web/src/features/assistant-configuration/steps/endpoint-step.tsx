import {
  type AssistantEndpoint,
  type EndpointAuthMode,
  type EndpointPreset,
  LESS_SECURE_WARNING,
} from "@ringback/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Clock, ExternalLink, RefreshCw, Send, TriangleAlert } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { OneTimeSecret } from "@/components/one-time-secret";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { useFormSource } from "@/lib/integrations";
import {
  assistantApi,
  assistantQueryKey,
  deliveriesQueryKey,
  useEndpoint,
  useFormFields,
} from "../api/assistant";
import { errorMessage, isNotFound } from "../messages";
import { RecentDeliveries } from "../recent-deliveries";
import type { StepProps } from "./step-props";

const timeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * Step 1 for a source that is a URL and a secret: the assistant's own webhook URL, its signing
 * secret (shown once, when made or rotated), how deliveries are authenticated, and the test
 * submission the fields are learned from ("Waiting for a test submission…" until it arrives,
 * then the fields it carried with their values).
 */
export function EndpointStep({ assistant, organizationId, canManage, goTo }: StepProps) {
  const queryClient = useQueryClient();
  const source = useFormSource(assistant.provider);
  const endpoint = useEndpoint(organizationId, assistant.id, true);
  const endpointKey = ["organization", organizationId, "assistants", assistant.id, "endpoint"];
  // The secret shown once, kept for this visit across re-renders of the step (a layout change
  // mounts it again), never fetched again.
  const secretKey = [...endpointKey, "shown-secret"];
  const [secret, setSecret] = useState<string | null>(
    () => queryClient.getQueryData<string>(secretKey) ?? null,
  );
  const fieldsKey = [
    "organization",
    organizationId,
    "form-connections",
    assistant.provider,
    "fields",
  ];

  const saved = (value: AssistantEndpoint) => {
    queryClient.setQueryData(endpointKey, value);
    if (value.secret) {
      queryClient.setQueryData(secretKey, value.secret);
      setSecret(value.secret);
    }
  };
  const create = useMutation({
    mutationFn: () => assistantApi.createEndpoint(organizationId, assistant.id),
    onSuccess: (value) => {
      saved(value);
      // The assistant is now its own form: the step list counts this step as done.
      void queryClient.invalidateQueries({
        queryKey: assistantQueryKey(organizationId, assistant.id),
        exact: true,
      });
    },
    onError: (e) => toast.error(`Could not create the webhook URL: ${errorMessage(e)}`),
  });
  const rotate = useMutation({
    mutationFn: () => assistantApi.rotateSecret(organizationId, assistant.id),
    onSuccess: saved,
    onError: (e) => toast.error(`Could not rotate the secret: ${errorMessage(e)}`),
  });
  const learnAgain = useMutation({
    mutationFn: () => assistantApi.learnAgain(organizationId, assistant.id),
    onSuccess: (value) => {
      saved(value);
      void queryClient.removeQueries({ queryKey: fieldsKey });
    },
    onError: (e) => toast.error(`Could not forget the test submission: ${errorMessage(e)}`),
  });

  if (endpoint.isLoading) return <Skeleton className="h-40 w-full" />;
  if (endpoint.error && !isNotFound(endpoint.error)) {
    return (
      <LoadError
        title="Couldn't load the webhook URL."
        message={errorMessage(endpoint.error)}
        onRetry={() => void endpoint.refetch()}
        retrying={endpoint.isFetching}
      />
    );
  }
  if (!endpoint.data) {
    return (
      <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-6">
        <p className="text-sm text-muted-foreground">
          This assistant gets its own webhook URL and signing secret. Paste both into the tool that
          sends your leads, then send a test submission.
        </p>
        {canManage ? (
          <Button disabled={create.isPending} onClick={() => create.mutate()}>
            {create.isPending ? "Creating..." : "Create Webhook URL"}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">
            Ask an owner or admin of your organization to create it.
          </p>
        )}
      </div>
    );
  }

  const current = endpoint.data;
  const presets = source.endpoint?.presets ?? [];
  const preset =
    presets.find((p) => p.id === current.settings.preset) ??
    presets[0] ??
    (null as EndpointPreset | null);
  const modes = (source.endpoint?.authModes ?? []).filter(
    (mode) => !preset || preset.authModes.includes(mode.id),
  );
  const saveSettings = (settings: Record<string, unknown>) =>
    assistantApi.saveEndpointSettings(organizationId, assistant.id, settings);
  return (
    <div className="flex flex-col gap-6">
      {presets.length > 0 && preset ? (
        <ToolChoice
          key={preset.id}
          presets={presets}
          preset={preset}
          canManage={canManage}
          onSave={(id) => saveSettings({ preset: id })}
          onSaved={saved}
        />
      ) : null}

      <section aria-labelledby="endpoint-url-heading" className="flex flex-col gap-3">
        <h3 id="endpoint-url-heading" className="font-semibold">
          Webhook URL
        </h3>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            aria-labelledby="endpoint-url-heading"
            readOnly
            value={current.url}
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-xs"
          />
          <CopyButton text={current.url} label="Copy URL" copiedMessage="Webhook URL copied" />
        </div>
        {secret ? (
          <OneTimeSecret
            id="endpoint-secret"
            label="Signing secret"
            value={secret}
            copyLabel="Copy secret"
            copiedMessage="Signing secret copied"
            warning="Copy it now: it will not be shown again. Paste it into the tool that sends your leads."
          />
        ) : (
          <p className="text-sm text-muted-foreground">
            Signing secret ending in <span className="font-mono">{current.secretHint}</span>.
          </p>
        )}
        {current.previousSecretUntil ? (
          <p className="text-sm text-muted-foreground">
            The previous secret still works until{" "}
            {timeFormat.format(new Date(current.previousSecretUntil))}.
          </p>
        ) : null}
        {canManage ? (
          <Button
            variant="outline"
            className="self-start"
            disabled={rotate.isPending}
            onClick={() => rotate.mutate()}
          >
            {rotate.isPending ? "Rotating..." : "Rotate Secret"}
          </Button>
        ) : null}
        {canManage ? (
          <ToolSecret
            fromTool={preset?.secretFrom === "tool"}
            toolName={preset?.id === "custom" ? null : (preset?.name ?? null)}
            onSave={(value) => assistantApi.setToolSecret(organizationId, assistant.id, value)}
            onSaved={(value) => {
              saved(value);
              queryClient.removeQueries({ queryKey: secretKey });
              setSecret(null);
            }}
          />
        ) : null}
      </section>

      {modes.length > 0 ? (
        <AuthenticationChoice
          key={JSON.stringify(current.settings)}
          modes={modes}
          preset={preset?.id ?? null}
          settings={current.settings}
          canManage={canManage}
          onSave={saveSettings}
          onSaved={saved}
        />
      ) : null}

      {preset?.exampleBody ? (
        <section aria-labelledby="endpoint-example-heading" className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="endpoint-example-heading" className="font-semibold">
              Example body
            </h3>
            <CopyButton
              text={preset.exampleBody}
              label="Copy example"
              copiedMessage="Example body copied"
            />
          </div>
          <pre className="overflow-auto rounded-md bg-muted p-3 font-mono text-xs">
            {preset.exampleBody}
          </pre>
        </section>
      ) : null}

      <SampleStatus
        endpoint={current}
        organizationId={organizationId}
        assistantId={assistant.id}
        provider={assistant.provider}
        formId={assistant.form_id}
        canManage={canManage}
        learningAgain={learnAgain.isPending}
        onLearnAgain={() => learnAgain.mutate()}
        onContinue={() => goTo(2)}
      />

      <RecentDeliveries organizationId={organizationId} assistantId={assistant.id} />
    </div>
  );
}

/** "Your tool": the preset that knows how the business's tool sends, with its own help. */
function ToolChoice({
  presets,
  preset,
  canManage,
  onSave,
  onSaved,
}: {
  presets: EndpointPreset[];
  preset: EndpointPreset;
  canManage: boolean;
  onSave: (id: string) => Promise<AssistantEndpoint>;
  onSaved: (endpoint: AssistantEndpoint) => void;
}) {
  const selectId = useId();
  const save = useMutation({
    mutationFn: onSave,
    onSuccess: (endpoint) => {
      onSaved(endpoint);
      toast.success("Tool saved");
    },
    onError: (e) => toast.error(`Could not save: ${errorMessage(e)}`),
  });
  return (
    <section aria-labelledby={`${selectId}-heading`} className="flex flex-col gap-3">
      <h3 id={`${selectId}-heading`} className="font-semibold">
        Your tool
      </h3>
      <div className="grid gap-1 sm:max-w-sm">
        <Label htmlFor={selectId}>The tool that sends your leads</Label>
        <select
          id={selectId}
          value={preset.id}
          disabled={!canManage || save.isPending}
          onChange={(e) => save.mutate(e.target.value)}
          className="h-9 rounded-md border bg-background px-2 text-sm"
        >
          {presets.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      <p className="text-sm text-muted-foreground">{preset.description}</p>
      {preset.help.length > 0 ? (
        <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm">
          {preset.help.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      ) : null}
      <p className="text-sm text-muted-foreground">
        Each lead is told apart by: <span className="font-mono">{preset.idempotencyKey}</span>. A
        request sent again is not called twice.
      </p>
      {preset.docs.length > 0 ? (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {preset.docs.map((doc) => (
            <li key={doc.url}>
              <a
                href={doc.url}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-h-6 items-center gap-1 text-primary underline-offset-4 hover:underline"
              >
                {doc.label}
                <ExternalLink className="size-3" aria-hidden="true" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * "Use your tool's secret": for a tool that makes its own secret (WPForms, a Webflow app), or a
 * business that prefers its tool's; the secret it replaces keeps working for a day.
 */
function ToolSecret({
  fromTool,
  toolName,
  onSave,
  onSaved,
}: {
  fromTool: boolean;
  toolName: string | null;
  onSave: (secret: string) => Promise<AssistantEndpoint>;
  onSaved: (endpoint: AssistantEndpoint) => void;
}) {
  const [value, setValue] = useState("");
  const inputId = useId();
  const save = useMutation({
    mutationFn: () => onSave(value),
    onSuccess: (endpoint) => {
      onSaved(endpoint);
      setValue("");
      toast.success("Your tool's secret is in use");
    },
    onError: (e) => toast.error(`Could not save the secret: ${errorMessage(e)}`),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim()) save.mutate();
  };
  const form = (
    <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <div className="grid flex-1 gap-1">
        <Label htmlFor={inputId}>
          {toolName ? `The secret ${toolName} shows` : "Your tool's secret"}
        </Label>
        <Input
          id={inputId}
          type="password"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending || !value.trim()}>
        {save.isPending ? "Saving..." : "Use This Secret"}
      </Button>
    </form>
  );
  if (fromTool) {
    return (
      <div className="flex flex-col gap-2 rounded-lg border p-3">
        <p className="text-sm font-medium">Use your tool's secret</p>
        <p className="text-sm text-muted-foreground">
          {toolName ?? "This tool"} makes its own signing secret: paste it here.
        </p>
        {form}
      </div>
    );
  }
  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-6 cursor-pointer items-center text-muted-foreground hover:text-foreground">
        Use your tool's secret instead
      </summary>
      <div className="mt-2">{form}</div>
    </details>
  );
}

/** How deliveries are authenticated: the source's modes, each with the fields it needs. */
function AuthenticationChoice({
  modes,
  preset,
  settings,
  canManage,
  onSave,
  onSaved,
}: {
  modes: EndpointAuthMode[];
  preset: string | null;
  settings: Record<string, unknown>;
  canManage: boolean;
  onSave: (settings: Record<string, unknown>) => Promise<AssistantEndpoint>;
  onSaved: (endpoint: AssistantEndpoint) => void;
}) {
  const savedAuth = (settings.auth ?? {}) as Record<string, string>;
  const [mode, setMode] = useState(savedAuth.mode ?? modes[0]!.id);
  const chosen = modes.find((m) => m.id === mode) ?? modes[0]!;
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      modes.flatMap((m) =>
        m.fields.map((f) => [`${m.id}.${f.key}`, savedAuth[f.key] ?? f.default]),
      ),
    ),
  );
  const headingId = useId();
  const save = useMutation({
    mutationFn: () =>
      onSave({
        ...(preset ? { preset } : {}),
        auth: {
          mode: chosen.id,
          ...Object.fromEntries(chosen.fields.map((f) => [f.key, values[`${chosen.id}.${f.key}`]])),
        },
      }),
    onSuccess: (endpoint) => {
      onSaved(endpoint);
      toast.success("Authentication saved");
    },
    onError: (e) => toast.error(`Could not save: ${errorMessage(e)}`),
  });
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold">
        Authentication
      </h3>
      <div role="radiogroup" aria-labelledby={headingId} className="flex flex-col gap-2">
        {modes.map((m) => (
          <label
            key={m.id}
            className="flex cursor-pointer gap-3 rounded-lg border p-3 has-[:checked]:border-primary"
          >
            <input
              type="radio"
              name="endpoint-auth"
              value={m.id}
              checked={mode === m.id}
              disabled={!canManage}
              onChange={() => setMode(m.id)}
              className="mt-1 size-4 accent-primary"
            />
            <span className="flex flex-col gap-1">
              <span className="text-sm font-medium">{m.label}</span>
              <span className="text-sm text-muted-foreground">{m.description}</span>
              {m.lessSecure ? (
                <span className="flex items-center gap-1 text-sm text-warning-strong">
                  <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
                  {LESS_SECURE_WARNING}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      {chosen.fields.length > 0 ? (
        <div className="grid gap-3 sm:grid-cols-3">
          {chosen.fields.map((f) => {
            const key = `${chosen.id}.${f.key}`;
            return (
              <div key={key} className="grid gap-1">
                <Label htmlFor={`endpoint-${key}`}>{f.label}</Label>
                {f.options ? (
                  <select
                    id={`endpoint-${key}`}
                    value={values[key]}
                    disabled={!canManage}
                    onChange={(e) => setValues({ ...values, [key]: e.target.value })}
                    className="h-9 rounded-md border bg-background px-2 text-sm"
                  >
                    {f.options.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                ) : (
                  <Input
                    id={`endpoint-${key}`}
                    value={values[key] ?? ""}
                    placeholder={f.placeholder}
                    disabled={!canManage}
                    onChange={(e) => setValues({ ...values, [key]: e.target.value })}
                  />
                )}
              </div>
            );
          })}
        </div>
      ) : null}
      {canManage ? (
        <Button
          variant="outline"
          className="self-start"
          disabled={save.isPending}
          onClick={() => save.mutate()}
        >
          {save.isPending ? "Saving..." : "Save Authentication"}
        </Button>
      ) : null}
    </section>
  );
}

/** "Waiting for a test submission…", then the fields it carried, with their values. */
function SampleStatus({
  endpoint,
  organizationId,
  assistantId,
  provider,
  formId,
  canManage,
  learningAgain,
  onLearnAgain,
  onContinue,
}: {
  endpoint: AssistantEndpoint;
  organizationId: string;
  assistantId: string;
  provider: string;
  formId: string | null;
  canManage: boolean;
  learningAgain: boolean;
  onLearnAgain: () => void;
  onContinue: () => void;
}) {
  const received = endpoint.sampleReceivedAt;
  const fields = useFormFields(organizationId, provider, formId, Boolean(received));
  const headingId = useId();
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: () => assistantApi.sendTestSubmission(organizationId, assistantId),
    onSuccess: (sent) => {
      const words = sent.detail ? `${sent.label}. ${sent.detail}` : sent.label;
      if (sent.result.startsWith("refused")) toast.error(`Test submission: ${words}`);
      else toast.success(`Test submission: ${words}`);
      for (const queryKey of [
        ["organization", organizationId, "assistants", assistantId, "endpoint"],
        deliveriesQueryKey(organizationId, assistantId),
        ["organization", organizationId, "form-connections", provider, "fields"],
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
    onError: (e) => toast.error(`Could not send a test submission: ${errorMessage(e)}`),
  });
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          Test submission
        </h3>
        {endpoint.testSubmissions && canManage ? (
          <Button variant="outline" disabled={send.isPending} onClick={() => send.mutate()}>
            <Send aria-hidden="true" />
            {send.isPending ? "Sending..." : "Send a test submission"}
          </Button>
        ) : null}
      </div>
      {endpoint.testSubmissions ? (
        <p className="text-sm text-muted-foreground">
          Sandbox mode: Ringback can send the request your tool would send, signed as it signs.
        </p>
      ) : null}
      {!received ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Clock className="size-4" aria-hidden="true" />
          Waiting for a test submission…
        </p>
      ) : (
        <>
          <p role="status" className="flex items-center gap-2 text-sm">
            <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
            Received {timeFormat.format(new Date(received))}.
          </p>
          {fields.data ? (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">The fields the test submission carried</caption>
              <thead>
                <tr className="border-b text-muted-foreground">
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Field
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Value
                  </th>
                </tr>
              </thead>
              <tbody>
                {fields.data.fields.all.map((field) => (
                  <tr key={field.id} className="border-b last:border-0">
                    <td className="py-1 pr-3 font-mono text-xs">{field.id}</td>
                    <td className="py-1 break-all">{field.example ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : fields.error ? (
            <LoadError
              title="Couldn't load the fields."
              message={errorMessage(fields.error)}
              onRetry={() => void fields.refetch()}
              retrying={fields.isFetching}
            />
          ) : (
            <Skeleton className="h-20 w-full" />
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={onContinue}>Choose Fields</Button>
            {canManage ? (
              <Button variant="outline" disabled={learningAgain} onClick={onLearnAgain}>
                <RefreshCw
                  aria-hidden="true"
                  className={learningAgain ? "animate-spin" : undefined}
                />
                Learn Again
              </Button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
