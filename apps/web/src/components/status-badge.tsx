import {
  type CallStatus,
  callStatusDescriptions,
  type EndedReason,
  type LeadOutcome,
  leadOutcomeDescriptions,
  leadOutcomeLabels,
} from "@ringback/contracts";
import {
  Ban,
  CalendarCheck,
  Clock,
  type LucideIcon,
  PhoneForwarded,
  PhoneMissed,
  UserCheck,
  Voicemail,
} from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { endedReasonText, leadOutcomeTone, statusLabel, statusTone } from "@/lib/call-format";
import { cn } from "@/lib/utils";

/**
 * An attempt's status in its colour, with why it ended beside it ("Failed · Carrier error"), or
 * when it is due ("Scheduled for 2:05 PM"). The badge's title says what the status means.
 */
export function StatusBadge({
  status,
  endedReason = null,
  scheduledFor = null,
  className,
}: {
  status: CallStatus;
  endedReason?: EndedReason | null;
  scheduledFor?: string | null;
  className?: string;
}) {
  const reason = endedReasonText(status, endedReason);
  return (
    <span
      className={cn("inline-flex max-w-full flex-wrap items-center gap-x-1.5 gap-y-0.5", className)}
      data-status={status}
    >
      <Badge
        variant={statusTone(status)}
        title={callStatusDescriptions[status]}
        className="max-w-full whitespace-normal"
      >
        {statusLabel(status, scheduledFor)}
      </Badge>
      {reason ? (
        <span className="text-xs break-words text-muted-foreground" data-ended-reason={endedReason}>
          <span className="sr-only">, </span>
          {reason}
        </span>
      ) : null}
    </span>
  );
}

const OUTCOME_ICONS: Record<LeadOutcome, { icon: LucideIcon; className?: string }> = {
  reached: { icon: UserCheck, className: "text-success-strong" },
  "voicemail-left": { icon: Voicemail, className: "text-warning-strong" },
  "not-reached-yet": { icon: Clock, className: "text-info-strong" },
  "not-reached": { icon: PhoneMissed, className: "text-muted-foreground" },
  "opted-out": { icon: Ban },
  transferred: { icon: PhoneForwarded },
  "meeting-booked": { icon: CalendarCheck },
};

/** What all of a lead's attempts came to; its title says what that means. */
export function LeadOutcomeBadge({
  outcome,
  className,
}: {
  outcome: LeadOutcome;
  className?: string;
}) {
  const { icon: Icon, className: iconClass } = OUTCOME_ICONS[outcome];
  return (
    <Badge
      variant={leadOutcomeTone(outcome)}
      title={leadOutcomeDescriptions[outcome]}
      className={cn("max-w-full whitespace-normal", className)}
      data-lead-outcome={outcome}
    >
      <Icon className={iconClass} aria-hidden="true" />
      <span>
        <span className="sr-only">Lead outcome: </span>
        {leadOutcomeLabels[outcome]}
      </span>
    </Badge>
  );
}
