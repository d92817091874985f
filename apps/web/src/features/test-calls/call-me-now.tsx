import type { TestCallState } from "@ringback/contracts";
import { AlertTriangle, Check, Loader2, PhoneOutgoing, RotateCw } from "lucide-react";
import { type ComponentProps, useId, useRef } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useUser } from "@/lib/session";
import { cn } from "@/lib/utils";
import { formatClock, formatPhone, STATUS_LABELS, statusTone } from "../call-records/format";
import { useTestCall } from "./queries";
import {
  liveHeading,
  type Refusal,
  refusalOf,
  resultHeading,
  stepOf,
  TEST_CALL_STEPS,
  wasAnswered,
} from "./test-call-progress";
import { placeTestCall, useTestCallSession } from "./test-call-session";

/**
 * Issue 15 §5, "Call me now": places a real call with the assistant's current settings to the
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
  const place = () => void placeTestCall(organizationId, assistantId);
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
          {session.phase === "refused" ? (
            <RefusedCall refusal={refusalOf(session.error)} onTryAgain={place} />
          ) : session.phase === "placed" ? (
            <LiveCall
              organizationId={organizationId}
              assistantId={assistantId}
              callRecordId={session.started.callRecordId}
              phoneNumber={session.started.phoneNumber}
              simulated={session.started.simulated}
            />
          ) : (
            <Placing />
          )}
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

/** The caller's own number as people read it (null when the session has none). */
function useOwnPhone(): string | null {
  return formatPhone(useUser()?.phone);
}

function Placing() {
  const phone = useOwnPhone();
  return (
    <div className="flex flex-col gap-4">
      <Steps current={0} />
      <Heading busy>{liveHeading("queued", phone)}</Heading>
    </div>
  );
}

function RefusedCall({ refusal, onTryAgain }: { refusal: Refusal; onTryAgain: () => void }) {
  // Worth another click only when nothing in the settings needs to change first.
  const retryable = refusal.reason === "other";
  return (
    <div
      role="alert"
      data-test-call-refusal={refusal.reason}
      className="flex flex-col gap-3 rounded-lg border border-destructive/30 bg-destructive/5 p-4"
    >
      <p className="flex items-center gap-2 font-medium">
        <AlertTriangle className="size-4 shrink-0 text-destructive" aria-hidden="true" />
        {refusal.title}
      </p>
      <p className="text-sm break-words text-muted-foreground">{refusal.message}</p>
      {retryable ? (
        <Button type="button" variant="outline" size="sm" className="w-fit" onClick={onTryAgain}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      ) : null}
    </div>
  );
}

function LiveCall({
  organizationId,
  assistantId,
  callRecordId,
  phoneNumber,
  simulated,
}: {
  organizationId: string;
  assistantId: string;
  callRecordId: string;
  phoneNumber: string;
  simulated: boolean;
}) {
  const call = useTestCall(organizationId, assistantId, callRecordId);
  const state = call.data ?? null;
  const phone = formatPhone(phoneNumber);
  return (
    <div className="flex flex-col gap-4" data-test-call={callRecordId}>
      <Steps
        current={stepOf(state)}
        failed={state?.final ? !wasAnswered(state.status) : false}
        paused={call.isError}
      />
      {(state?.simulated ?? simulated) ? (
        <p className="text-xs text-muted-foreground">
          <Badge variant="secondary" className="mr-1.5">
            Simulated
          </Badge>
          The call simulator plays this call: no real phone rings.
        </p>
      ) : null}
      {state?.final ? (
        <CallResult call={state} />
      ) : (
        <>
          {/* Not busy while the dialog has lost touch with the call: it does not know. */}
          <Heading busy={!call.isError}>{liveHeading(state?.livePhase ?? null, phone)}</Heading>
          <p className="text-sm text-muted-foreground">
            {state?.livePhase === "in-progress"
              ? "The transcript and summary show here when the call ends."
              : "Answer your phone: the assistant speaks first."}{" "}
            Closing this does not end the call.
          </p>
        </>
      )}
      {call.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 px-3 py-2 text-sm"
        >
          <p className="min-w-0 break-words">
            <span className="font-medium">Lost touch with the call.</span>{" "}
            <span className="text-muted-foreground">{call.error.message}</span>
          </p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => void call.refetch()}
            disabled={call.isFetching}
          >
            {call.isFetching ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <RotateCw aria-hidden="true" />
            )}
            Retry
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function CallResult({ call }: { call: TestCallState }) {
  const lines = call.transcript;
  const summaryId = useId();
  const conversationId = useId();
  return (
    <div className="flex flex-col gap-4">
      <Heading>{resultHeading(call.status)}</Heading>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant={statusTone(call.status)}>{STATUS_LABELS[call.status]}</Badge>
        <span className="text-muted-foreground">
          Duration{" "}
          <span className="text-foreground tabular-nums">{formatClock(call.durationSeconds)}</span>
        </span>
      </div>
      {call.errorMessage ? (
        <p className="text-sm break-words text-destructive">{call.errorMessage}</p>
      ) : null}
      <section aria-labelledby={summaryId} className="flex flex-col gap-1.5">
        <h3 id={summaryId} className="text-sm font-semibold">
          Summary
        </h3>
        <p className="text-sm leading-relaxed break-words text-muted-foreground">
          {call.summary || "No summary for this call."}
        </p>
      </section>
      <section aria-labelledby={conversationId} className="flex flex-col gap-1.5">
        <h3 id={conversationId} className="text-sm font-semibold">
          Transcript
        </h3>
        {lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">No transcript for this call.</p>
        ) : (
          // Scrolls on its own, so that Close stays in view: reachable by keyboard to scroll it.
          <ol
            aria-label="Transcript"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1).
            tabIndex={0}
            className="flex max-h-64 flex-col gap-2 overflow-y-auto rounded-lg border bg-muted/30 p-3 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-hidden"
          >
            {lines.map((line, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a transcript's lines never reorder.
                key={index}
                data-from={line.from}
                className={cn(
                  "max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words",
                  line.from === "assistant"
                    ? "self-end rounded-br-sm bg-primary text-primary-foreground"
                    : "self-start rounded-bl-sm bg-background text-foreground",
                )}
              >
                <span className="sr-only">
                  {line.from === "assistant" ? "Assistant: " : "You: "}
                </span>
                {line.text}
              </li>
            ))}
          </ol>
        )}
      </section>
      <Link
        to="/admin/call-records"
        className="w-fit text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        View in Call Records
      </Link>
    </div>
  );
}

/** What is happening now, read out as it changes. */
function Heading({ children, busy = false }: { children: string; busy?: boolean }) {
  return (
    <p
      role="status"
      aria-live="polite"
      className="flex items-center gap-2 text-lg font-semibold break-words"
      data-test-call-heading
    >
      {busy ? (
        <Loader2
          className="size-5 shrink-0 animate-spin text-muted-foreground"
          aria-hidden="true"
        />
      ) : null}
      {children}
    </p>
  );
}

/** Calling → Ringing → In progress → Ended, the current one marked. */
function Steps({
  current,
  failed = false,
  paused = false,
}: {
  current: number;
  failed?: boolean;
  /** The dialog lost touch with the call: the current step stops pulsing. */
  paused?: boolean;
}) {
  return (
    <ol aria-label="Call progress" className="grid grid-cols-4 gap-1.5">
      {TEST_CALL_STEPS.map((label, index) => {
        const done = index < current || (index === current && index === TEST_CALL_STEPS.length - 1);
        const here = index === current;
        return (
          <li
            key={label}
            aria-current={here ? "step" : undefined}
            className="flex min-w-0 flex-col gap-1.5"
          >
            <span
              className={cn(
                "h-1.5 rounded-full",
                done
                  ? failed && index === TEST_CALL_STEPS.length - 1
                    ? "bg-muted-foreground"
                    : "bg-primary"
                  : here
                    ? cn("bg-primary/50", paused ? null : "animate-pulse")
                    : "bg-muted",
              )}
            />
            <span
              className={cn(
                "flex items-start gap-1 text-xs leading-tight",
                here ? "font-medium text-foreground" : "text-muted-foreground",
              )}
            >
              {index < current ? (
                <Check className="mt-px hidden size-3 shrink-0 sm:block" aria-hidden="true" />
              ) : null}
              {label}
              {index < current ? <span className="sr-only">, done</span> : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
