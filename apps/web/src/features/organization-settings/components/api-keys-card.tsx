import {
  API_KEY_NAME_MAX,
  type ApiKeyItem,
  type CreatedApiKey,
  createApiKeySchema,
  type Organization,
} from "@ringback/contracts";
import { KeyRound, Plus } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { OneTimeSecret } from "@/components/one-time-secret";
import { TableSkeleton } from "@/components/table-skeleton";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldError, fieldA11y } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadError } from "@/components/ui/load-error";
import { toast } from "@/components/ui/sonner";
import { formatCallDate } from "@/lib/call-format";
import { serverFieldErrors } from "@/lib/form-errors";
import { loadState } from "@/lib/load-state";
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from "../api/api-keys";
import { formatDateSent } from "../team";

const NAME_FIELD = "api-key-name";

/**
 * The organization's API keys for the read API (/api/v1) — owners and admins create them (the
 * key is shown once), see when each was last used, and revoke them. The API Keys page shows the
 * card only to them; the API says the same.
 */
export function ApiKeysCard({ organization }: { organization: Organization }) {
  const keys = useApiKeys(organization.id);
  const revoke = useRevokeApiKey(organization.id);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeyItem | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const state = loadState(keys);
  const list = keys.data;

  const onRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success("API key revoked", {
        description: `${revoking.name} can no longer read ${organization.name}'s calls.`,
      });
      setRevoking(null);
    } catch (error) {
      toast.error("Failed to revoke the API key", {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 ref={heading} tabIndex={-1} className="text-lg outline-none">
              Your API Keys
            </h2>
          </CardTitle>
          <CardDescription>
            Each key reads {organization.name} only. The keys an admin made are revoked when they
            leave the team or become a member.
          </CardDescription>
        </div>
        <Button className="mt-3 self-start sm:mt-0" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          Create API key
        </Button>
      </CardHeader>
      <CardContent>
        {state === "loading" ? (
          <TableSkeleton label="Loading API keys" columns={3} rows={2} />
        ) : state === "failed" || !list ? (
          <LoadError
            title="Couldn't load the API keys."
            message={keys.error?.message}
            onRetry={() => void keys.refetch()}
            retrying={keys.isFetching}
          />
        ) : (
          <>
            {state === "stale" ? (
              <LoadError
                variant="inline"
                title="Couldn't load the API keys."
                onRetry={() => void keys.refetch()}
                retrying={keys.isFetching}
                className="mb-4"
              />
            ) : null}
            {list.length === 0 ? (
              <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
                <KeyRound className="size-6 text-muted-foreground" aria-hidden="true" />
                <p className="font-medium">No API keys yet</p>
                <p className="max-w-sm text-sm text-muted-foreground">
                  Create one for each system that reads your calls, so you can revoke one without
                  stopping the others.
                </p>
              </div>
            ) : (
              <ul className="divide-y rounded-md border" aria-label="API keys">
                {list.map((key) => (
                  <ApiKeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
                ))}
              </ul>
            )}
          </>
        )}
      </CardContent>
      <CreateApiKeyDialog
        organizationId={organization.id}
        open={creating}
        onOpenChange={setCreating}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke this API key?"
        description={
          revoking ? (
            <>
              Anything using <span className="font-medium text-foreground">{revoking.name}</span> (
              <span className="font-mono">{revoking.prefix}…</span>) is refused from now on. This
              cannot be undone.
            </>
          ) : null
        }
        confirmLabel="Revoke"
        busyLabel="Revoking..."
        busy={revoke.isPending}
        onConfirm={() => void onRevoke()}
        returnFocusTo={heading}
      />
    </Card>
  );
}

function ApiKeyRow({ apiKey, onRevoke }: { apiKey: ApiKeyItem; onRevoke: () => void }) {
  const revoked = apiKey.revokedAt !== null;
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className={revoked ? "font-medium text-muted-foreground" : "font-medium"}>
            {apiKey.name}
          </span>
          {revoked ? (
            <Badge variant="muted">Revoked</Badge>
          ) : (
            <Badge variant="success">Active</Badge>
          )}
        </div>
        <code className="w-fit rounded bg-muted px-1.5 py-0.5 font-mono text-xs">
          {apiKey.prefix}…
        </code>
        <p className="text-xs text-muted-foreground">
          Created <time dateTime={apiKey.createdAt}>{formatDateSent(apiKey.createdAt)}</time>
          {apiKey.createdBy ? ` by ${apiKey.createdBy}` : ""}
          {" · "}
          {apiKey.lastUsedAt ? (
            <>
              Last used{" "}
              <time dateTime={apiKey.lastUsedAt}>{formatCallDate(apiKey.lastUsedAt)}</time>
            </>
          ) : (
            "Never used"
          )}
          {apiKey.revokedAt ? (
            <>
              {" · "}Revoked{" "}
              <time dateTime={apiKey.revokedAt}>{formatDateSent(apiKey.revokedAt)}</time>
            </>
          ) : null}
        </p>
      </div>
      {revoked ? null : (
        <Button variant="outline" size="sm" onClick={onRevoke} aria-label={`Revoke ${apiKey.name}`}>
          Revoke
        </Button>
      )}
    </li>
  );
}

/** Name the key, then see it once, with Copy and the warning that it will not be shown again. */
function CreateApiKeyDialog({
  organizationId,
  open,
  onOpenChange,
}: {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateApiKey(organizationId);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  const close = (next: boolean) => {
    if (next || create.isPending) return;
    onOpenChange(false);
    // The key leaves memory with the dialog: it is never shown again.
    setCreated(null);
    setName("");
    setError(null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const parsed = createApiKeySchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Give the key a name.");
      document.getElementById(NAME_FIELD)?.focus();
      return;
    }
    try {
      setCreated(await create.mutateAsync(parsed.data.name));
      setError(null);
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : "Could not create the key.";
      setError(serverFieldErrors(failure, ["name"]).name ?? message);
      toast.error("Failed to create the API key", { description: message });
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="sm:max-w-xl"
        onInteractOutside={(event) => {
          // A click beside the dialog must not lose a key that is never shown again.
          if (created) event.preventDefault();
        }}
      >
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>Copy your new API key</DialogTitle>
              <DialogDescription>
                {created.apiKey.name}: send it as <code>Authorization: Bearer …</code> to{" "}
                <code>/api/v1</code>.
              </DialogDescription>
            </DialogHeader>
            <OneTimeSecret
              id="new-api-key"
              label="Your new API key"
              value={created.key}
              copyLabel="Copy key"
              copiedMessage="API key copied"
              warning="Copy it now and keep it somewhere safe: it won't be shown again. Anyone with it can read your calls until you revoke it."
            />
            <DialogFooter>
              <Button type="button" onClick={() => close(false)}>
                Done
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Create API key</DialogTitle>
              <DialogDescription>
                Name it after the system that will use it, so you know which one to revoke.
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={NAME_FIELD}>Name</Label>
              <Input
                id={NAME_FIELD}
                value={name}
                maxLength={API_KEY_NAME_MAX}
                placeholder="CRM sync"
                autoComplete="off"
                onChange={(e) => {
                  setName(e.target.value);
                  setError(null);
                }}
                {...fieldA11y(NAME_FIELD, error)}
              />
              <FieldError fieldId={NAME_FIELD} error={error} />
            </div>
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                onClick={() => close(false)}
                disabled={create.isPending}
              >
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? "Creating..." : "Create key"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
