import { callStatuses, leadOutcomes } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import {
  endedReasonText,
  formatAnswer,
  formatCallDate,
  formatClock,
  formatDuration,
  formatInstant,
  formatScheduledTime,
  leadOutcomeTone,
  spokenDuration,
  statusLabel,
  statusText,
  statusTone,
} from "@/lib/call-format";
import { pageWindow } from "@/lib/page-window";
import { formatPhone } from "@/lib/phone-format";
import { avatarUrl, emailHash, initials } from "./avatar";
import { lineAt, parseTranscript } from "./transcript";

describe("duration", () => {
  it("says a call's length to the second, and N/A without one", () => {
    expect(formatDuration(null)).toBe("N/A");
    expect(formatDuration(undefined)).toBe("N/A");
    expect(formatDuration(0)).toBe("N/A");
    expect(formatDuration(0.4)).toBe("0:01");
    expect(formatDuration(3)).toBe("0:03");
    expect(formatDuration(59)).toBe("0:59");
    expect(formatDuration(60)).toBe("1:00");
    expect(formatDuration(89.6)).toBe("1:30");
    expect(formatDuration(3725)).toBe("1:02:05");
  });

  it("formats dates like 'MMM d, yyyy h:mm a'", () => {
    const local = new Date(2026, 10, 3, 16, 5).toISOString();
    expect(formatCallDate(local)).toBe("Nov 3, 2026 4:05 PM");
    expect(formatCallDate(new Date(2026, 0, 12, 0, 9).toISOString())).toBe("Jan 12, 2026 12:09 AM");
    expect(formatInstant(new Date(2026, 2, 2, 15, 4, 5).toISOString())).toBe(
      "Mar 2, 2026 3:04:05 PM",
    );
  });
});

describe("an attempt's status", () => {
  it("is green only when a person answered; voicemail amber, pending blue, failed red", () => {
    expect(statusTone("answered")).toBe("success");
    expect(statusTone("voicemail")).toBe("warning");
    for (const pending of ["scheduled", "dialling", "ringing", "in-progress"] as const) {
      expect(statusTone(pending)).toBe("info");
    }
    expect(statusTone("failed")).toBe("danger");
    for (const quiet of ["no-answer", "busy", "canceled", "not-called"] as const) {
      expect(statusTone(quiet)).toBe("muted");
    }
    // Nothing but answered is the answered green.
    expect(callStatuses.filter((status) => statusTone(status) === "success")).toEqual(["answered"]);
  });

  it("says when a scheduled attempt is due: the time today, the date and time another day", () => {
    const now = new Date(2026, 10, 3, 9, 30);
    expect(formatScheduledTime(new Date(2026, 10, 3, 14, 5).toISOString(), now)).toBe("2:05 PM");
    expect(formatScheduledTime(new Date(2026, 10, 3, 23, 59).toISOString(), now)).toBe("11:59 PM");
    expect(formatScheduledTime(new Date(2026, 10, 4, 0, 10).toISOString(), now)).toBe(
      "Nov 4, 12:10 AM",
    );
    // The same day of another month or year is another day.
    expect(formatScheduledTime(new Date(2026, 11, 3, 14, 5).toISOString(), now)).toBe(
      "Dec 3, 2:05 PM",
    );
    expect(formatScheduledTime(new Date(2027, 10, 3, 14, 5).toISOString(), now)).toBe(
      "Nov 3, 2:05 PM",
    );
    expect(formatScheduledTime("not a date", now)).toBeNull();

    const today = new Date(2026, 10, 3, 14, 5).toISOString();
    expect(statusLabel("scheduled", today, now)).toBe("Scheduled for 2:05 PM");
    expect(statusLabel("scheduled", new Date(2026, 10, 5, 8, 0).toISOString(), now)).toBe(
      "Scheduled for Nov 5, 8:00 AM",
    );
    // Without a known time it is just Scheduled; other statuses keep their label.
    expect(statusLabel("scheduled", null, now)).toBe("Scheduled");
    expect(statusLabel("scheduled", "garbage", now)).toBe("Scheduled");
    expect(statusLabel("ringing", today, now)).toBe("Ringing");
    expect(statusLabel("in-progress")).toBe("In progress");
  });

  it("says why it ended, beside the status", () => {
    expect(statusText({ status: "failed", endedReason: "carrier-error" })).toBe(
      "Failed · Carrier error",
    );
    expect(statusText({ status: "failed", endedReason: "invalid-number" })).toBe(
      "Failed · Invalid number",
    );
    expect(statusText({ status: "voicemail", endedReason: "voicemail-message-left" })).toBe(
      "Voicemail · Message left",
    );
    expect(statusText({ status: "not-called", endedReason: "blocked-dnc" })).toBe(
      "Not called · Blocked: on do-not-call list",
    );
    expect(statusText({ status: "answered", endedReason: "transferred" })).toBe(
      "Answered · Transferred",
    );
    expect(statusText({ status: "canceled", endedReason: "canceled-by-user" })).toBe(
      "Canceled · Canceled by a team member",
    );
    // No reason given: the status alone.
    expect(statusText({ status: "failed", endedReason: null })).toBe("Failed");
    // A reason that only repeats the status is left out; a pending attempt has none to show.
    expect(endedReasonText("busy", "busy")).toBeNull();
    expect(endedReasonText("no-answer", "declined")).toBe("Declined by the lead");
    // Beside the Voicemail badge, the reason does not say voicemail again.
    expect(endedReasonText("voicemail", "voicemail-message-left")).toBe("Message left");
    expect(endedReasonText("voicemail", "voicemail-no-message")).toBe("No message left");
    expect(endedReasonText("in-progress", "hung-up-by-lead")).toBeNull();
    expect(
      statusText(
        {
          status: "scheduled",
          endedReason: null,
          scheduledFor: new Date(2026, 0, 2, 9).toISOString(),
        },
        new Date(2026, 0, 2, 8),
      ),
    ).toBe("Scheduled for 9:00 AM");
  });

  it("makes opted-out and transferred leads stand out", () => {
    expect(leadOutcomeTone("opted-out")).toBe("danger");
    expect(leadOutcomeTone("transferred")).toBe("default");
    expect(leadOutcomeTone("meeting-booked")).toBe("success");
    for (const quiet of ["reached", "voicemail-left", "not-reached-yet", "not-reached"] as const) {
      expect(leadOutcomeTone(quiet)).toBe("outline");
    }
    // Opted out and transferred each have a look of their own.
    const loud: string[] = ["opted-out", "transferred"];
    const others = leadOutcomes.filter((o) => !loud.includes(o));
    for (const outcome of ["opted-out", "transferred"] as const) {
      expect(others.map(leadOutcomeTone)).not.toContain(leadOutcomeTone(outcome));
    }
  });
});

describe("the person and their answers", () => {
  it("shows stored phone numbers as people read them, and anything else as stored", () => {
    expect(formatPhone("+14155550123")).toBe("+1 415 555 0123");
    expect(formatPhone("+447911123456")).toBe("+44 7911 123456");
    // An invalid number (stored as typed, never called) stays as typed.
    expect(formatPhone("555-CALL-NOW")).toBe("555-CALL-NOW");
    expect(formatPhone("  ")).toBeNull();
    expect(formatPhone(null)).toBeNull();
  });

  it("writes answers as text: Yes/No, lists, numbers as typed, 'No answer' for none", () => {
    expect(formatAnswer(true)).toBe("Yes");
    expect(formatAnswer(false)).toBe("No");
    expect(formatAnswer(["Kitchen", "Roof"])).toBe("Kitchen, Roof");
    expect(formatAnswer([])).toBe("No answer");
    expect(formatAnswer(94110)).toBe("94110");
    expect(formatAnswer(0)).toBe("0");
    expect(formatAnswer("  Sí  ")).toBe("Sí");
    expect(formatAnswer("")).toBe("No answer");
    expect(formatAnswer(null)).toBe("No answer");
  });
});

describe("the player's clock", () => {
  it("shows elapsed and total time as m:ss (h:mm:ss past an hour)", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(7.9)).toBe("0:07");
    expect(formatClock(65)).toBe("1:05");
    expect(formatClock(750)).toBe("12:30");
    expect(formatClock(3723)).toBe("1:02:03");
    expect(formatClock(null)).toBe("--:--");
    expect(formatClock(Number.NaN)).toBe("--:--");
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe("--:--");
  });

  it("says the time in words for screen readers", () => {
    expect(spokenDuration(0)).toBe("0 seconds");
    expect(spokenDuration(1)).toBe("1 second");
    expect(spokenDuration(65)).toBe("1 minute 5 seconds");
    expect(spokenDuration(3600)).toBe("1 hour");
    expect(spokenDuration(null)).toBe("unknown");
  });
});

describe("transcripts", () => {
  const expected = [
    { from: "assistant", text: "Hi Ana", atSeconds: null },
    { from: "respondent", text: "Hello", atSeconds: null },
  ];

  it("times each line from the call's first timed entry, or by its offset", () => {
    const lines = parseTranscript([
      { speaker: "agent-action", text: "Call started", at: "2026-11-03T16:00:00.000Z" },
      { speaker: "assistant", text: "Hi Ana", at: "2026-11-03T16:00:01.500Z" },
      { speaker: "user", text: "Hello", at: "2026-11-03T16:00:04.000Z" },
      { speaker: "user", text: "No time" },
    ]);
    expect(lines.map((l) => l.atSeconds)).toEqual([1.5, 4, null]);
    // Bland's created_at, Vapi's secondsFromStart.
    expect(
      parseTranscript([
        { user: "assistant", text: "Hi", created_at: "2026-11-03T16:00:00Z" },
        { user: "user", text: "Yes", created_at: "2026-11-03T16:00:07Z" },
      ]).map((l) => l.atSeconds),
    ).toEqual([0, 7]);
    expect(
      parseTranscript([
        { role: "bot", message: "Hi", secondsFromStart: 0.4 },
        { role: "user", message: "Hey", secondsFromStart: 2.25 },
      ]).map((l) => l.atSeconds),
    ).toEqual([0.4, 2.25]);
  });

  it("reads an array, with agent-action hidden and either speaker style", () => {
    expect(
      parseTranscript([
        { speaker: "assistant", text: "Hi Ana" },
        { speaker: "agent-action", text: "Ended the call" },
        { speaker: "user", text: "Hello" },
      ]),
    ).toEqual(expected);
    expect(
      parseTranscript([
        { role: "agent", message: "Hi Ana" },
        { role: "customer", message: "Hello" },
      ]),
    ).toEqual(expected);
    // Bland's own field name for the speaker is `user`.
    expect(
      parseTranscript([
        { user: "assistant", text: "Hi Ana" },
        { user: "user", text: "Hello" },
      ]),
    ).toEqual(expected);
  });

  it("reads a JSON string, an object with turns, and an object holding an array", () => {
    const array = [
      { speaker: "assistant", text: "Hi Ana" },
      { speaker: "respondent", text: "Hello" },
    ];
    expect(parseTranscript(JSON.stringify(array))).toEqual(expected);
    expect(parseTranscript({ turns: array })).toEqual(expected);
    expect(parseTranscript({ transcript: array, id: 3 })).toEqual(expected);
    expect(parseTranscript({ messages: JSON.stringify(array) })).toEqual(expected);
  });

  it("marks the line being said as the recording plays", () => {
    const lines = [{ atSeconds: 0 }, { atSeconds: 3.2 }, { atSeconds: null }, { atSeconds: 9 }];
    expect(lineAt(lines, 0)).toBe(0);
    expect(lineAt(lines, 3.19)).toBe(1);
    expect(lineAt(lines, 8.9)).toBe(1);
    expect(lineAt(lines, 60)).toBe(3);
    expect(lineAt([{ atSeconds: 2 }], 1)).toBe(-1);
    expect(lineAt([], 5)).toBe(-1);
  });

  it("gives nothing for nothing, and skips entries without text", () => {
    expect(parseTranscript(null)).toEqual([]);
    expect(parseTranscript("not json")).toEqual([]);
    expect(parseTranscript({ summary: "x" })).toEqual([]);
    expect(parseTranscript([{ speaker: "assistant" }, 4, null])).toEqual([]);
  });
});

describe("page numbers", () => {
  it("shows every page up to five", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it("shows first, last and neighbours with ellipses beyond five", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, "ellipsis-end", 10]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, "ellipsis-end", 10]);
    expect(pageWindow(5, 10)).toEqual([1, "ellipsis-start", 4, 5, 6, "ellipsis-end", 10]);
    expect(pageWindow(9, 10)).toEqual([1, "ellipsis-start", 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([1, "ellipsis-start", 9, 10]);
    expect(pageWindow(3, 6)).toEqual([1, 2, 3, 4, "ellipsis-end", 6]);
  });
});

describe("the avatar", () => {
  it("is keyed by the SHA-256 of the trimmed, lower-cased email, at 80 px", async () => {
    // Gravatar's documented example address and its SHA-256.
    expect(await emailHash("  MyEmailAddress@example.com ")).toBe(
      "84059b07d4be67b806386c0aad8070a23f18836bbaae342275dc0a83414c32ee",
    );
    expect(await avatarUrl("a@b.co")).toMatch(
      /^https:\/\/www\.gravatar\.com\/avatar\/[0-9a-f]{64}\?s=80&d=404$/,
    );
  });

  it("falls back to initials", () => {
    expect(initials("Ana Lima", null)).toBe("AL");
    expect(initials("Ana", null)).toBe("AN");
    expect(initials(null, "joao.silva@example.com")).toBe("JS");
    expect(initials(null, null)).toBe("?");
  });
});
