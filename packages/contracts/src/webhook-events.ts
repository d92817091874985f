import { z } from "zod";
import { endedReasons, leadOutcomes } from "./call-status.ts";
import type { WebhookMessageType } from "./webhook-types.ts";

/**
 * What each outgoing webhook's JSON body holds. Every body is a Standard Webhooks
 * envelope — `type`, `timestamp` (when the event happened) and `data` — and the same bytes for
 * every attempt and resend of a message (`webhook-id`). docs/webhooks.md is generated from these
 * schemas and examples (`npm run docs:webhooks`).
 */

const instant = z.iso.datetime({ offset: true });

const respondentSchema = z
  .object({
    name: z.string().nullable().meta({ description: "As the person gave it on the form." }),
    email: z.string().nullable(),
    phoneNumber: z
      .string()
      .nullable()
      .meta({ description: "E.164 when it could be read (+14155550123); else as typed." }),
  })
  .meta({ description: "The person who filled in the form." });

const answerSchema = z.object({
  id: z.string().meta({ description: "The form's field id (hidden fields: hidden:<name>)." }),
  title: z.string().meta({ description: "The question as the form showed it." }),
  type: z.string().meta({ description: "The form provider's field type." }),
  value: z
    .union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()])
    .meta({ description: "Text, a number, a ticked box, the chosen options, or none." }),
});

export const submissionReceivedDataSchema = z.object({
  submissionId: z.uuid(),
  assistantId: z.uuid().nullable(),
  form: z.object({
    provider: z.string().meta({ description: 'The form provider ("typeform").' }),
    id: z.string().meta({ description: "The form's id at the provider." }),
  }),
  status: z.enum(["call_scheduled", "not_available", "invalid_phone", "too_old"]).meta({
    description:
      "call_scheduled: a call will be placed; not_available: the person did not agree to a call; invalid_phone: the number could not be read; too_old: submitted longer ago than the assistant calls leads (read back late), so not called.",
  }),
  respondent: respondentSchema,
  answers: z.array(answerSchema).meta({ description: "Every answer, in form order." }),
  submittedAt: instant.nullable().meta({ description: "When the form was submitted." }),
  receivedAt: instant.meta({ description: "When Ringback stored it." }),
});

const callFields = {
  callId: z.uuid().meta({ description: "The call attempt's id in Ringback (Call Records)." }),
  attempt: z
    .int()
    .min(1)
    .meta({ description: "Which call this is for the submission: 1, then 2, 3… for retries." }),
  submissionId: z.uuid().nullable(),
  assistantId: z.uuid().nullable(),
  respondent: respondentSchema,
};

export const callStartedDataSchema = z.object({
  ...callFields,
  provider: z.string().meta({ description: 'The voice provider ("bland").' }),
  startedAt: instant,
});

const endedReasonSchema = z.enum(endedReasons).nullable().meta({
  description:
    "Why the call ended, mapped from the voice platform's reason: hung-up-by-lead, ended-by-assistant, max-duration, silence-timeout, transferred, asked-not-to-call, voicemail-message-left, voicemail-no-message, no-answer, declined, no-one-spoke, busy, invalid-number, carrier-error, platform-error, call-dropped… Null when the platform did not say.",
});

const leadOutcomeSchema = z.enum(leadOutcomes).meta({
  description:
    "What all the calls to this lead came to so far: reached, voicemail-left, not-reached-yet (another call is scheduled), not-reached (no call left to make), opted-out, transferred or meeting-booked.",
});

const transcriptTurnSchema = z.object({
  speaker: z.string().meta({
    description: "assistant (the AI), user (the person called), or agent-action (an action).",
  }),
  text: z.string(),
  at: instant.nullable(),
});

export const callCompletedDataSchema = z.object({
  ...callFields,
  status: z.enum(["answered"]).meta({
    description:
      "answered: a person picked up. A voicemail is never call.completed: it is call.failed with status voicemail.",
  }),
  endedReason: endedReasonSchema,
  leadOutcome: leadOutcomeSchema,
  answeredBy: z.enum(["human", "voicemail", "unknown"]).nullable(),
  durationSeconds: z.int().min(0).nullable(),
  summary: z.string().nullable(),
  outcomes: z
    .record(z.string(), z.union([z.boolean(), z.number(), z.string(), z.null()]))
    .nullable()
    .meta({
      description:
        "The answers to the assistant's outcome questions, by key (yes/no, number, text, one of a list, or a yyyy-mm-dd date; null when not known). Null when the call has none.",
    }),
  transcript: z.array(transcriptTurnSchema),
  recording: z
    .object({
      url: z.url().meta({ description: "A signed link to the audio; works until expiresAt." }),
      expiresAt: instant,
    })
    .nullable()
    .meta({
      description:
        "Null when the call has no recording. Ringback copies the recording from the voice provider when the call ends: the link answers 503 with Retry-After for the minute that takes.",
    }),
  endedAt: instant,
});

export const callFailedDataSchema = z.object({
  ...callFields,
  status: z.enum(["voicemail", "no-answer", "busy", "failed"]).meta({
    description:
      "voicemail: the call reached voicemail (endedReason says whether a message was left); no-answer: nobody picked up, or nobody spoke; busy; failed: the number, the carrier or the voice platform.",
  }),
  endedReason: endedReasonSchema,
  leadOutcome: leadOutcomeSchema,
  reason: z
    .string()
    .nullable()
    .meta({ description: "Why, in words: the provider's message, else the ended reason's." }),
  durationSeconds: z.int().min(0).nullable(),
  endedAt: instant,
});

export const contactOptedOutDataSchema = z.object({
  phoneNumber: z.string().meta({ description: "E.164." }),
  reason: z.string(),
  source: z.enum(["manual", "import", "call", "opt_out_page"]).meta({
    description:
      "manual: a member added it; import: a CSV import; call: the person asked on a call; opt_out_page: the public opt-out page.",
  }),
  callId: z.uuid().nullable().meta({ description: "The call it was heard on, if any." }),
  optedOutAt: instant,
});

export const webhookTestDataSchema = z.object({
  message: z.string(),
  endpointId: z.uuid(),
});

/** Each message type's `data`. */
export const webhookDataSchemas = {
  "submission.received": submissionReceivedDataSchema,
  "call.started": callStartedDataSchema,
  "call.completed": callCompletedDataSchema,
  "call.failed": callFailedDataSchema,
  "contact.opted_out": contactOptedOutDataSchema,
  "webhook.test": webhookTestDataSchema,
} as const satisfies Record<WebhookMessageType, z.ZodType>;

export type WebhookData<T extends WebhookMessageType> = z.infer<(typeof webhookDataSchemas)[T]>;

/** The whole body of a message of one type: the Standard Webhooks envelope around its data. */
export function webhookPayloadSchema<T extends WebhookMessageType>(type: T) {
  return z.object({
    type: z.literal(type),
    timestamp: instant.meta({ description: "When the event happened." }),
    data: webhookDataSchemas[type],
  });
}

export interface WebhookPayload<T extends WebhookMessageType = WebhookMessageType> {
  type: T;
  timestamp: string;
  data: WebhookData<T>;
}

const respondent = { name: "Ana Ruiz", email: "ana@example.com", phoneNumber: "+14155550123" };
const call = {
  callId: "0b7e2a55-3f0c-4e59-9a1c-2d51c5a8e7f1",
  attempt: 1,
  submissionId: "6f1d4c2e-8a3b-4b7e-9c05-1e2f3a4b5c6d",
  assistantId: "a3c9e1f2-4b5d-4e6f-8a7b-9c0d1e2f3a4b",
  respondent,
};

/** One example body per type (documentation and tests; checked against the schemas). */
export const webhookExamples: { [T in WebhookMessageType]: WebhookPayload<T> } = {
  "submission.received": {
    type: "submission.received",
    timestamp: "2026-03-02T15:04:05.000Z",
    data: {
      submissionId: call.submissionId,
      assistantId: call.assistantId,
      form: { provider: "typeform", id: "Xy12AbCd" },
      status: "call_scheduled",
      respondent,
      answers: [
        { id: "name01", title: "What's your name?", type: "short_text", value: "Ana Ruiz" },
        {
          id: "help01",
          title: "How can we help?",
          type: "long_text",
          value: "A quote for a kitchen",
        },
        { id: "call01", title: "Can we call you?", type: "yes_no", value: true },
      ],
      submittedAt: "2026-03-02T15:04:03.000Z",
      receivedAt: "2026-03-02T15:04:05.000Z",
    },
  },
  "call.started": {
    type: "call.started",
    timestamp: "2026-03-02T15:04:07.000Z",
    data: { ...call, provider: "bland", startedAt: "2026-03-02T15:04:07.000Z" },
  },
  "call.completed": {
    type: "call.completed",
    timestamp: "2026-03-02T15:07:41.000Z",
    data: {
      ...call,
      status: "answered",
      endedReason: "hung-up-by-lead",
      leadOutcome: "reached",
      answeredBy: "human",
      durationSeconds: 212,
      summary: "Ana wants a quote for a kitchen renovation and prefers a visit next Tuesday.",
      outcomes: { qualified: true, budget: 18000, best_time: "2026-03-10" },
      transcript: [
        {
          speaker: "assistant",
          text: "Hi Ana, this is Sam, an AI assistant calling from Acme Kitchens about the form you filled in.",
          at: "2026-03-02T15:04:12.000Z",
        },
        { speaker: "user", text: "Hi! Yes, I asked for a quote.", at: "2026-03-02T15:04:16.000Z" },
      ],
      recording: {
        url: "https://ringback.example.com/api/recordings/0b7e2a55-3f0c-4e59-9a1c-2d51c5a8e7f1?exp=1773069461&sig=Qm9v",
        expiresAt: "2026-03-09T15:07:41.000Z",
      },
      endedAt: "2026-03-02T15:07:41.000Z",
    },
  },
  "call.failed": {
    type: "call.failed",
    timestamp: "2026-03-02T15:05:02.000Z",
    data: {
      ...call,
      status: "voicemail",
      endedReason: "voicemail-message-left",
      leadOutcome: "voicemail-left",
      reason: "Voicemail: message left",
      durationSeconds: 31,
      endedAt: "2026-03-02T15:05:02.000Z",
    },
  },
  "contact.opted_out": {
    type: "contact.opted_out",
    timestamp: "2026-03-02T15:07:41.000Z",
    data: {
      phoneNumber: "+14155550123",
      reason: "Asked not to be called",
      source: "call",
      callId: call.callId,
      optedOutAt: "2026-03-02T15:07:41.000Z",
    },
  },
  "webhook.test": {
    type: "webhook.test",
    timestamp: "2026-03-02T15:00:00.000Z",
    data: {
      message: "A test event from Ringback: this endpoint receives and verifies webhooks.",
      endpointId: "5d6e7f80-9a1b-4c2d-8e3f-4a5b6c7d8e9f",
    },
  },
};
