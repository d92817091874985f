import { describe, expect, it } from "vitest";
import { readSidebarCookie, sidebarCookie } from "./sidebar";

describe("sidebar state cookie", () => {
  it("reads the remembered state among other cookies", () => {
    expect(readSidebarCookie("a=1; sidebar_state=false; b=2")).toBe(false);
    expect(readSidebarCookie("sidebar_state=true")).toBe(true);
    expect(readSidebarCookie("other_sidebar_state=true")).toBeUndefined();
    expect(readSidebarCookie("")).toBeUndefined();
  });

  it("is written for the whole site, kept for 7 days, and read back as written", () => {
    for (const open of [true, false]) {
      const [pair, ...attributes] = sidebarCookie(open).split("; ");
      expect(readSidebarCookie(`theme=dark; ${pair}`)).toBe(open);
      const attribute = (name: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${name}=`))?.split("=")[1];
      expect(Number(attribute("max-age")) / (24 * 60 * 60)).toBe(7);
      expect(attribute("path")).toBe("/");
      expect(attribute("samesite")?.toLowerCase()).toBe("lax");
    }
  });
});
