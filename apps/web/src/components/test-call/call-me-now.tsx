import { PhoneOutgoing } from "lucide-react";
import { type ComponentProps, lazy, Suspense, useRef } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { placeTestCall, useTestCallSession } from "./test-call-session";

const loadBody = () => import("./call-me-now-dialog");
const TestCallBody = lazy(loadBody);

/**
 * "Call me now": places a real call with the assistant's current settings to the
 * signed-in user's own verified phone, and shows it live in a dialog — calling, ringing, in
 * progress — then its result (status, duration, summary, transcript). For owners and admins
 * (calls:test); the caller decides where it is shown.
 */
export function CallMeNowButton({
  organizationId,
  assistantId,
  assistantName,
  className,
  size = "sm",
  variant = "outline",
}: {
  organizationId: string;
  assistantId: string;
  assistantName: string | null;
  className?: string;
  size?: ComponentProps<typeof Button>["size"];
  variant?: ComponentProps<typeof Button>["variant"];
}) {
  const { session, setOpen } = useTestCallSession(organizationId, assistantId);
  const button = useRef<HTMLButtonElement>(null);
  const place = () => {
    void loadBody().catch(() => undefined);
    void placeTestCall(organizationId, assistantId);
  };
  // The dialog's body comes when it is likely wanted: a pointer over the button or its focus.
  const prefetch = () => void loadBody().catch(() => undefined);
  return (
    <>
      <Button
        ref={button}
        type="button"
        size={size}
        variant={variant}
        className={className}
        disabled={session.phase === "placing"}
        onClick={place}
        onPointerEnter={prefetch}
        onFocus={prefetch}
      >
        <PhoneOutgoing aria-hidden="true" />
        Call me now
      </Button>
      <Dialog open={session.open} onOpenChange={setOpen}>
        {/* Focus goes back to this button, even when it was mounted again meanwhile. */}
        <DialogContent returnFocusTo={button}>
          <DialogHeader className="pr-8">
            <DialogTitle>Test call</DialogTitle>
            <DialogDescription>
              {assistantName?.trim() || "Your assistant"} calls your own phone with its current
              settings.
            </DialogDescription>
          </DialogHeader>
          <Suspense fallback={<Spinner className="py-6" />}>
            <TestCallBody
              organizationId={organizationId}
              assistantId={assistantId}
              session={session}
              onTryAgain={place}
            />
          </Suspense>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Close
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
