import { APIError } from "better-auth";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  DatabaseDeadlineError,
  isDatabaseUnavailable,
  withDatabaseDeadline,
} from "./database-unavailable.ts";

/** pg's error for a server message, with its SQLSTATE. */
function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, "error");
  error.code = code;
  return error;
}

/** A socket error as Node makes it. */
function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: "connect" });
}

const wrapped = (cause: unknown) => new DrizzleQueryError("select 1", [], cause as Error);

describe("isDatabaseUnavailable", () => {
  it("recognises a database that cannot be reached, however it is wrapped", () => {
    for (const error of [
      socketError("ECONNREFUSED"),
      socketError("ECONNRESET"),
      socketError("ETIMEDOUT"),
      new Error("Connection terminated unexpectedly"),
      new Error("Connection terminated due to connection timeout"),
      new Error("timeout exceeded when trying to connect"),
      new Error("Client has encountered a connection error and is not queryable"),
      serverError("57P01", "terminating connection due to administrator command"),
      serverError("57P02", "terminating connection due to crash of another server process"),
      serverError("57P03", "the database system is starting up"),
      serverError("08006", "connection failure"),
      serverError("53300", "sorry, too many clients already"),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      // Drizzle's wrapper, and better-auth's wrapper around that.
      expect(isDatabaseUnavailable(wrapped(error)), `wrapped ${error}`).toBe(true);
      const apiError = APIError.from("INTERNAL_SERVER_ERROR", {
        code: "FAILED_TO_GET_SESSION",
        message: "Failed to get session",
      });
      Object.assign(apiError, { cause: wrapped(error) });
      expect(isDatabaseUnavailable(apiError)).toBe(true);
    }
    expect(
      isDatabaseUnavailable(new AggregateError([socketError("ECONNREFUSED")], "all failed")),
    ).toBe(true);
  });

  it("leaves ordinary query errors and other services' failures as they are (bugs: 500)", () => {
    for (const error of [
      serverError("23505", "duplicate key value violates unique constraint"),
      serverError("42P01", 'relation "nope" does not exist'),
      serverError("22P02", "invalid input syntax for type uuid"),
      serverError("57014", "canceling statement due to statement timeout"),
      new Error("Something else"),
      new TypeError("fetch failed", { cause: socketError("ECONNREFUSED") }),
      "a string",
      null,
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
      expect(isDatabaseUnavailable(wrapped(error)), `wrapped ${error}`).toBe(false);
    }
  });

  it("survives a cause cycle", () => {
    const a = new Error("a");
    const b = new Error("b", { cause: a });
    Object.assign(a, { cause: b });
    expect(isDatabaseUnavailable(a)).toBe(false);
  });

  it("reads a missed deadline as unavailable, and gives up on work that never settles", async () => {
    expect(isDatabaseUnavailable(new DatabaseDeadlineError("A form delivery", 10))).toBe(true);
    await expect(
      withDatabaseDeadline(new Promise<never>(() => undefined), 20, "A form delivery"),
    ).rejects.toBeInstanceOf(DatabaseDeadlineError);
    await expect(withDatabaseDeadline(Promise.resolve(7), 1000, "x")).resolves.toBe(7);
    await expect(
      withDatabaseDeadline(Promise.reject(new Error("boom")), 1000, "x"),
    ).rejects.toThrow("boom");
  });
});
