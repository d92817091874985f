import { TriangleAlert } from "lucide-react";
import { CopyButton } from "@/components/copy-button";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/**
 * An endpoint's signing secret, just created or rotated: shown this once, with Copy. Closing the
 * dialog drops it from the page; Ringback keeps it only encrypted and never shows it again.
 */
export function SecretDialog({
  secret,
  url,
  rotated,
  onClose,
}: {
  secret: string | null;
  url: string;
  rotated: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent
        className="sm:max-w-xl"
        // A click beside the dialog must not lose a secret that is never shown again.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>
            {rotated ? "Copy the new signing secret" : "Copy the signing secret"}
          </DialogTitle>
          <DialogDescription>
            {rotated
              ? "The old secret no longer signs deliveries to "
              : "Verify every delivery to "}
            <span className="wrap-anywhere">{url}</span>
            {rotated ? "." : " with it: it signs the webhook-signature header."}
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="webhook-secret">Signing secret</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id="webhook-secret"
              readOnly
              value={secret ?? ""}
              onFocus={(e) => e.currentTarget.select()}
              className="font-mono text-xs"
            />
            <CopyButton
              text={secret ?? ""}
              label="Copy secret"
              copiedMessage="Signing secret copied"
              size="default"
            />
          </div>
        </div>
        <p
          role="note"
          className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
          <span>
            Copy it now: it won't be shown again. If it is lost, rotate the secret and update your
            endpoint.
          </span>
        </p>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
