import { connectionErrorReasons } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { connectionReturnMessage } from "./connection-messages";

/** The source's name comes from its manifest; any name is worded the same way. */
const wording = (reason: string | null) => connectionReturnMessage("Typeform", reason);
const fallback = wording(null);

describe("provider connection return reasons", () => {
  // The reasons the server sends back (the contracts' list); access_denied is the person's own
  // choice at the provider, which gets the general message.
  const specific = connectionErrorReasons.filter((reason) => reason !== "access_denied");

  it("words each reason the server sends in its own message, not the general one", () => {
    const messages = specific.map(wording);
    for (const [i, message] of messages.entries()) {
      expect(message, specific[i]).not.toBe(fallback);
      expect(message, specific[i]).toMatch(/\.$/);
    }
    expect(new Set(messages).size).toBe(specific.length);
  });

  it("names any token exchange failure's code, and says what to check", () => {
    for (const reason of [
      "token_exchange_401",
      "token_exchange_500",
      "token_exchange_missing_code",
    ]) {
      const message = wording(reason);
      expect(message).toContain(`(${reason})`);
      expect(message).toMatch(/Typeform/);
      expect(message).toMatch(/redirect URI|credentials/);
    }
    // A refused redirect URI (403) says to check it; a failure to reach Typeform says try later.
    expect(wording("token_exchange_403")).toMatch(/403.*redirect URI/);
    expect(wording("token_exchange_exception")).toMatch(/try again later/i);
  });

  it("falls back to the general message for anything else, including a denied consent", () => {
    expect(fallback).toMatch(/try again/i);
    for (const reason of ["access_denied", "whatever", "", "db_errors"]) {
      expect(wording(reason), reason).toBe(fallback);
    }
  });
});
