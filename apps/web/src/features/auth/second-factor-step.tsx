import { isCompleteCode } from "@ringback/contracts";
import { type FormEvent, useState } from "react";
import { CodeInput } from "@/components/code-input";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { verifyBackupCode, verifySecondFactor } from "@/lib/session";
import { AUTH_TOAST_ID, verificationErrorMessage } from "./auth-errors";

/**
 * After the SMS code, a user with an authenticator app enters its current code, or one of the
 * backup codes they saved when they set it up.
 */
export function SecondFactorStep({ onDone, onBack }: { onDone: () => void; onBack: () => void }) {
  const [mode, setMode] = useState<"app" | "backup">("app");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const ready = mode === "app" ? isCompleteCode(code) : code.trim().length >= 8;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      if (mode === "app") await verifySecondFactor(code);
      else await verifyBackupCode(code.trim());
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
      {mode === "app" ? (
        <CodeInput
          id="totp-code"
          label="Authenticator Code"
          value={code}
          onChange={setCode}
          autoFocus
          hint="Open your authenticator app and enter the 6-digit code for Ringback."
        />
      ) : (
        <div className="grid gap-2">
          <Label htmlFor="backup-code">Backup Code</Label>
          <Input
            id="backup-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            className="font-mono"
            aria-describedby="backup-code-hint"
          />
          <p id="backup-code-hint" className="text-sm text-muted-foreground">
            One of the codes you saved when you set up your authenticator app. Each works once.
          </p>
        </div>
      )}
      <Button type="submit" disabled={busy || !ready}>
        {busy ? "Verifying..." : "Verify"}
      </Button>
      <Button
        type="button"
        variant="link"
        onClick={() => {
          setMode(mode === "app" ? "backup" : "app");
          setCode("");
        }}
      >
        {mode === "app" ? "Use a backup code instead" : "Use my authenticator app"}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Back to Phone Entry
      </Button>
    </form>
  );
}
