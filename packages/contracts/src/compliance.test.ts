import { describe, expect, it } from "vitest";
import {
  addDoNotCallSchema,
  cleanDoNotCallReason,
  csvFileProblem,
  DO_NOT_CALL_REASON_MAX,
} from "./compliance.ts";

describe("do-not-call reasons", () => {
  it("are one line without control characters", () => {
    expect(cleanDoNotCallReason("  Asked\u0007 by\u001b[31m email\u0000 ")).toBe(
      "Asked by[31m email",
    );
    expect(cleanDoNotCallReason("Called\r\nback\tlater\u0085")).toBe("Called back later");
    expect(cleanDoNotCallReason("Bitte nicht mehr anrufen — 👋")).toBe(
      "Bitte nicht mehr anrufen — 👋",
    );
  });

  it("are cleaned before their length is checked, in Add Number", () => {
    const parsed = addDoNotCallSchema.parse({ phoneNumber: "+14155550100", reason: "a\u0007b\nc" });
    expect(parsed.reason).toBe("ab c");
    const long = addDoNotCallSchema.safeParse({
      phoneNumber: "+14155550100",
      reason: "r".repeat(DO_NOT_CALL_REASON_MAX + 1),
    });
    expect(long.success).toBe(false);
    expect(
      addDoNotCallSchema.safeParse({
        phoneNumber: "+14155550100",
        reason: `${"r".repeat(DO_NOT_CALL_REASON_MAX)}\u0007\u0007`,
      }).success,
    ).toBe(true);
  });
});

describe("a CSV text file", () => {
  it("is UTF-8 text with no control characters but tab and line breaks", () => {
    expect(csvFileProblem('Phone,Reason\r\n+14155550100,"Asked\tby\nemail"\n')).toBeNull();
    expect(csvFileProblem("\uFEFFPhone\n+49 30 1234567,Grüße\n")).toBeNull();
  });

  it("is not what was not UTF-8 (decoded, its bytes became U+FFFD) nor holds a lone surrogate", () => {
    // "Grüße" saved as Latin-1 (ü and ß are single bytes, not UTF-8), as a UTF-8 reader decodes it.
    const latin1 = "Gr\uFFFD\uFFFDe";
    expect(csvFileProblem(latin1)).toMatch(/not UTF-8/);
    expect(csvFileProblem("abc\uD800def")).toMatch(/not UTF-8/);
  });

  it("holds no NUL nor other control character, and says on which line", () => {
    expect(csvFileProblem("Phone\n\u0000")).toMatch(/binary/);
    expect(csvFileProblem("Phone\r\n+14155550100\r\nx\u0007")).toBe(
      "The file is not a CSV text file: line 3 holds a control character (U+0007).",
    );
    expect(csvFileProblem("a\u007f")).toMatch(/U\+007F/);
    expect(csvFileProblem("a\u0085")).toMatch(/U\+0085/);
  });
});
