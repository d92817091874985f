import { OneTimeSecret } from "@/components/one-time-secret";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

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
        <OneTimeSecret
          id="webhook-secret"
          label="Signing secret"
          value={secret ?? ""}
          copyLabel="Copy secret"
          copiedMessage="Signing secret copied"
          warning="Copy it now: it won't be shown again. If it is lost, rotate the secret and update your endpoint."
        />
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
