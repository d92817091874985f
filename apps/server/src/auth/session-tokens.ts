import { createHash, createHmac, hkdfSync, randomUUID } from "node:crypto";
import type { BetterAuthOptions, DBAdapter, DBTransactionAdapter, Where } from "better-auth";

/** What `sessions.token` holds: the SHA-256 (hex) of the token in the browser's cookie. */
export function sessionTokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A session's token: an HMAC of its id under a key derived from SECRET_KEY. The database stores
 * only the token's digest, so a copy of it signs nobody in; the server can still rebuild the token
 * of a session it knows by id (the access-token exchange sets the cookie of the token's session).
 */
export function createSessionTokens(secretKey: string): (sessionId: string) => string {
  const key = Buffer.from(hkdfSync("sha256", secretKey, "ringback", "session-token:v1", 32));
  return (sessionId) => createHmac("sha256", key).update(sessionId).digest("base64url");
}

type Row = Record<string, unknown>;
type Methods = Omit<DBTransactionAdapter, "id" | "options" | "createSchema">;

const isSession = (model: string) => model === "session" || model === "sessions";
const TOKEN_OPERATORS = new Set([undefined, "eq", "ne", "in", "not_in"]);

/**
 * Wraps better-auth's database adapter so that session tokens are hashed at rest (ADR 0011):
 *
 * - a new session gets its id here and the token `tokenFor(id)`; the row stores its digest;
 * - every query on `session.token` compares digests (the presented token is hashed, never the
 *   stored value trusted as a token);
 * - rows handed back to better-auth carry the plain token: the one the query named, or else
 *   `tokenFor(id)`. Sessions from before the change (hashed in place by migration 0017) keep
 *   their random tokens and work wherever they are looked up by token, which is every sign-in,
 *   refresh and sign-out.
 *
 * better-auth has no option for this (1.7); its adapter interface is the one place every session
 * read and write passes through.
 */
export function hashSessionTokensAtRest(
  factory: (options: BetterAuthOptions) => DBAdapter,
  tokenFor: (sessionId: string) => string,
): (options: BetterAuthOptions) => DBAdapter {
  /** The clause with each named token replaced by its digest, and the tokens by digest. */
  function hashWhere(where: Where[] | undefined) {
    const named = new Map<string, string>();
    const hash = (value: unknown) => {
      if (typeof value !== "string") return value;
      const digest = sessionTokenDigest(value);
      named.set(digest, value);
      return digest;
    };
    const hashed = where?.map((clause): Where => {
      if (clause.field !== "token" || !TOKEN_OPERATORS.has(clause.operator)) return clause;
      const value = Array.isArray(clause.value) ? clause.value.map(hash) : hash(clause.value);
      return { ...clause, value: value as Where["value"] };
    });
    return { where: hashed, named };
  }

  function reveal<T>(row: T, named: Map<string, string>): T {
    if (!row || typeof row !== "object") return row;
    const stored = (row as Row).token;
    const id = (row as Row).id;
    if (typeof stored !== "string") return row;
    const token = named.get(stored) ?? (typeof id === "string" ? tokenFor(id) : stored);
    return { ...row, token };
  }

  /** Replaces the methods of one adapter object (better-auth's or a transaction's) in place. */
  function install<A extends Methods>(adapter: A): A {
    const inner: Methods = { ...adapter };
    const session = (model: string) => isSession(model);

    adapter.create = (async (args) => {
      if (!session(args.model)) return inner.create(args);
      const data = args.data as Row;
      const id = typeof data.id === "string" ? data.id : randomUUID();
      const token = tokenFor(id);
      const created = await inner.create<Row>({
        ...args,
        data: { ...data, id, token: sessionTokenDigest(token) },
        forceAllowId: true,
      });
      return { ...created, token };
    }) as Methods["create"];

    adapter.findOne = (async (args) => {
      if (!session(args.model)) return inner.findOne(args);
      const { where, named } = hashWhere(args.where);
      return reveal(await inner.findOne({ ...args, where: where ?? [] }), named);
    }) as Methods["findOne"];

    adapter.findMany = (async (args) => {
      if (!session(args.model)) return inner.findMany(args);
      const { where, named } = hashWhere(args.where);
      const rows = await inner.findMany({ ...args, where });
      return rows.map((row) => reveal(row, named));
    }) as Methods["findMany"];

    adapter.consumeOne = (async (args) => {
      if (!session(args.model)) return inner.consumeOne(args);
      const { where, named } = hashWhere(args.where);
      return reveal(await inner.consumeOne({ ...args, where: where ?? [] }), named);
    }) as Methods["consumeOne"];

    adapter.incrementOne = (async (args) => {
      if (!session(args.model)) return inner.incrementOne(args);
      const { where, named } = hashWhere(args.where);
      return reveal(await inner.incrementOne({ ...args, where: where ?? [] }), named);
    }) as Methods["incrementOne"];

    adapter.update = (async (args) => {
      if (!session(args.model)) return inner.update(args);
      const { where, named } = hashWhere(args.where);
      const update = { ...args.update };
      if (typeof update.token === "string") update.token = sessionTokenDigest(update.token);
      return reveal(await inner.update({ ...args, where: where ?? [], update }), named);
    }) as Methods["update"];

    adapter.updateMany = async (args) => {
      if (!session(args.model)) return inner.updateMany(args);
      const update = { ...args.update };
      if (typeof update.token === "string") update.token = sessionTokenDigest(update.token);
      return inner.updateMany({ ...args, where: hashWhere(args.where).where ?? [], update });
    };

    adapter.count = async (args) =>
      inner.count(session(args.model) ? { ...args, where: hashWhere(args.where).where } : args);

    adapter.delete = (async (args) =>
      inner.delete(
        session(args.model) ? { ...args, where: hashWhere(args.where).where ?? [] } : args,
      )) as Methods["delete"];

    adapter.deleteMany = async (args) =>
      inner.deleteMany(
        session(args.model) ? { ...args, where: hashWhere(args.where).where ?? [] } : args,
      );

    return adapter;
  }

  return (options) => {
    const adapter = factory(options);
    // The adapter object is changed in place rather than copied: better-auth keys its schema
    // check on it, and its built-in (as-is) transaction hands this same object to the callback.
    install(adapter);
    const transaction = adapter.transaction;
    adapter.transaction = (callback) =>
      transaction((trx) => callback(trx === adapter ? trx : install(trx)));
    return adapter;
  };
}
