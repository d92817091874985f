import { DO_NOT_CALL_REASON_MAX } from "@ringback/contracts";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
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
import { toast } from "@/components/ui/sonner";
import { serverFieldErrors } from "@/lib/form-errors";
import { formatPhone } from "@/lib/phone-format";
import { useAddDoNotCall } from "./queries";

/**
 * "Add Number": a number in any format (the server reads it as E.164; without + it is a US
 * number) and why. Pending calls to it are canceled at once, which the toast says.
 */
export function AddNumberDialog({
  organizationId,
  open,
  onOpenChange,
}: {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [phoneNumber, setPhoneNumber] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ phoneNumber?: string; reason?: string }>({});
  const add = useAddDoNotCall(organizationId);
  const valid = phoneNumber.trim().length > 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || add.isPending) return;
    try {
      const result = await add.mutateAsync({ phoneNumber, reason: reason.trim() || undefined });
      const number = formatPhone(result.entry.phoneNumber) ?? result.entry.phoneNumber;
      if (result.added) {
        toast.success("Number added to the do-not-call list", {
          description:
            result.canceledAttempts > 0
              ? `${number}: ${result.canceledAttempts} pending ${result.canceledAttempts === 1 ? "call was" : "calls were"} canceled.`
              : `${number} will not be called.`,
        });
      } else {
        toast.info("That number is already on the list", { description: number });
      }
      setPhoneNumber("");
      setReason("");
      setErrors({});
      onOpenChange(false);
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : "Could not add the number.";
      const fields = serverFieldErrors(failure, ["phoneNumber", "reason"] as const);
      setErrors(fields.phoneNumber || fields.reason ? fields : { phoneNumber: message });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Add Number</DialogTitle>
            <DialogDescription>
              Ringback will not call this number for any of your assistants, and calls to it that
              are waiting are canceled.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="dnc-phone">Phone number</Label>
            <Input
              id="dnc-phone"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              value={phoneNumber}
              onChange={(e) => {
                setPhoneNumber(e.target.value);
                setErrors((current) => ({ ...current, phoneNumber: undefined }));
              }}
              placeholder="(415) 555-0123 or +44 20 7946 0958"
              maxLength={40}
              {...fieldA11y("dnc-phone", errors.phoneNumber ?? null)}
            />
            <FieldError fieldId="dnc-phone" error={errors.phoneNumber ?? null} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="dnc-reason">Reason</Label>
            <Input
              id="dnc-reason"
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setErrors((current) => ({ ...current, reason: undefined }));
              }}
              placeholder="Asked by email not to be called"
              maxLength={DO_NOT_CALL_REASON_MAX}
              {...fieldA11y("dnc-reason", errors.reason ?? null)}
            />
            <FieldError fieldId="dnc-reason" error={errors.reason ?? null} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!valid || add.isPending}>
              {add.isPending ? "Adding..." : "Add Number"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
