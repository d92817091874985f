import { describe, expect, it } from "vitest";
import { sendTestSubmission, type TestSubmissionDeps } from "./test-submission.ts";

describe("Send a test submission", () => {
  it("is refused outside sandbox mode, before anything is read or sent", async () => {
    // Only `sandbox` may be read: any other dependency used throws.
    const deps = new Proxy({} as TestSubmissionDeps, {
      get(_target, key) {
        if (key === "sandbox") return false;
        throw new Error(`${String(key)} was used outside sandbox mode`);
      },
    });
    await expect(
      sendTestSubmission(deps, { organizationId: "o", assistantId: "a" }),
    ).rejects.toMatchObject({
      status: 409,
      message: "Test submissions are sent only in sandbox mode: send one from your tool instead.",
    });
  });
});
