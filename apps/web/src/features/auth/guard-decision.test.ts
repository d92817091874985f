import { describe, expect, it } from "vitest";
import { guardDecision } from "./guard-decision";

describe("route guard", () => {
  const base = { role: null, membershipLoading: false } as const;

  it("waits while auth loads, then sends signed-out users to login", () => {
    expect(guardDecision({ ...base, authStatus: "loading" })).toBe("loading");
    expect(guardDecision({ ...base, authStatus: "signed-out" })).toBe("login");
    expect(guardDecision({ ...base, authStatus: "signed-out", requiredRoles: ["owner"] })).toBe(
      "login",
    );
  });

  it("lets any signed-in user through when no role is required", () => {
    expect(guardDecision({ ...base, authStatus: "signed-in" })).toBe("allow");
  });

  it("checks a required role against the role in the current organization", () => {
    const signedIn = { authStatus: "signed-in", requiredRoles: ["owner", "admin"] } as const;
    expect(guardDecision({ ...signedIn, role: null, membershipLoading: true })).toBe("loading");
    expect(guardDecision({ ...signedIn, role: "admin", membershipLoading: false })).toBe("allow");
    expect(guardDecision({ ...signedIn, role: "member", membershipLoading: false })).toBe(
      "unauthorized",
    );
    expect(guardDecision({ ...signedIn, role: null, membershipLoading: false })).toBe(
      "unauthorized",
    );
  });
});
