import type { CallGroup, OutcomeQuestion } from "@ringback/contracts";
import { ChevronDown, ChevronRight } from "lucide-react";
import { memo } from "react";
import { LeadOutcomeBadge, StatusBadge } from "@/components/status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatCallDate, formatDuration } from "@/lib/call-format";
import { cn } from "@/lib/utils";
import { cardAnswers, cardTitle, featuredAttempt, latestStatusOf } from "./card-content";
import { type DetailsHandler, DetailsOpener } from "./details-opener";
import { PlaybackControls, RecordingProgress } from "./playback-controls";
import { useRecordingPlayer } from "./recording-player";

/**
 * Call Records below the md breakpoint — a card per submission instead of the
 * table, nothing to scroll sideways. A card shows who (the name, or the phone when there is no
 * name), their phone, the latest status (with why it ended), the lead's outcome, the duration,
 * the attempts when more than one, the outcome answers, and plays the latest recording with the
 * same player as the table. Tapping the card opens the latest call's details, as the row's
 * "Latest Call" does.
 */
export const CallRecordCards = memo(function CallRecordCards({
  groups,
  questions,
  expanded,
  onToggle,
  onDetails,
}: {
  groups: readonly CallGroup[];
  /** The organization's outcome questions: their answers show on the card. */
  questions: readonly OutcomeQuestion[];
  expanded: ReadonlySet<string>;
  onToggle: (groupId: string) => void;
  onDetails: DetailsHandler;
}) {
  return (
    <ul aria-label="Call records" className="flex flex-col divide-y" data-call-record-cards>
      {groups.map((group) => (
        <GroupCard
          key={group.id}
          group={group}
          questions={questions}
          open={expanded.has(group.id)}
          onToggle={onToggle}
          onDetails={onDetails}
        />
      ))}
    </ul>
  );
});

/** Raised above the card's stretched "Latest Call" area, so that it takes its own taps. */
const RAISED = "relative z-[1]";

/** Memoized: a live update renders only the cards whose group changed. */
const GroupCard = memo(function GroupCard({
  group,
  questions,
  open,
  onToggle,
  onDetails,
}: {
  group: CallGroup;
  questions: readonly OutcomeQuestion[];
  open: boolean;
  /** Opens or closes the group's attempts (its id). */
  onToggle: (groupId: string) => void;
  onDetails: DetailsHandler;
}) {
  const player = useRecordingPlayer();
  const title = cardTitle(group.respondent);
  const phone = group.respondent.phoneDisplay;
  const named = Boolean(group.respondent.name?.trim());
  const featured = featuredAttempt(group.attempts);
  const answers = cardAnswers(group.outcomes, questions);
  const many = group.attempts.length > 1;
  const featuredLabel = featured ? `${title}, attempt ${featured.callAttempt}` : title;
  return (
    <li data-group={group.id} className="flex flex-col gap-3 p-4">
      {/* The card: tapping anywhere on it opens the latest call (the button's ::after). */}
      <div className="relative flex flex-col gap-2 rounded-md">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <div className="flex min-w-0 flex-col">
            <span className="font-medium break-words" data-respondent>
              {title}
            </span>
            {named && phone ? (
              <span className="text-xs text-muted-foreground tabular-nums">{phone}</span>
            ) : null}
          </div>
          <StatusBadge {...latestStatusOf(group)} className="justify-end text-right" />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LeadOutcomeBadge outcome={group.leadOutcome} />
          {group.isTest ? (
            // A "Call me now" test call to a team member's own phone, not a lead.
            <Badge variant="secondary" data-test-call-badge>
              Test call
            </Badge>
          ) : null}
        </div>
        <p className="text-xs break-words text-muted-foreground">
          {group.formTitle ?? "Unknown form"} · {formatCallDate(group.latestCallAt)}
        </p>
        <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-muted-foreground">Duration</dt>
            <dd data-duration>{formatDuration(group.totalDuration)}</dd>
          </div>
          {many ? (
            <div className="flex gap-1.5">
              <dt className="text-muted-foreground">Attempts</dt>
              <dd data-attempts>{group.attempts.length}</dd>
            </div>
          ) : null}
          {answers.map(({ question, value }) => (
            <div key={question.key} className="flex min-w-0 gap-1.5" data-outcome={question.key}>
              <dt className="break-words text-muted-foreground">{question.label}</dt>
              <dd className="min-w-0 font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap items-center justify-between gap-2">
          {featured && !open ? (
            <div className={RAISED}>
              <PlaybackControls
                callRecordId={featured.id}
                hasRecording={featured.hasRecording}
                label={featuredLabel}
              />
            </div>
          ) : (
            <span />
          )}
          <DetailsOpener
            callRecordId={group.latestCallId}
            onDetails={onDetails}
            className="after:absolute after:inset-0 after:rounded-md after:content-[''] focus-visible:ring-0 focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50"
          >
            Latest Call
            <ChevronRight aria-hidden="true" />
          </DetailsOpener>
        </div>
        {featured && !open && player.current === featured.id ? (
          <div className={RAISED} data-player={featured.id}>
            <RecordingProgress
              callRecordId={featured.id}
              label={featuredLabel}
              knownDuration={featured.duration}
            />
          </div>
        ) : null}
      </div>
      {many ? (
        <div className="flex flex-col gap-2">
          <Button
            variant="outline"
            size="sm"
            className="w-fit"
            aria-expanded={open}
            onClick={() => onToggle(group.id)}
          >
            {open ? "Hide" : "Show"} {group.attempts.length} attempts
            <ChevronDown
              className={cn("transition-transform", open ? "rotate-180" : "")}
              aria-hidden="true"
            />
          </Button>
          {open ? (
            <ol aria-label={`Attempts for ${title}`} className="flex flex-col gap-2">
              {group.attempts.map((attempt) => {
                const label = `${title}, attempt ${attempt.callAttempt}`;
                return (
                  <li
                    key={attempt.id}
                    data-attempt={attempt.callAttempt}
                    className="flex flex-col gap-2 rounded-md bg-muted/40 p-3 text-sm"
                  >
                    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                      <span className="text-muted-foreground">
                        <span className="font-medium text-foreground">
                          Attempt {attempt.callAttempt}
                        </span>{" "}
                        · {formatCallDate(attempt.createdAt)}
                      </span>
                      <StatusBadge
                        status={attempt.status}
                        endedReason={attempt.endedReason}
                        scheduledFor={attempt.scheduledFor}
                      />
                    </div>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <PlaybackControls
                        callRecordId={attempt.id}
                        hasRecording={attempt.hasRecording}
                        label={label}
                      />
                      <span className="text-muted-foreground">
                        {formatDuration(attempt.duration)}
                      </span>
                      <DetailsOpener callRecordId={attempt.id} onDetails={onDetails}>
                        Details
                      </DetailsOpener>
                    </div>
                    {player.current === attempt.id ? (
                      <div data-player={attempt.id}>
                        <RecordingProgress
                          callRecordId={attempt.id}
                          label={label}
                          knownDuration={attempt.duration}
                        />
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ol>
          ) : null}
        </div>
      ) : null}
    </li>
  );
});
