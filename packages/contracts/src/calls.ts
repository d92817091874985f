import type { CallStatus, EndedReason, LeadOutcome } from "./call-status.ts";
import type { ConsentEvidence } from "./compliance.ts";
import type { Outcomes, OutcomeType, OutcomeValue } from "./outcomes.ts";
import type { ConversationLine } from "./transcript.ts";

/**
 * A short-lived, signed same-origin link for what a browser fetches without a bearer token:
 * GET …/call-records/:id/recording-link (an <audio> element's src) and …/call-records/export-link
 * (a CSV download).
 */
export interface SignedLink {
  /** Same-origin path with its signature in the query. */
  url: string;
  /** ISO time; ask for a new link after it. */
  expiresAt: string;
}

/** Call Records' default page size (groups per page), and the sizes a user can choose. */
export const CALL_RECORDS_PAGE_SIZE = 10;
export const CALL_RECORDS_PAGE_SIZES = [10, 25, 50, 100] as const;

export * from "./call-status.ts";

/** Call Records' sort menu: Newest First, Oldest First, Duration (longest total first). */
export const callRecordSorts = ["newest", "oldest", "duration"] as const;
export type CallRecordSort = (typeof callRecordSorts)[number];

/** One attempt as the list shows it (details come from GET …/call-records/:id). */
export interface CallAttemptItem {
  id: string;
  callAttempt: number;
  status: CallStatus;
  /** Why it ended (or was not placed); null while it has not, or when the platform did not say. */
  endedReason: EndedReason | null;
  /** Seconds; null when unknown. */
  duration: number | null;
  createdAt: string;
  /** A scheduled attempt: when it is due (a retry waits for its delay and the calling window). */
  scheduledFor: string | null;
  /** A recording is stored and can be played (ask for a SignedLink). */
  hasRecording: boolean;
}

/** Who the call was for, as the submission gave it. */
export interface Respondent {
  name: string | null;
  email: string | null;
  /** As stored (E.164 when it was valid). */
  phone: string | null;
  /**
   * The number as people read it ("+1 415 555 0123"), formatted by the server so that the web
   * app's Call Records need not carry a phone library; the stored value when it is not valid.
   */
  phoneDisplay: string | null;
}

/** A submission's attempts (or a call record without a submission, alone). */
export interface CallGroup {
  id: string;
  submissionId: string | null;
  formTitle: string | null;
  assistantName: string | null;
  respondent: Respondent;
  latestStatus: CallStatus;
  /** What all the attempts came to. */
  leadOutcome: LeadOutcome;
  latestCallId: string;
  latestCallAt: string;
  /** Seconds over all attempts. */
  totalDuration: number;
  /** Sorted by callAttempt. */
  attempts: CallAttemptItem[];
  /** The answers of the group's latest call that has some, by question key. */
  outcomes: Outcomes | null;
  /** A "Call me now" test call to a team member's own phone, not a lead's. */
  isTest: boolean;
}

export interface CallGroupPage {
  groups: CallGroup[];
  /**
   * Groups matching the search and filter, over all pages; null for a broad search (thousands of
   * matches), whose exact count takes longer than its page: GET …/call-records/count gives it.
   */
  total: number | null;
  page: number;
  pageSize: number;
}

/** GET …/call-records/count: the exact number of groups matching the search and filter. */
export interface CallGroupCount {
  total: number;
}

/** An answer as the form provider gave it: text, a number, a ticked box, choices, or none. */
export type SubmittedAnswerValue = string | number | boolean | string[] | null;

/** One question of a submission and its answer. */
export interface SubmittedAnswerItem {
  /** The form's field id (hidden fields: `hidden:<name>`). */
  id: string;
  /** The question as the form showed it (a hidden field: its name). */
  title: string;
  /** The provider's field type; `hidden` for a hidden field (a value the form's link carried). */
  type: string;
  value: SubmittedAnswerValue;
}

/** GET …/call-records/:id — one attempt with its summary and transcript (the side panel). */
export interface CallRecordDetails extends CallAttemptItem {
  groupId: string;
  /** What all the attempts of its group came to. */
  leadOutcome: LeadOutcome;
  summary: string | null;
  /** As stored: any of the shapes a transcript may come in (the web app parses them). */
  transcript: unknown;
  formTitle: string | null;
  assistantName: string | null;
  respondent: Respondent;
  /** When the form was submitted (or received); null for a call without a submission. */
  submittedAt: string | null;
  /** The submitted answers in form order, hidden fields last; empty without a submission. */
  answers: SubmittedAnswerItem[];
  /**
   * The availability question ("May we call you?") and the answer given: the consent to be
   * called. Null when the call has no submission or the assistant has no availability field.
   */
  consent: { question: string; value: SubmittedAnswerValue } | null;
  /**
   * What the person agreed to, as stored with the submission: null for a call
   * without a submission, or a submission stored before consent evidence was kept.
   */
  consentEvidence: ConsentEvidence | null;
  /**
   * What the call found out: the assistant's questions with this call's answers
   * (null: not known), in the assistant's order; answers to questions since removed follow, by
   * key. Empty when the call has no answers.
   */
  outcomes: OutcomeAnswer[];
  /** A "Call me now" test call to a team member's own phone. */
  isTest: boolean;
  /** Played by the call simulator: no real phone was called. */
  simulated: boolean;
  /** While the call is not final: where it is, as the provider last said; null once final. */
  livePhase: CallLivePhase | null;
}

/** Where a call that has not ended is: waiting to be dialled or dialling, ringing, or connected. */
export const callLivePhases = ["queued", "ringing", "in-progress"] as const;
export type CallLivePhase = (typeof callLivePhases)[number];

/**
 * "Call me now": at most this many test calls per person in TEST_CALLS_WINDOW_MINUTES,
 * and TEST_CALLS_PER_DAY in a day (each call is real and costs the organization money).
 */
export const TEST_CALLS_PER_WINDOW = 3;
export const TEST_CALLS_WINDOW_MINUTES = 10;
export const TEST_CALLS_PER_DAY = 20;

/**
 * POST …/assistants/:assistantId/test-calls: the test call is placed (its attempt is queued) to
 * the signed-in user's own verified number.
 */
export interface TestCallStarted {
  callRecordId: string;
  /** The number called: always the signed-in user's own (E.164). */
  phoneNumber: string;
  /** Through the call simulator (no real phone rings), as the organization's platform is now. */
  simulated: boolean;
}

/** Why a test call could not be placed (ApiError details.reason of a 400 or 409). */
export type TestCallRefusal =
  | "no_script"
  | "no_verified_phone"
  | "no_voice_provider"
  | "do_not_call";

/**
 * GET …/assistants/:assistantId/test-calls/:callRecordId: the test call as its dialog shows it,
 * live: queued, ringing, in progress, then its result.
 */
export interface TestCallState {
  callRecordId: string;
  status: CallStatus;
  /** The provider gave its final word (or the call was refused or blocked): nothing more comes. */
  final: boolean;
  /** While not final (null once final). */
  livePhase: CallLivePhase | null;
  phoneNumber: string | null;
  simulated: boolean;
  /** Seconds; null when unknown. */
  durationSeconds: number | null;
  summary: string | null;
  transcript: ConversationLine[];
  /** Why it ended (or was not placed); null while it has not, or when the platform did not say. */
  endedReason: EndedReason | null;
  /** Why the call failed or was blocked, in words for a person; null otherwise. */
  errorMessage: string | null;
  /**
   * What the call found out, as Call Details shows it: the assistant's questions with this call's
   * answers (null: not known). Empty until the answers have come, or without questions.
   */
  outcomes: OutcomeAnswer[];
  createdAt: string;
}

/** One outcome question and a call's answer. */
export interface OutcomeAnswer {
  key: string;
  label: string;
  type: OutcomeType | null;
  value: OutcomeValue;
}
