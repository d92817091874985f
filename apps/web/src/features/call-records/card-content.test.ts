import type { CallAttemptItem, OutcomeQuestion } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { cardAnswers, cardTitle, featuredAttempt, latestStatusOf } from "./card-content";

function attempt(callAttempt: number, hasRecording: boolean): CallAttemptItem {
  return {
    id: `call-${callAttempt}`,
    callAttempt,
    status: hasRecording ? "answered" : "no-answer",
    endedReason: hasRecording ? "hung-up-by-lead" : "no-answer",
    duration: hasRecording ? 42 : null,
    createdAt: "2026-11-03T16:05:00.000Z",
    scheduledFor: null,
    hasRecording,
  };
}

describe("a call record card", () => {
  it("is headed by the name, else the phone as people read it, else Unknown respondent", () => {
    const phone = { phone: "+14155550177", phoneDisplay: "+1 415 555 0177" };
    expect(cardTitle({ name: " Sam Rivera ", email: null, ...phone })).toBe("Sam Rivera");
    expect(cardTitle({ name: "  ", email: "sam@example.com", ...phone })).toBe("+1 415 555 0177");
    expect(
      cardTitle({ name: null, email: "sam@example.com", phone: null, phoneDisplay: null }),
    ).toBe("Unknown respondent");
  });

  it("plays the latest attempt that has a recording, else shows the latest one", () => {
    expect(featuredAttempt([attempt(1, true), attempt(2, false)])?.id).toBe("call-1");
    expect(featuredAttempt([attempt(2, true), attempt(1, true)])?.id).toBe("call-2");
    expect(featuredAttempt([attempt(1, false), attempt(2, false)])?.id).toBe("call-2");
    expect(featuredAttempt([])).toBeNull();
  });

  it("shows the answered outcomes in the questions' order, as people read them", () => {
    const questions: OutcomeQuestion[] = [
      { key: "qualified", label: "Qualified?", type: "boolean" },
      { key: "budget", label: "Budget", type: "number" },
      { key: "plan", label: "Plan", type: "choice", choices: ["Basic", "Pro"] },
    ];
    expect(
      cardAnswers({ budget: 25000, qualified: false, plan: null }, questions).map(
        ({ question, value }) => [question.label, value],
      ),
    ).toEqual([
      ["Qualified?", "No"],
      ["Budget", "25,000"],
    ]);
    expect(cardAnswers(null, questions)).toEqual([]);
  });

  it("shows the latest status with the latest attempt's reason and due time", () => {
    const failed: CallAttemptItem = {
      ...attempt(1, false),
      status: "failed",
      endedReason: "carrier-error",
    };
    const retry: CallAttemptItem = {
      ...attempt(2, false),
      status: "scheduled",
      endedReason: null,
      scheduledFor: "2026-11-03T18:00:00.000Z",
    };
    expect(
      latestStatusOf({ latestStatus: "failed", latestCallId: "call-1", attempts: [failed] }),
    ).toEqual({ status: "failed", endedReason: "carrier-error", scheduledFor: null });
    expect(
      latestStatusOf({
        latestStatus: "scheduled",
        latestCallId: "call-2",
        attempts: [failed, retry],
      }),
    ).toEqual({ status: "scheduled", endedReason: null, scheduledFor: "2026-11-03T18:00:00.000Z" });
    // The latest attempt missing, or no longer with that status: the status alone.
    expect(
      latestStatusOf({ latestStatus: "failed", latestCallId: "call-9", attempts: [failed] }),
    ).toEqual({ status: "failed", endedReason: null, scheduledFor: null });
    expect(
      latestStatusOf({ latestStatus: "answered", latestCallId: "call-1", attempts: [failed] }),
    ).toEqual({ status: "answered", endedReason: null, scheduledFor: null });
  });
});
