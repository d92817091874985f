import { endedReasonLabels, type TestCallState } from "@ringback/contracts";
import { AlertTriangle, Check, Loader2, RotateCw } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatClock } from "@/lib/call-format";
import { formatPhone } from "@/lib/phone-format";
import { useUser } from "@/lib/session";
import { cn } from "@/lib/utils";
import { StatusBadge } from "../status-badge";
import { useTestCall } from "./queries";
import {
  hasEnded,
  liveHeading,
  outcomeRows,
  type Refusal,
  refusalOf,
  resultHeading,
  stepOf,
  TEST_CALL_STEPS,
  wasConnected,
} from "./test-call-progress";
import type { TestCallSession } from "./test-call-session";

/**
 * The "Call me now" dialog's body: placing, refused, live, the result. Loaded when
 * the dialog is first wanted (call-me-now.tsx), so the dashboard's cards do not carry it, nor the
 * phone formatting it uses.
 */
export default function TestCallBody({
  organizationId,
  assistantId,
  session,
  onTryAgain,
}: {
  organizationId: string;
  assistantId: string;
  session: TestCallSession;
  onTryAgain: () => void;
}) {
  if (session.phase === "refused") {
    return <RefusedCall refusal={refusalOf(session.error)} onTryAgain={onTryAgain} />;
  }
  if (session.phase === "placed") {
    return (
      <LiveCall
        organizationId={organizationId}
        assistantId={assistantId}
        callRecordId={session.started.callRecordId}
        phoneNumber={session.started.phoneNumber}
        simulated={session.started.simulated}
      />
    );
  }
  return <Placing />;
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
      <Heading busy>{liveHeading("dialling", phone)}</Heading>
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
  const ended = hasEnded(state);
  const phone = formatPhone(phoneNumber);
  return (
    <div className="flex flex-col gap-4" data-test-call={callRecordId}>
      <Steps
        current={stepOf(state)}
        failed={state && ended ? !wasConnected(state.status) : false}
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
      {state && ended ? (
        <CallResult call={state} />
      ) : (
        <>
          {/* Not busy while the dialog has lost touch with the call: it does not know. */}
          <Heading busy={!call.isError}>{liveHeading(state?.status ?? null, phone)}</Heading>
          <p className="text-sm text-muted-foreground">
            {state?.status === "in-progress"
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
  const outcomesId = useId();
  const conversationId = useId();
  const outcomes = outcomeRows(call.outcomes);
  return (
    <div className="flex flex-col gap-4">
      <Heading>{resultHeading(call.status, call.endedReason)}</Heading>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge status={call.status} endedReason={call.endedReason} />
        <span className="text-muted-foreground">
          Duration{" "}
          <span className="text-foreground tabular-nums">{formatClock(call.durationSeconds)}</span>
        </span>
      </div>
      {/* The server's own words, unless they only repeat the reason beside the status. */}
      {call.errorMessage &&
      call.errorMessage !== (call.endedReason ? endedReasonLabels[call.endedReason] : null) ? (
        <p className="text-sm break-words text-destructive">{call.errorMessage}</p>
      ) : null}
      <section aria-labelledby={summaryId} className="flex flex-col gap-1.5">
        <h3 id={summaryId} className="text-sm font-semibold">
          Summary
        </h3>
        <p className="text-sm leading-relaxed break-words text-muted-foreground">
          {call.summary ||
            (call.final ? "No summary for this call." : "The summary is on its way…")}
        </p>
      </section>
      {outcomes.length > 0 ? (
        <section aria-labelledby={outcomesId} className="flex flex-col gap-1.5">
          <h3 id={outcomesId} className="text-sm font-semibold">
            Outcomes
          </h3>
          {/* The label column takes at most 60% of a phone's width; both wrap long words. */}
          <dl className="grid grid-cols-[fit-content(60%)_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            {outcomes.map((row) => (
              <div key={row.key} className="contents" data-outcome={row.key}>
                <dt className="break-words text-muted-foreground">{row.label}</dt>
                <dd
                  className={cn(
                    "min-w-0 break-words",
                    row.known ? "font-medium" : "text-muted-foreground",
                  )}
                >
                  {row.value}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <section aria-labelledby={conversationId} className="flex flex-col gap-1.5">
        <h3 id={conversationId} className="text-sm font-semibold">
          Transcript
        </h3>
        {lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {call.final ? "No transcript for this call." : "The transcript is on its way…"}
          </p>
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
