import type { Factor, User } from "@ringback/contracts";
import { CheckCircle2, KeyRound, ShieldCheck, ShieldOff, Smartphone } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/sonner";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { useDisableTwoFactor, useStartTotpEnrolment } from "./api/two-factor";
import { AuthenticatorSetup, type PendingEnrolment } from "./authenticator-setup";
import { secretFromTotpUri, twoFactorErrorMessage } from "./totp";

/** Profile (b): an authenticator app (TOTP) as a second step after the SMS code. */
export function TwoFactorCard({ user }: { user: User }) {
  const enabled = user.factors.some((factor) => factor.status === "verified");
  const [enrolment, setEnrolment] = useState<PendingEnrolment | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Removing the app removes the list, its Remove button and the confirm with them: focus goes to
  // the card's heading rather than being lost (WCAG 2.4.3).
  const wasEnabled = useRef(enabled);
  useEffect(() => {
    if (wasEnabled.current && !enabled) headingRef.current?.focus();
    wasEnabled.current = enabled;
  }, [enabled]);

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 ref={headingRef} tabIndex={-1} className="text-lg outline-none">
              Two-factor authentication
            </h2>
          </CardTitle>
          <CardDescription>
            Ask for a code from an authenticator app, as well as the code we text you, every time
            you sign in.
          </CardDescription>
        </div>
        {enabled ? (
          <Badge variant="success" className="mt-1 text-success-strong sm:mt-0">
            <ShieldCheck aria-hidden="true" />
            Enabled
          </Badge>
        ) : (
          <Badge variant="muted" className="mt-1 sm:mt-0">
            <ShieldOff aria-hidden="true" />
            Not enabled
          </Badge>
        )}
      </CardHeader>
      <CardContent>
        {enabled ? (
          <FactorList factors={user.factors} />
        ) : enrolment ? (
          <SetupRegion
            enrolment={enrolment}
            onDone={() => setEnrolment(null)}
            onCancel={() => setEnrolment(null)}
          />
        ) : (
          <SetupIntro onStarted={setEnrolment} />
        )}
      </CardContent>
    </Card>
  );
}

function SetupIntro({ onStarted }: { onStarted: (enrolment: PendingEnrolment) => void }) {
  const start = useStartTotpEnrolment();
  const [preparing, setPreparing] = useState(false);

  const onStart = async () => {
    setPreparing(true);
    try {
      const answer = await start.mutateAsync();
      const secret = secretFromTotpUri(answer.totpURI);
      if (!secret) throw new Error("The server sent an invalid setup key. Please try again.");
      // Loaded on demand: only people setting up an authenticator need the QR encoder.
      const { toDataURL } = await import("qrcode");
      const qrCode = await toDataURL(answer.totpURI, {
        errorCorrectionLevel: "M",
        margin: 1,
        width: 352,
      });
      onStarted({ ...answer, secret, qrCode });
    } catch (error) {
      toast.error("Failed to set up two-factor authentication", {
        description: twoFactorErrorMessage(error, "Something went wrong. Please try again."),
      });
    } finally {
      setPreparing(false);
    }
  };

  return (
    <div className="flex flex-col gap-5 rounded-lg border border-dashed p-5 sm:flex-row sm:items-center">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <KeyRound className="size-5" aria-hidden="true" />
      </span>
      <div className="grid flex-1 gap-1">
        <p className="font-medium">Protect your account with an authenticator app</p>
        <p className="text-sm text-muted-foreground">
          Even if someone gets hold of a code sent to your phone, they can't sign in without your
          authenticator app. Setup takes about a minute.
        </p>
      </div>
      <Button onClick={() => void onStart()} disabled={preparing} className="sm:self-center">
        {preparing ? "Preparing..." : "Set up authenticator app"}
      </Button>
    </div>
  );
}

function SetupRegion(props: {
  enrolment: PendingEnrolment;
  onDone: () => void;
  onCancel: () => void;
}) {
  // Move focus to the new steps so keyboard and screen-reader users land on them.
  const region = useRef<HTMLElement>(null);
  useEffect(() => region.current?.focus(), []);
  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-label="Set up authenticator app"
      className="rounded-lg outline-none"
    >
      <AuthenticatorSetup {...props} />
    </section>
  );
}

function FactorList({ factors }: { factors: Factor[] }) {
  const [removing, setRemoving] = useState<Factor | null>(null);
  return (
    <>
      <div className="rounded-lg border">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead>Name</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {factors.map((factor) => (
              <TableRow key={factor.id}>
                <TableCell>
                  <span className="flex items-center gap-2 font-medium">
                    <Smartphone className="size-4 text-muted-foreground" aria-hidden="true" />
                    {factor.friendly_name}
                  </span>
                </TableCell>
                <TableCell className="text-muted-foreground">TOTP</TableCell>
                <TableCell>
                  {factor.status === "verified" ? (
                    <Badge variant="success" className="text-success-strong">
                      <CheckCircle2 aria-hidden="true" />
                      Verified
                    </Badge>
                  ) : (
                    <Badge variant="muted">Unverified</Badge>
                  )}
                </TableCell>
                <TableCell className="text-right">
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setRemoving(factor)}
                    aria-label={`Remove ${factor.friendly_name}`}
                  >
                    Remove
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <p className="mt-3 text-sm text-muted-foreground">
        Changing phones? Remove the app here, then set it up again on your new device.
      </p>
      <RemoveFactorDialog factor={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function RemoveFactorDialog({ factor, onClose }: { factor: Factor | null; onClose: () => void }) {
  const disable = useDisableTwoFactor();

  const onRemove = async () => {
    try {
      await disable.mutateAsync();
      toast.success("Two-factor authentication removed", {
        description: "You'll sign in with a code sent to your phone only.",
      });
      onClose();
    } catch (error) {
      toast.error("Failed to remove two-factor authentication", {
        description: twoFactorErrorMessage(error, "Something went wrong. Please try again."),
      });
    }
  };

  return (
    <ConfirmDialog
      open={factor !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Remove authenticator app?"
      description="You'll no longer be asked for a code from your authenticator app when you sign in, and your backup codes will stop working. Signing in will need only the code we text you. You can set up an authenticator app again at any time."
      confirmLabel="Remove"
      busyLabel="Removing..."
      busy={disable.isPending}
      onConfirm={() => void onRemove()}
    />
  );
}
