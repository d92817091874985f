import { describe, expect, it } from "vitest";
import { recordingContentType } from "./recordings.ts";

describe("the type a recording is served with", () => {
  it("keeps an audio type the provider reports, without its parameters", () => {
    expect(recordingContentType("audio/mpeg", "https://x/a")).toBe("audio/mpeg");
    expect(recordingContentType("Audio/WAV; codec=1", "https://x/a")).toBe("audio/wav");
  });

  it("never serves a non-audio type: guesses from the extension, else octet-stream", () => {
    expect(recordingContentType("text/html", "https://x/call.mp3")).toBe("audio/mpeg");
    expect(recordingContentType("application/octet-stream", "https://x/c.wav?sig=1")).toBe(
      "audio/wav",
    );
    expect(recordingContentType(null, "https://x/recording")).toBe("application/octet-stream");
    expect(recordingContentType("text/html", "https://x/page.html")).toBe(
      "application/octet-stream",
    );
    expect(recordingContentType(null, "not a url")).toBe("application/octet-stream");
  });
});
