import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./api-client";
import { serverFieldErrors } from "./form-errors";

describe("serverFieldErrors", () => {
  it("maps each issue to its field, first message per field", () => {
    const error = new ApiRequestError(400, "validation_failed", "Enter a valid email address", {
      issues: [
        { path: "email", message: "Enter a valid email address" },
        { path: "email", message: "second" },
        { path: "name", message: "Enter an organization name" },
        { path: "other.deep", message: "not a field of this form" },
      ],
    });
    expect(serverFieldErrors(error, ["email", "name"])).toEqual({
      email: "Enter a valid email address",
      name: "Enter an organization name",
    });
  });
  it("is empty for errors without issues", () => {
    expect(serverFieldErrors(new ApiRequestError(409, "conflict", "taken"), ["email"])).toEqual({});
    expect(serverFieldErrors(new Error("boom"), ["email"])).toEqual({});
  });
});
