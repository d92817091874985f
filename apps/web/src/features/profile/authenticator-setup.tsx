import { isCompleteCode } from "@ringback/contracts";
import { Download, TriangleAlert } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { CodeInput } from "@/components/code-input";
import { CopyButton } from "@/components/copy-button";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { type TotpEnrolment, useConfirmTotpEnrolment } from "./api/two-factor";
import { formatSecret, twoFactorErrorMessage } from "./totp";

export interface PendingEnrolment extends TotpEnrolment {
  secret: string;
  /** The otpauth URI drawn as a PNG data: URL (the CSP allows data: images). */
  qrCode: string;
}

function downloadBackupCodes(codes: string[]): void {
  const text = [
    "Ringback backup codes",
    "Each code can be used once if you cannot use your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "ringback-backup-codes.txt";
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <li className="grid grid-cols-[2rem_1fr] gap-x-3 gap-y-3">
      <span
        aria-hidden="true"
        className="flex size-7 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
      >
        {number}
      </span>
      <h3 className="self-center font-medium">
        <span className="sr-only">Step {number}: </span>
        {title}
      </h3>
      <div className="col-start-2 grid gap-3">{children}</div>
    </li>
  );
}

/** Scan the code (or type the key), keep the backup codes, prove it works with one code. */
export function AuthenticatorSetup({
  enrolment,
  onDone,
  onCancel,
}: {
  enrolment: PendingEnrolment;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState("");
  const confirm = useConfirmTotpEnrolment();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteCode(code) || confirm.isPending) return;
    try {
      await confirm.mutateAsync(code);
      toast.success("Two-factor authentication enabled", {
        description: "You'll be asked for a code from your authenticator app when you sign in.",
      });
      onDone();
    } catch (error) {
      toast.error("Verification failed", {
        description: twoFactorErrorMessage(error, "Invalid verification code"),
      });
      setCode("");
    }
  };

  return (
    <ol className="grid gap-8">
      <Step number={1} title="Scan the QR code">
        <p className="text-sm text-muted-foreground">
          Open an authenticator app such as Google Authenticator, Microsoft Authenticator, 1Password
          or Authy, add an account and scan this code.
        </p>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <img
            src={enrolment.qrCode}
            alt="QR code to add Ringback to your authenticator app"
            width={176}
            height={176}
            className="size-44 shrink-0 rounded-lg border bg-white p-2"
          />
          <div className="grid min-w-0 gap-2">
            <p className="text-sm font-medium">Can't scan it? Enter this setup key instead:</p>
            <code className="block rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all select-all">
              {formatSecret(enrolment.secret)}
            </code>
            <p className="text-xs text-muted-foreground">Time-based, 6 digits, every 30 seconds.</p>
            <div>
              <CopyButton
                text={enrolment.secret}
                label="Copy key"
                copiedMessage="Setup key copied"
              />
            </div>
          </div>
        </div>
      </Step>

      <Step number={2} title="Save your backup codes">
        <p className="text-sm text-muted-foreground">
          If you lose the device with your authenticator app, each of these codes can be used once
          instead of an app code. They are shown only now.
        </p>
        <ul
          aria-label="Backup codes"
          className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-lg border bg-muted px-4 py-3 font-mono text-sm sm:grid-cols-3"
        >
          {enrolment.backupCodes.map((backupCode) => (
            <li key={backupCode}>{backupCode}</li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <CopyButton
            text={enrolment.backupCodes.join("\n")}
            label="Copy codes"
            copiedMessage="Backup codes copied"
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => downloadBackupCodes(enrolment.backupCodes)}
          >
            <Download aria-hidden="true" />
            Download
          </Button>
        </div>
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <TriangleAlert
            className="mt-0.5 size-4 shrink-0 text-warning-strong"
            aria-hidden="true"
          />
          Store them somewhere safe, like a password manager. Anyone with a code can use it once.
        </p>
      </Step>

      <Step number={3} title="Enter the code from the app">
        <form onSubmit={onSubmit} className="grid max-w-xs gap-4">
          <CodeInput
            id="totp-setup-code"
            label="Authentication Code"
            value={code}
            onChange={setCode}
            hint="The 6-digit code your authenticator app shows for Ringback."
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={confirm.isPending || !isCompleteCode(code)}>
              {confirm.isPending ? "Verifying..." : "Verify & Enable"}
            </Button>
            <Button type="button" variant="ghost" onClick={onCancel} disabled={confirm.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      </Step>
    </ol>
  );
}
