import { describe, expect, it } from "vitest";
import { retentionLabel, retentionSummary } from "./retention";

describe("retention on screen", () => {
  it("names periods as people say them", () => {
    expect([1, 7, 90, 365, 730, 400, null].map(retentionLabel)).toEqual([
      "1 day",
      "7 days",
      "90 days",
      "1 year",
      "2 years",
      "400 days",
      "Forever",
    ]);
  });

  it("says in a sentence what is kept and for how long", () => {
    expect(retentionSummary({ recordingDays: 90, transcriptDays: null })).toBe(
      "Recordings are deleted 90 days after the call. Transcripts are kept forever.",
    );
    expect(retentionSummary({ recordingDays: null, transcriptDays: 365 })).toBe(
      "Recordings are kept forever. Transcripts are deleted 1 year after the call.",
    );
  });
});
