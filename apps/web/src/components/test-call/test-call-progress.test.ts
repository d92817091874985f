import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import {
  hasEnded,
  liveHeading,
  outcomeRows,
  refusalOf,
  resultHeading,
  stepOf,
  wasConnected,
} from "./test-call-progress";

describe("Call me now: the dialog's words for each moment of a test call", () => {
  it("follows the call's status from calling to ringing to in progress to its end", () => {
    expect(stepOf(null)).toBe(0);
    expect(stepOf({ final: false, status: "scheduled" })).toBe(0);
    expect(stepOf({ final: false, status: "dialling" })).toBe(0);
    expect(stepOf({ final: false, status: "ringing" })).toBe(1);
    expect(stepOf({ final: false, status: "in-progress" })).toBe(2);
    expect(stepOf({ final: true, status: "answered" })).toBe(3);
    expect(stepOf({ final: true, status: "not-called" })).toBe(3);
    // A final status ends the call even before the server's last word (summary, transcript).
    expect(stepOf({ final: false, status: "voicemail" })).toBe(3);
    expect(hasEnded({ final: false, status: "busy" })).toBe(true);
    expect(hasEnded({ final: false, status: "ringing" })).toBe(false);
    expect(hasEnded(null)).toBe(false);

    expect(liveHeading("dialling", "+1 415 555 0123")).toBe("Calling your phone +1 415 555 0123…");
    expect(liveHeading("scheduled", null)).toBe("Calling your phone…");
    expect(liveHeading(null, null)).toBe("Calling your phone…");
    expect(liveHeading("ringing", "+1 415 555 0123")).toBe("Ringing…");
    expect(liveHeading("in-progress", "+1 415 555 0123")).toBe("In progress");
  });

  it("says what happened in the end", () => {
    expect(resultHeading("answered", "hung-up-by-lead")).toBe("Call ended");
    expect(resultHeading("voicemail", "voicemail-no-message")).toBe("Voicemail");
    expect(resultHeading("no-answer")).toBe("No answer");
    expect(resultHeading("busy")).toBe("The line was busy");
    expect(resultHeading("failed", "carrier-error")).toBe("The call failed");
    expect(resultHeading("failed", "invalid-number")).toBe("The number cannot be called");
    expect(resultHeading("canceled", "canceled-by-user")).toBe("The call was canceled");
    expect(resultHeading("not-called", "blocked-dnc")).toBe("The call was not placed");
  });

  it("counts a voicemail as connected (not a call that went nowhere), never as answered", () => {
    expect(wasConnected("answered")).toBe(true);
    expect(wasConnected("voicemail")).toBe(true);
    for (const status of ["no-answer", "busy", "failed", "canceled", "not-called"] as const) {
      expect(wasConnected(status)).toBe(false);
    }
  });

  it("shows why a call was refused in the server's words, by reason", () => {
    const limited = refusalOf(
      new ApiRequestError(
        429,
        "rate_limited",
        "You can place 3 test calls every 10 minutes; try again in 7 minutes.",
        { retryAfterSeconds: 400 },
      ),
    );
    expect(limited).toEqual({
      reason: "rate_limited",
      title: "Too many test calls",
      message: "You can place 3 test calls every 10 minutes; try again in 7 minutes.",
    });
    const noPhone = refusalOf(
      new ApiRequestError(400, "bad_request", "No verified phone.", {
        reason: "no_verified_phone",
      }),
    );
    expect(noPhone).toMatchObject({ reason: "no_verified_phone", message: "No verified phone." });
    expect(
      refusalOf(new ApiRequestError(400, "bad_request", "No script.", { reason: "no_script" })),
    ).toMatchObject({ reason: "no_script", title: "This assistant has no script yet" });
    expect(refusalOf(new ApiRequestError(403, "forbidden", "No."))).toMatchObject({
      reason: "forbidden",
    });
    // An unknown reason or a network failure: the message as given.
    expect(
      refusalOf(new ApiRequestError(0, "network", "Cannot reach Ringback.", { reason: "odd" })),
    ).toEqual({
      reason: "other",
      title: "The test call could not be placed",
      message: "Cannot reach Ringback.",
    });
  });

  it("lists the call's outcomes: Yes / No, numbers as read, Unknown when the call did not tell", () => {
    expect(
      outcomeRows([
        { key: "qualified", label: "Qualified?", type: "boolean", value: true },
        { key: "homeowner", label: "Homeowner?", type: "boolean", value: false },
        { key: "budget", label: "Monthly budget", type: "number", value: 1200 },
        { key: "roof", label: "Roof type", type: "choice", value: "Tile" },
        { key: "start", label: "Start date", type: "date", value: "2026-12-01" },
        { key: "notes", label: "Notes", type: "text", value: null },
      ]),
    ).toEqual([
      { key: "qualified", label: "Qualified?", value: "Yes", known: true },
      { key: "homeowner", label: "Homeowner?", value: "No", known: true },
      { key: "budget", label: "Monthly budget", value: "1,200", known: true },
      { key: "roof", label: "Roof type", value: "Tile", known: true },
      { key: "start", label: "Start date", value: "2026-12-01", known: true },
      { key: "notes", label: "Notes", value: "Unknown", known: false },
    ]);
    expect(outcomeRows([])).toEqual([]);
  });
});
