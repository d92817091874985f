import { describe, expect, it } from "vitest";
import { createSecretBox } from "../lib/secret-box.ts";
import { signLink, verifyLink } from "./signed-links.ts";

const box = createSecretBox("k".repeat(40));
const subject = { userId: "user-1", sessionId: "session-1" };
const path = "/api/organizations/o/call-records/r/recording";
const inAnHour = new Date(Date.now() + 3600_000);

const parse = (link: string) => {
  const url = new URL(link, "http://x");
  return { pathname: url.pathname, query: url.searchParams };
};

describe("signed links", () => {
  it("verifies for the path, user and session it was issued for", () => {
    const { pathname, query } = parse(signLink(box, path, subject, inAnHour));
    expect(pathname).toBe(path);
    expect(verifyLink(box, pathname, query)).toEqual(subject);
  });

  it("refuses another path, a changed user, session or expiry, and another key", () => {
    const { query } = parse(signLink(box, path, subject, inAnHour));
    expect(verifyLink(box, `${path}x`, query)).toBeNull();
    for (const [name, value] of [
      ["uid", "user-2"],
      ["sid", "session-2"],
      ["exp", String(Number(query.get("exp")) + 1)],
      ["sig", `${query.get("sig")}A`],
    ] as const) {
      const changed = new URLSearchParams(query);
      changed.set(name, value);
      expect(verifyLink(box, path, changed)).toBeNull();
    }
    expect(verifyLink(createSecretBox("j".repeat(40)), path, query)).toBeNull();
  });

  it("expires", () => {
    const { query } = parse(signLink(box, path, subject, new Date(Date.now() + 1000)));
    expect(verifyLink(box, path, query, new Date(Date.now() + 2000))).toBeNull();
    const missing = new URLSearchParams(query);
    missing.delete("exp");
    expect(verifyLink(box, path, missing)).toBeNull();
  });
});
