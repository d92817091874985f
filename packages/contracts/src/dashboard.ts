/**
 * The dashboard's charts — what happened over the last days, in the browser's time
 * zone. GET /api/organizations/:organizationId/dashboard/charts?days=30&tz=Area/City
 */
export const DASHBOARD_CHART_DAYS = 30;
export const MAX_DASHBOARD_CHART_DAYS = 90;

/** The longest custom range: a year and a day (a leap year's whole year). */
export const MAX_DASHBOARD_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;

/** Whether `day` is a calendar day that exists, written yyyy-mm-dd. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** `day` (yyyy-mm-dd) moved by `offset` calendar days. */
export function addDays(day: string, offset: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (yyyy-mm-dd), both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}
/**
 * Speed to lead is measured over at most this many leads: the window's latest. Their median and
 * p90 take a sort of every lead measured, and the latest 20,000 are read in the index's order
 * (~45 ms where a whole month of a million calls took ~400 ms; bench:dashboard).
 */
export const SPEED_TO_LEAD_MAX_LEADS = 20_000;

/**
 * The final statuses a day's bar is made of, bottom to top (call-status.ts): "not-called"
 * gathers the attempts Ringback did not dial (the pre-dial check refused them, or no voice
 * platform was set up). Pending and canceled attempts are not drawn.
 */
export const chartStatuses = [
  "answered",
  "voicemail",
  "no-answer",
  "busy",
  "failed",
  "not-called",
] as const;
export type ChartStatus = (typeof chartStatuses)[number];

export const chartStatusLabels: Record<ChartStatus, string> = {
  answered: "Answered",
  voicemail: "Voicemail",
  "no-answer": "No answer",
  busy: "Busy",
  failed: "Failed",
  "not-called": "Not called",
};

/** One day in the time zone (yyyy-mm-dd): its final calls by status. */
export interface DashboardChartDay {
  day: string;
  counts: Record<ChartStatus, number>;
}

/** A yes/no outcome question of an assistant and its answers ("Qualified?" yes 12 · no 5). */
export interface DashboardOutcomeCount {
  key: string;
  label: string;
  yes: number;
  no: number;
}

export interface DashboardAssistantFigures {
  /** null: calls of an assistant that was deleted since. */
  id: string | null;
  name: string | null;
  /** Final calls that were dialled: answered, voicemail, no-answer, busy, failed. */
  calls: number;
  /** Of those, answered (a person picked up; a voicemail is not). */
  answered: number;
  /**
   * The assistant's yes/no questions, in its order, counted per lead: each submission whose
   * latest call falls in the window counts once, with its latest answers.
   */
  outcomes: DashboardOutcomeCount[];
}

export interface DashboardCharts {
  timeZone: string;
  days: number;
  /** Midnight that starts the first day, in the time zone (ISO instant). */
  from: string;
  /** The end of the window: when the figures were read (ISO instant). */
  to: string;
  /** Every day of the window, oldest first, with zeros where nothing happened. */
  perDay: DashboardChartDay[];
  totals: {
    /** Every attempt created in the window, pending and not called included. */
    attempts: number;
    /** Final and dialled: answered, voicemail, no-answer, busy, failed. */
    finalCalls: number;
    /** Answered: a person picked up (a voicemail is not). */
    answered: number;
    /** Dialling, ringing or in progress: calls under way. */
    inProgress: number;
    /** Waiting for their time: the calling window, or a retry's delay. */
    scheduled: number;
    /** Not called: refused by the pre-dial check, or no voice platform. */
    blocked: number;
    /** answered / finalCalls, 0..1; null with no final calls. */
    answerRate: number | null;
  };
  /**
   * From a submission's arrival (form_submissions.created_at) to its first dial (attempt 1's
   * dial_requested_at), for leads whose first attempt was created in the window and dialled:
   * all of them, or the latest SPEED_TO_LEAD_MAX_LEADS (`latestOnly`).
   */
  speedToLead: {
    leads: number;
    medianSeconds: number | null;
    p90Seconds: number | null;
    latestOnly: boolean;
  };
  /** The organization's assistants (and deleted ones with calls in the window), by name. */
  assistants: DashboardAssistantFigures[];
}
