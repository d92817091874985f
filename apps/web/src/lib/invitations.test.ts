import { describe, expect, it } from "vitest";
import { invitationTokenFrom, roleWithArticle, signupFromInvitationPath } from "./invitations";

const token = "a".repeat(64);

describe("invitationTokenFrom", () => {
  it("reads the token from the sign-up link", () => {
    expect(invitationTokenFrom(signupFromInvitationPath(token).split("?")[1]!, undefined)).toBe(
      token,
    );
    expect(invitationTokenFrom(`?invitation=${token}`, undefined)).toBe(token);
  });
  it("reads it from the invitation page the visitor came from", () => {
    expect(invitationTokenFrom("", `/invitations/${token}`)).toBe(token);
  });
  it("ignores anything that is not a token", () => {
    expect(invitationTokenFrom("?invitation=abc", undefined)).toBeNull();
    expect(invitationTokenFrom("", "/admin/dashboard")).toBeNull();
    expect(invitationTokenFrom("", `/invitations/${token}/x`)).toBeNull();
    expect(invitationTokenFrom("", undefined)).toBeNull();
  });
});

describe("roleWithArticle", () => {
  it("reads naturally", () => {
    expect(roleWithArticle("admin")).toBe("an admin");
    expect(roleWithArticle("member")).toBe("a member");
  });
});
