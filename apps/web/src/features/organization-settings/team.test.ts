import { describe, expect, it } from "vitest";
import {
  apiKeysRevokedNotice,
  canChangeRole,
  canRemoveMember,
  formatDateSent,
  inviteEmailError,
  memberEmail,
  memberName,
} from "./team";

describe("team display rules", () => {
  it("shows 'Unknown' for a missing or blank name", () => {
    expect(memberName({ full_name: "Dana Scully" })).toBe("Dana Scully");
    expect(memberName({ full_name: null })).toBe("Unknown");
    expect(memberName({ full_name: "   " })).toBe("Unknown");
  });

  it("shows 'No email' for a missing email", () => {
    expect(memberEmail({ email: "dana@example.com" })).toBe("dana@example.com");
    expect(memberEmail({ email: null })).toBe("No email");
  });

  it("offers Remove to owners only, never on their own row", () => {
    const other = { user_id: "u2", role: "member" as const };
    const admin = { user_id: "u3", role: "admin" as const };
    const self = { user_id: "u1", role: "owner" as const };
    expect(canRemoveMember("owner", "u1", other)).toBe(true);
    expect(canRemoveMember("owner", "u1", admin)).toBe(true);
    expect(canRemoveMember("owner", "u1", self)).toBe(false);
    expect(canRemoveMember("owner", "u1", { user_id: "u4", role: "owner" })).toBe(false);
    expect(canRemoveMember("admin", "u3", other)).toBe(false);
    expect(canRemoveMember("member", "u2", admin)).toBe(false);
    expect(canRemoveMember(null, null, other)).toBe(false);
  });

  it("formats the date an invitation was sent", () => {
    expect(formatDateSent("2026-03-04T12:00:00.000Z")).toBe("Mar 4, 2026");
    expect(formatDateSent("not a date")).toBe("not a date");
  });
});

describe("invitation email", () => {
  it("needs a non-empty, well-formed email", () => {
    expect(inviteEmailError("  ")).toBe("Enter an email address");
    expect(inviteEmailError("dana@")).toBe("Enter a valid email address");
    expect(inviteEmailError(" Dana@Example.com ")).toBeNull();
  });
});

describe("changing roles and what goes with them", () => {
  const admin = { user_id: "u2", role: "admin" as const, active_api_keys: 2 };
  it("lets owners change others' roles, never their own or an owner's", () => {
    expect(canChangeRole("owner", "u1", admin)).toBe(true);
    expect(canChangeRole("owner", "u2", admin)).toBe(false);
    expect(canChangeRole("owner", "u1", { user_id: "u3", role: "owner" })).toBe(false);
    expect(canChangeRole("admin", "u1", admin)).toBe(false);
    expect(canChangeRole(null, null, admin)).toBe(false);
  });

  it("says how many API keys are revoked with a member's access", () => {
    expect(apiKeysRevokedNotice(admin)).toBe("Their 2 API keys will be revoked.");
    expect(apiKeysRevokedNotice({ active_api_keys: 1 })).toBe("Their API key will be revoked.");
    expect(apiKeysRevokedNotice({ active_api_keys: 0 })).toBeNull();
  });
});
