import type { DBAdapter, Where } from "better-auth";
import { describe, expect, it } from "vitest";
import {
  createSessionTokens,
  hashSessionTokensAtRest,
  sessionTokenDigest,
} from "./session-tokens.ts";

type Row = Record<string, unknown>;

/** An in-memory stand-in for better-auth's adapter: eq, ne and in on plain fields. */
function memoryAdapter(tables: Record<string, Row[]>) {
  const matches = (row: Row, where: Where[] = []) =>
    where.every((w) => {
      const value = row[w.field];
      if (w.operator === "in") return (w.value as unknown[]).includes(value);
      if (w.operator === "ne") return value !== w.value;
      return value === w.value;
    });
  const table = (model: string) => {
    tables[model] ??= [];
    return tables[model];
  };
  const adapter = {
    id: "memory",
    create: async ({ model, data }: { model: string; data: Row }) => {
      table(model).push({ ...data });
      return { ...data };
    },
    findOne: async ({ model, where }: { model: string; where: Where[] }) =>
      table(model).find((row) => matches(row, where)) ?? null,
    findMany: async ({ model, where }: { model: string; where?: Where[] }) =>
      table(model).filter((row) => matches(row, where)),
    update: async ({ model, where, update }: { model: string; where: Where[]; update: Row }) => {
      const row = table(model).find((r) => matches(r, where));
      if (row) Object.assign(row, update);
      return row ?? null;
    },
    deleteMany: async ({ model, where }: { model: string; where: Where[] }) => {
      const before = table(model).length;
      tables[model] = table(model).filter((row) => !matches(row, where));
      return before - table(model).length;
    },
    transaction: async (callback: (trx: unknown) => Promise<unknown>) => callback(adapter),
  };
  return adapter as unknown as DBAdapter;
}

describe("session tokens hashed at rest", () => {
  const tokenFor = createSessionTokens("k".repeat(40));

  function setUp() {
    const tables: Record<string, Row[]> = {};
    const adapter = hashSessionTokensAtRest(() => memoryAdapter(tables), tokenFor)({});
    return { tables, adapter };
  }

  it("derives a distinct token per session and key", () => {
    expect(tokenFor("a")).toBe(tokenFor("a"));
    expect(tokenFor("a")).not.toBe(tokenFor("b"));
    expect(createSessionTokens("j".repeat(40))("a")).not.toBe(tokenFor("a"));
    expect(tokenFor("a")).toMatch(/^[\w-]{43}$/);
  });

  it("stores only the digest of a new session's token and hands back the token", async () => {
    const { tables, adapter } = setUp();
    const created = await adapter.create<Row>({
      model: "session",
      data: { token: "chosen-by-better-auth", userId: "u1" },
    });
    const id = created.id as string;
    expect(created.token).toBe(tokenFor(id));
    expect(tables.session).toEqual([{ id, token: sessionTokenDigest(tokenFor(id)), userId: "u1" }]);
  });

  it("finds, updates and deletes sessions by the token, never by the stored digest", async () => {
    const { tables, adapter } = setUp();
    const { id, token } = await adapter.create<Row>({ model: "session", data: { userId: "u1" } });
    const byToken = [{ field: "token", value: token as string }];
    expect(await adapter.findOne({ model: "session", where: byToken })).toMatchObject({
      id,
      token,
    });
    const stored = tables.session![0]!.token as string;
    expect(
      await adapter.findOne({ model: "session", where: [{ field: "token", value: stored }] }),
    ).toBeNull();
    expect(
      await adapter.update({ model: "session", where: byToken, update: { userAgent: "x" } }),
    ).toMatchObject({ token, userAgent: "x" });
    expect(
      await adapter.findMany({
        model: "session",
        where: [{ field: "token", operator: "in", value: [token as string, "other"] }],
      }),
    ).toMatchObject([{ id, token }]);
    expect(await adapter.deleteMany({ model: "session", where: byToken })).toBe(1);
    expect(tables.session).toEqual([]);
  });

  it("gives a row found otherwise its derived token, and a pre-upgrade row the token presented", async () => {
    const { tables, adapter } = setUp();
    const { id, token } = await adapter.create<Row>({ model: "session", data: { userId: "u1" } });
    tables.session!.push({ id: "old", token: sessionTokenDigest("random-legacy"), userId: "u1" });
    const listed = await adapter.findMany<Row>({
      model: "session",
      where: [{ field: "userId", value: "u1" }],
    });
    expect(listed.find((row) => row.id === id)?.token).toBe(token);
    expect(
      await adapter.findOne({
        model: "session",
        where: [{ field: "token", value: "random-legacy" }],
      }),
    ).toMatchObject({ id: "old", token: "random-legacy" });
  });

  it("leaves other models alone, also inside a transaction", async () => {
    const { tables, adapter } = setUp();
    await adapter.transaction(async (trx) => {
      await trx.create({ model: "verification", data: { token: "plain", identifier: "i" } });
      await trx.create({ model: "session", data: { userId: "u1" } });
    });
    expect(tables.verification).toEqual([{ token: "plain", identifier: "i" }]);
    expect(tables.session![0]!.token).toMatch(/^[0-9a-f]{64}$/);
  });
});
