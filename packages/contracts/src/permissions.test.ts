import { describe, expect, it } from "vitest";
import { can, permissions } from "./permissions.ts";

describe("permissions", () => {
  it("lets only the owner rename and remove members", () => {
    expect(can("owner", "organization:update")).toBe(true);
    expect(can("admin", "organization:update")).toBe(false);
    expect(can("member", "organization:update")).toBe(false);
    expect(can("owner", "members:remove")).toBe(true);
    expect(can("admin", "members:remove")).toBe(false);
  });

  it("lets owners and admins invite and cancel, not members", () => {
    for (const permission of ["invitations:create", "invitations:cancel"] as const) {
      expect(can("owner", permission)).toBe(true);
      expect(can("admin", permission)).toBe(true);
      expect(can("member", permission)).toBe(false);
    }
  });

  it("lets every member read, and nobody without a role do anything", () => {
    for (const permission of Object.keys(permissions) as (keyof typeof permissions)[]) {
      expect(can(null, permission)).toBe(false);
      expect(can(undefined, permission)).toBe(false);
    }
    expect(can("member", "organization:read")).toBe(true);
    expect(can("member", "members:read")).toBe(true);
  });
});
