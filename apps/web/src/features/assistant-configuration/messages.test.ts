import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import { helpVideo } from "./help-content";
import { activationErrorToast, isNotFound } from "./messages";

describe("activation toasts", () => {
  it("names the webhook when the provider refused it", () => {
    expect(
      activationErrorToast(new ApiRequestError(502, "provider_error", "No webhook ID returned")),
    ).toBe("Failed to create webhook: No webhook ID returned");
  });

  it("reads 'Failed to activate assistant' otherwise", () => {
    expect(
      activationErrorToast(
        new ApiRequestError(409, "conflict", "Finish the earlier steps before activating."),
      ),
    ).toBe("Failed to activate assistant: Finish the earlier steps before activating.");
    expect(activationErrorToast(new Error("boom"))).toBe("Failed to activate assistant: boom");
  });
});

describe("loading errors", () => {
  it("treats 404 and a malformed id as not found", () => {
    expect(isNotFound(new ApiRequestError(404, "not_found", "Assistant not found"))).toBe(true);
    expect(isNotFound(new ApiRequestError(400, "bad_request", "Invalid id"))).toBe(true);
    expect(isNotFound(new ApiRequestError(500, "internal", "x"))).toBe(false);
    expect(isNotFound(new Error("x"))).toBe(false);
  });
});

describe("help video", () => {
  it("embeds the privacy-enhanced player for an 11-character id", () => {
    expect(helpVideo("https://youtu.be/dQw4w9WgXcQ")).toEqual({
      id: "dQw4w9WgXcQ",
      embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0",
      watchUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
  });

  it("shows no video for a missing or malformed link", () => {
    expect(helpVideo(undefined)).toBeNull();
    expect(helpVideo("")).toBeNull();
    expect(helpVideo("https://youtu.be/short")).toBeNull();
  });
});
