import type { Organization } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { organizationNameError } from "./organization-name";
import { pickCurrentOrganization } from "./organizations";

const org = (id: string): Organization => ({
  id,
  name: id,
  logo_url: null,
  role: "owner",
  created_at: "2026-11-22T00:00:00.000Z",
});

describe("current organization", () => {
  it("is the last used one while it is still available", () => {
    expect(pickCurrentOrganization([org("a"), org("b")], "b")?.id).toBe("b");
  });

  it("falls back to the first when the last one is gone or unknown", () => {
    expect(pickCurrentOrganization([org("a"), org("b")], "gone")?.id).toBe("a");
    expect(pickCurrentOrganization([org("a")], null)?.id).toBe("a");
  });

  it("is none without organizations", () => {
    expect(pickCurrentOrganization([], "a")).toBeNull();
  });
});

describe("organization name", () => {
  it("must not be blank after trimming", () => {
    expect(organizationNameError("   ")).toBe("Enter an organization name");
    expect(organizationNameError("")).toBe("Enter an organization name");
  });
  it("is at most 200 characters", () => {
    expect(organizationNameError("a".repeat(201))).toBe("Use at most 200 characters");
    expect(organizationNameError(" Acme ")).toBeNull();
  });
});
