import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import { formatSecret, secretFromTotpUri, twoFactorErrorMessage } from "./totp";

describe("secretFromTotpUri", () => {
  it("reads the secret of an otpauth URI", () => {
    expect(
      secretFromTotpUri(
        "otpauth://totp/Ringback:dana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Ringback&digits=6&period=30",
      ),
    ).toBe("JBSWY3DPEHPK3PXP");
  });

  it("gives null for anything else", () => {
    expect(secretFromTotpUri("not a uri")).toBeNull();
    expect(secretFromTotpUri("otpauth://totp/Ringback")).toBeNull();
  });
});

describe("formatSecret", () => {
  it("groups by four", () => {
    expect(formatSecret("JBSWY3DPEHPK3PXPAB")).toBe("JBSW Y3DP EHPK 3PXP AB");
    expect(formatSecret("")).toBe("");
  });
});

describe("twoFactorErrorMessage", () => {
  it("turns known codes into plain words and keeps other server messages", () => {
    expect(
      twoFactorErrorMessage(new ApiRequestError(401, "INVALID_CODE", "Invalid code"), "x"),
    ).toBe("Invalid verification code");
    expect(twoFactorErrorMessage(new ApiRequestError(500, "X", "Boom"), "x")).toBe("Boom");
    expect(twoFactorErrorMessage(new Error("?"), "Fallback")).toBe("Fallback");
  });
});
