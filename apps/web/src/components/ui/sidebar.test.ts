import { describe, expect, it } from "vitest";
import { readSidebarCookie, SIDEBAR_COOKIE_MAX_AGE } from "./sidebar";

describe("sidebar state cookie", () => {
  it("reads the remembered state among other cookies", () => {
    expect(readSidebarCookie("a=1; sidebar_state=false; b=2")).toBe(false);
    expect(readSidebarCookie("sidebar_state=true")).toBe(true);
    expect(readSidebarCookie("other_sidebar_state=true")).toBeUndefined();
    expect(readSidebarCookie("")).toBeUndefined();
  });

  it("is kept for 7 days", () => {
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(7 * 24 * 60 * 60);
  });
});
