import { isCompleteCode } from "@ringback/contracts";
import { type FormEvent, useState } from "react";
import { CodeInput } from "@/components/code-input";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { verifySecondFactor } from "@/lib/session";
import { AUTH_TOAST_ID, verificationErrorMessage } from "./auth-errors";

/** After the SMS code, a user with an authenticator app enters its current code. */
export function SecondFactorStep({ onDone, onBack }: { onDone: () => void; onBack: () => void }) {
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await verifySecondFactor(code);
      onDone();
    } catch (error) {
      toast.error("Verification failed", {
        id: AUTH_TOAST_ID,
        description: verificationErrorMessage(error),
      });
      setCode("");
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="grid gap-4">
      <CodeInput
        id="totp-code"
        label="Authenticator Code"
        value={code}
        onChange={setCode}
        autoFocus
        hint="Open your authenticator app and enter the 6-digit code for Ringback."
      />
      <Button type="submit" disabled={busy || !isCompleteCode(code)}>
        {busy ? "Verifying..." : "Verify"}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Back to Phone Entry
      </Button>
    </form>
  );
}
