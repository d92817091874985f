import { describe, expect, it } from "vitest";
import {
  callStatuses,
  callStatusLabels,
  endedReasonLabels,
  endedReasons,
  isPendingStatus,
  isRetryableEnding,
  leadOutcomeLabels,
  leadOutcomeOf,
  leadOutcomes,
} from "./call-status.ts";

const a = (
  status: (typeof callStatuses)[number],
  endedReason: (typeof endedReasons)[number] | null = null,
) => ({
  status,
  endedReason,
});

describe("the call status model", () => {
  it("has words for every status, ended reason and lead outcome", () => {
    for (const s of callStatuses) expect(callStatusLabels[s]).toMatch(/^[A-Z]/);
    for (const r of endedReasons) expect(endedReasonLabels[r]).toMatch(/^[A-Z]/);
    for (const o of leadOutcomes) expect(leadOutcomeLabels[o]).toMatch(/^[A-Z]/);
    expect(new Set(Object.values(callStatusLabels)).size).toBe(callStatuses.length);
  });

  it("pending statuses are the four before a call ends", () => {
    expect(callStatuses.filter(isPendingStatus)).toEqual([
      "scheduled",
      "dialling",
      "ringing",
      "in-progress",
    ]);
  });

  it("a voicemail is never a reached lead", () => {
    expect(leadOutcomeOf([a("voicemail", "voicemail-message-left")])).toBe("voicemail-left");
    expect(leadOutcomeOf([a("voicemail", "voicemail-no-message")])).toBe("not-reached");
    expect(leadOutcomeOf([a("voicemail", "voicemail-no-message"), a("scheduled")])).toBe(
      "not-reached-yet",
    );
  });

  it("reads all the attempts, first match wins", () => {
    expect(leadOutcomeOf([a("no-answer", "no-answer"), a("answered", "hung-up-by-lead")])).toBe(
      "reached",
    );
    expect(leadOutcomeOf([a("answered", "transferred")])).toBe("transferred");
    expect(leadOutcomeOf([a("answered", "asked-not-to-call")])).toBe("opted-out");
    expect(leadOutcomeOf([a("no-answer"), a("not-called", "blocked-dnc")])).toBe("opted-out");
    expect(leadOutcomeOf([a("busy", "busy"), a("ringing")])).toBe("not-reached-yet");
    expect(leadOutcomeOf([a("busy", "busy"), a("failed", "carrier-error")])).toBe("not-reached");
    expect(leadOutcomeOf([a("not-called", "blocked-hours")])).toBe("not-reached");
    expect(leadOutcomeOf([])).toBe("not-reached");
  });

  it("retries the unreached, never an invalid number or an opt-out", () => {
    expect(isRetryableEnding("no-answer", "no-answer")).toBe(true);
    expect(isRetryableEnding("voicemail", "voicemail-message-left")).toBe(true);
    expect(isRetryableEnding("busy", "busy")).toBe(true);
    expect(isRetryableEnding("failed", "carrier-error")).toBe(true);
    expect(isRetryableEnding("failed", "invalid-number")).toBe(false);
    expect(isRetryableEnding("answered", "hung-up-by-lead")).toBe(false);
    expect(isRetryableEnding("answered", "asked-not-to-call")).toBe(false);
    expect(isRetryableEnding("not-called", "blocked-limit")).toBe(false);
    expect(isRetryableEnding("canceled", "assistant-deactivated")).toBe(false);
  });
});
