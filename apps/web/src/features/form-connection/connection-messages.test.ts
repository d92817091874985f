import { describe, expect, it } from "vitest";
import { connectionReturnMessage } from "./connection-messages";

describe("provider connection return reasons (SPEC.md §8)", () => {
  it("words each reason", () => {
    expect(connectionReturnMessage("token_exchange_403")).toBe(
      "Typeform authorization failed (403 Forbidden). Please verify your redirect URI configuration in Typeform.",
    );
    expect(connectionReturnMessage("token_exchange_401")).toBe(
      "Failed to authenticate with Typeform (token_exchange_401). The redirect URI or client credentials may be incorrect. Please check your Typeform app configuration.",
    );
    expect(connectionReturnMessage("token_exchange_exception")).toBe(
      "Connection error with Typeform. Please try again later.",
    );
    expect(connectionReturnMessage("db_error")).toBe(
      "Failed to save your credentials. Please try again.",
    );
    expect(connectionReturnMessage("missing_user_id")).toBe(
      "Authentication session expired. Please try again.",
    );
    expect(connectionReturnMessage("invalid_state")).toBe(
      "Invalid state parameter in the OAuth response. Please try again.",
    );
  });

  it("falls back to the default for anything else, including a denied consent", () => {
    for (const reason of ["access_denied", "whatever", null]) {
      expect(connectionReturnMessage(reason)).toBe(
        "Failed to connect your account. Please try again.",
      );
    }
  });
});
