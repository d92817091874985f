import { describe, expect, it } from "vitest";
import { sessions, users, verifications } from "../src/db/schema/index.ts";
import { pruneExpired } from "../src/domain/maintenance/prune-expired.ts";
import { createTestDatabase } from "./harness.ts";

describe("pruneExpired", async () => {
  const { db } = await createTestDatabase();

  it("deletes expired sessions and codes and keeps live ones", async () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const past = new Date(now.getTime() - 60_000);
    const future = new Date(now.getTime() + 60_000);
    await db.insert(users).values({ id: "u1", email: "u1@example.com" });
    await db.insert(sessions).values([
      { id: "s-old", token: "t-old", userId: "u1", expiresAt: past },
      { id: "s-live", token: "t-live", userId: "u1", expiresAt: future },
    ]);
    await db.insert(verifications).values([
      { id: "v-old", identifier: "+15550100", value: "x", expiresAt: past },
      { id: "v-live", identifier: "+15550101", value: "y", expiresAt: future },
    ]);

    expect(await pruneExpired(db, now)).toEqual({ sessions: 1, verifications: 1 });
    expect((await db.select({ id: sessions.id }).from(sessions)).map((r) => r.id)).toEqual([
      "s-live",
    ]);
    expect(
      (await db.select({ id: verifications.id }).from(verifications)).map((r) => r.id),
    ).toEqual(["v-live"]);
    expect(await pruneExpired(db, now)).toEqual({ sessions: 0, verifications: 0 });
  });
});
