import {
  type CallRecordDetails,
  formatOutcomeValue,
  type LeadOutcome,
  leadOutcomeDescriptions,
} from "@ringback/contracts";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { LeadOutcomeBadge, StatusBadge } from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiRequestError } from "@/lib/api-client";
import { formatAnswer, formatCallDate, formatClock, formatDuration } from "@/lib/call-format";
import { useCurrentOrganization, useOrganizationOfRecord } from "@/lib/organizations";
import { cn } from "@/lib/utils";
import { CallActions } from "./call-actions";
import { PlaybackControls, RecordingProgress } from "./playback-controls";
import { useCallRecord } from "./queries";
import { useRecordingPlayer, useRecordingProgress } from "./recording-player";
import { lineAt, parseTranscript } from "./transcript";

/**
 * Call Details, in the order people read it: the summary, the player over the timed
 * conversation, what the call found out (Outcomes), the person behind the call and their
 * answers, and the consent evidence folded away. The header says what the lead's calls came to
 * (its lead outcome, docs/decisions/0025-call-statuses.md), the body how this attempt ended and
 * why. Closing it puts focus back on the control that opened it (WCAG 2.4.3).
 */
export function CallDetailsSheet({
  organizationId,
  callRecordId,
  leadOutcome = null,
  returnFocusTo,
  onClose,
  neighbours = null,
}: {
  organizationId: string;
  callRecordId: string | null;
  /** The outcome of the lead this attempt belongs to, as the list gives it (null: not known). */
  leadOutcome?: LeadOutcome | null;
  /** The control that opened the sheet; focus goes back to it on close. */
  returnFocusTo: HTMLElement | null;
  onClose: () => void;
  /** Moves to the record before or after this one in the list (null: none there). */
  neighbours?: { previous: (() => void) | null; next: (() => void) | null } | null;
}) {
  const details = useCallRecord(organizationId, callRecordId);
  // A call of another of the user's organizations (its address copied from the browser) opens
  // there: the app switches, and the call loads in that organization.
  const elsewhere = useOrganizationOfRecord(
    "call-record",
    callRecordId,
    details.error instanceof ApiRequestError && details.error.status === 404,
  );
  const call = details.data;
  const lines = call ? parseTranscript(call.transcript) : [];
  // The list's word when it has one (kept live), else the details' own.
  const outcome = leadOutcome ?? call?.leadOutcome ?? null;
  // The parent forgets what was open as soon as it closes; the focus goes back after that.
  const opened = useRef<{ id: string; opener: HTMLElement | null } | null>(null);
  useEffect(() => {
    if (callRecordId) opened.current = { id: callRecordId, opener: returnFocusTo };
  }, [callRecordId, returnFocusTo]);
  const restoreFocus = (event: Event) => {
    const last = opened.current;
    if (!last) return;
    event.preventDefault();
    // The opener, or (when a live update re-rendered its row) the same control now.
    const target = last.opener?.isConnected
      ? last.opener
      : document.querySelector<HTMLElement>(`[data-details-opener="${CSS.escape(last.id)}"]`);
    target?.focus();
  };
  return (
    <Sheet open={callRecordId !== null} onOpenChange={(open) => (open ? null : onClose())}>
      {/* The whole width of a phone; the header (with Close) stays, the rest scrolls. */}
      <SheetContent className="w-full gap-0 sm:max-w-lg" onCloseAutoFocus={restoreFocus}>
        <SheetHeader className="border-b pr-12">
          <SheetTitle className="text-lg">Call Details</SheetTitle>
          <SheetDescription>
            {call
              ? `${call.respondent.name ?? "Unknown respondent"} · ${call.formTitle ?? "Unknown form"} · attempt ${call.callAttempt}`
              : "Loading the call…"}
          </SheetDescription>
          {neighbours ? (
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={!neighbours.previous}
                onClick={() => neighbours.previous?.()}
              >
                <ChevronLeft aria-hidden="true" />
                Previous record
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!neighbours.next}
                onClick={() => neighbours.next?.()}
              >
                Next record
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          ) : null}
          {outcome ? (
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1" data-sheet-lead-outcome>
              <LeadOutcomeBadge outcome={outcome} />
              <span className="text-xs text-muted-foreground">
                {leadOutcomeDescriptions[outcome]}
              </span>
            </div>
          ) : null}
        </SheetHeader>
        <div className="min-h-0 flex-1 overflow-y-auto pt-4" data-sheet-body>
          {details.isLoading || elsewhere === "looking" ? (
            <div className="flex flex-col gap-3 px-4" role="status" aria-label="Loading the call">
              <Skeleton className="h-10" />
              <Skeleton className="h-24" />
              <Skeleton className="h-40" />
            </div>
          ) : details.error || !call ? (
            <p className="px-4 text-sm text-destructive">
              {details.error?.message ?? "This call could not be loaded."}
            </p>
          ) : (
            <CallDetailsBody call={call} lines={lines} organizationId={organizationId} />
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}

/**
 * What the person agreed to, as stored with their submission: the question as shown
 * and their answer, the form and the response, the number as typed and as read. Said plainly when
 * the submission came before Ringback kept it.
 */
function ConsentEvidenceList({ evidence }: { evidence: CallRecordDetails["consentEvidence"] }) {
  if (!evidence) {
    return (
      <p className="text-sm text-muted-foreground">
        No consent record: this submission was received before Ringback kept one.
      </p>
    );
  }
  const when = (iso: string | null) => (iso ? formatCallDate(iso) : "Not recorded");
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm" data-consent-evidence>
      <dt className="text-muted-foreground">Question</dt>
      <dd className="break-words">
        {evidence.question.title}
        {evidence.question.description ? (
          <span className="block text-muted-foreground">{evidence.question.description}</span>
        ) : null}
      </dd>
      <dt className="text-muted-foreground">Answer</dt>
      <dd className="font-medium break-words">{evidence.answer}</dd>
      <dt className="text-muted-foreground">Number</dt>
      <dd className="break-words tabular-nums">
        {evidence.phone.typed ?? "Not given"}
        {evidence.phone.normalized && evidence.phone.normalized !== evidence.phone.typed
          ? ` → ${evidence.phone.normalized}`
          : null}
      </dd>
      <dt className="text-muted-foreground">Submitted</dt>
      <dd>{when(evidence.response.submittedAt)}</dd>
      <dt className="text-muted-foreground">Form opened</dt>
      <dd>{when(evidence.response.landedAt)}</dd>
      <dt className="text-muted-foreground">Response</dt>
      <dd className="break-all font-mono text-xs">{evidence.response.id}</dd>
      <dt className="text-muted-foreground">Form</dt>
      <dd className="break-words">
        <span className="font-mono text-xs">{evidence.form.id}</span>
        {evidence.form.lastUpdatedAt
          ? ` · last updated ${formatCallDate(evidence.form.lastUpdatedAt)}`
          : null}
      </dd>
      <dt className="text-muted-foreground">Recorded</dt>
      <dd>{formatCallDate(evidence.recordedAt)}</dd>
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

function CallDetailsBody({
  call,
  lines,
  organizationId,
}: {
  call: CallRecordDetails;
  lines: ReturnType<typeof parseTranscript>;
  organizationId: string;
}) {
  const { role } = useCurrentOrganization();
  const label = `attempt ${call.callAttempt}`;
  const phone = call.respondent.phoneDisplay;
  const visible = call.answers.filter((a) => a.type !== "hidden");
  const hidden = call.answers.filter((a) => a.type === "hidden");
  return (
    <div className="flex flex-col gap-6 px-4 pb-6">
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge
          status={call.status}
          endedReason={call.endedReason}
          scheduledFor={call.scheduledFor}
        />
        {/* A "Call me now" test call; a call the simulator played (no phone rang). */}
        {call.isTest ? <Badge variant="secondary">Test call</Badge> : null}
        {call.simulated ? (
          <Badge variant="outline" title="Played by the call simulator: no real phone was called">
            Simulated
          </Badge>
        ) : null}
        <span className="text-sm text-muted-foreground">
          {formatCallDate(call.createdAt)} · {formatDuration(call.duration)}
        </span>
      </div>

      <CallActions organizationId={organizationId} role={role} call={call} />

      {/* What people read first: what the call was about. */}
      <Section title="Summary">
        <p className="text-sm leading-relaxed">
          {call.summary || (
            <span className="text-muted-foreground">No summary available for this call.</span>
          )}
        </p>
      </Section>

      {/* The player stays in view while the conversation scrolls under it. */}
      <div
        className="sticky top-0 z-10 -mx-4 flex flex-col gap-2 border-b bg-background/95 px-4 py-3 backdrop-blur"
        data-sheet-player
      >
        <PlaybackControls callRecordId={call.id} hasRecording={call.hasRecording} label={label} />
        {call.hasRecording ? (
          <RecordingProgress callRecordId={call.id} label={label} knownDuration={call.duration} />
        ) : null}
      </div>

      <Section title="Conversation">
        {lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">No transcript available for this call.</p>
        ) : (
          <Conversation call={call} lines={lines} />
        )}
      </Section>

      {call.outcomes.length > 0 ? (
        <Section title="Outcomes">
          <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            {call.outcomes.map((outcome) => (
              <div key={outcome.key} className="contents" data-outcome={outcome.key}>
                <dt className="break-words text-muted-foreground">{outcome.label}</dt>
                <dd className="break-words font-medium">
                  {outcome.value === null ? (
                    <span className="font-normal text-muted-foreground">Not known</span>
                  ) : (
                    formatOutcomeValue(outcome.value)
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </Section>
      ) : null}

      <Section title="Respondent">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-muted-foreground">Name</dt>
          <dd className="break-words">{call.respondent.name?.trim() || "Not given"}</dd>
          <dt className="text-muted-foreground">Phone</dt>
          <dd>
            {call.respondent.phone ? (
              <a
                className="text-primary tabular-nums underline-offset-4 hover:underline"
                href={`tel:${call.respondent.phone}`}
              >
                {phone}
              </a>
            ) : (
              "Not given"
            )}
          </dd>
          <dt className="text-muted-foreground">Email</dt>
          <dd className="break-all">
            {call.respondent.email ? (
              <a
                className="text-primary underline-offset-4 hover:underline"
                href={`mailto:${call.respondent.email}`}
              >
                {call.respondent.email}
              </a>
            ) : (
              "Not given"
            )}
          </dd>
          {call.consent ? (
            <>
              <dt className="text-muted-foreground">Consent</dt>
              <dd data-consent>
                <span className="text-muted-foreground">{call.consent.question}</span>{" "}
                <span className="font-medium">{formatAnswer(call.consent.value)}</span>
              </dd>
            </>
          ) : null}
        </dl>
      </Section>

      <Section title="Answers">
        {call.answers.length === 0 ? (
          <p className="text-sm text-muted-foreground">No answers were submitted with this call.</p>
        ) : (
          <dl className="flex flex-col gap-3 text-sm" aria-label="Answers">
            {visible.map((answer) => (
              <div key={answer.id} className="flex flex-col gap-0.5" data-answer={answer.id}>
                <dt className="text-muted-foreground">{answer.title}</dt>
                <dd className="break-words whitespace-pre-line">{formatAnswer(answer.value)}</dd>
              </div>
            ))}
            {hidden.map((answer) => (
              <div key={answer.id} className="flex flex-col gap-0.5" data-answer={answer.id}>
                <dt className="text-muted-foreground">
                  {answer.title} <span className="text-xs">(from the form's link)</span>
                </dt>
                <dd className="break-words">{formatAnswer(answer.value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </Section>

      {/* The record a business defends a call with: there when needed, folded away otherwise. */}
      {call.groupId !== call.id || call.consentEvidence ? (
        <details className="group rounded-md border px-3 py-2" data-consent-details>
          <summary className="cursor-pointer font-semibold outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            Consent evidence
          </summary>
          <div className="pt-3">
            <ConsentEvidenceList evidence={call.consentEvidence} />
          </div>
        </details>
      ) : null}
    </div>
  );
}

/**
 * The conversation as chat bubbles, each with its time: a click plays the recording from that
 * line, and while this call's recording plays, the line being said is marked.
 */
function Conversation({
  call,
  lines,
}: {
  call: CallRecordDetails;
  lines: ReturnType<typeof parseTranscript>;
}) {
  const player = useRecordingPlayer();
  const { position } = useRecordingProgress();
  const playing = player.current === call.id;
  const current = playing ? lineAt(lines, position) : -1;
  const seekable = call.hasRecording;
  return (
    <ol className="flex flex-col gap-2" aria-label="Conversation">
      {lines.map((line, index) => {
        const mine = line.from === "assistant";
        const time = line.atSeconds === null ? null : formatClock(line.atSeconds);
        const bubble = cn(
          "max-w-[85%] rounded-2xl px-3 py-2 text-left text-sm transition-shadow",
          mine
            ? "self-end rounded-br-sm bg-primary text-primary-foreground"
            : "self-start rounded-bl-sm bg-muted text-foreground",
          index === current && "ring-2 ring-ring ring-offset-2 ring-offset-background",
        );
        const content = (
          <>
            <span className="sr-only">{mine ? "Assistant: " : "Respondent: "}</span>
            {line.text}
            {time ? (
              <span
                className={cn(
                  "mt-0.5 block text-[0.7rem] tabular-nums",
                  mine ? "text-primary-foreground/80" : "text-muted-foreground",
                )}
              >
                {time}
                {seekable ? <span className="sr-only"> (play from here)</span> : null}
              </span>
            ) : null}
          </>
        );
        return (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a transcript's lines never reorder.
            key={index}
            data-from={line.from}
            aria-current={index === current ? "true" : undefined}
            className={cn("flex", mine ? "justify-end" : "justify-start")}
          >
            {seekable && line.atSeconds !== null ? (
              <button
                type="button"
                className={cn(
                  bubble,
                  "cursor-pointer outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                )}
                title={`Play the recording from ${time}`}
                onClick={() => player.play(call.id, line.atSeconds ?? 0)}
              >
                {content}
              </button>
            ) : (
              <div className={bubble}>{content}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
