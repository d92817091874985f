import { describe, expect, it } from "vitest";
import { optOutCodes, sessions, users, verifications } from "../src/db/schema/index.ts";
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

    expect(await pruneExpired(db, now)).toEqual({ sessions: 1, verifications: 1, optOutCodes: 0 });
    expect((await db.select({ id: sessions.id }).from(sessions)).map((r) => r.id)).toEqual([
      "s-live",
    ]);
    expect(
      (await db.select({ id: verifications.id }).from(verifications)).map((r) => r.id),
    ).toEqual(["v-live"]);
    expect(await pruneExpired(db, now)).toEqual({ sessions: 0, verifications: 0, optOutCodes: 0 });
  });

  it("keeps an expired opt-out code a day, and a confirmed one 90 days as evidence", async () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const minute = 60_000;
    const day = 86_400_000;
    const code = (id: string, expiresAt: Date, confirmedAt: Date | null = null) => ({
      id,
      phoneNumber: "+14155550100",
      codeHash: `hash-${id}`,
      expiresAt,
      confirmedAt,
      createdAt: new Date(expiresAt.getTime() - 5 * minute),
    });
    const ids = {
      live: "00000000-0000-4000-8000-000000000001",
      justExpired: "00000000-0000-4000-8000-000000000002",
      expiredLongAgo: "00000000-0000-4000-8000-000000000003",
      confirmedRecently: "00000000-0000-4000-8000-000000000004",
      confirmedLongAgo: "00000000-0000-4000-8000-000000000005",
    };
    await db.insert(optOutCodes).values([
      code(ids.live, new Date(now.getTime() + 4 * minute)),
      // Expired less than a day ago: a late guess still hears "expired".
      code(ids.justExpired, ago(day - minute)),
      code(ids.expiredLongAgo, ago(day + minute)),
      // Confirmed: kept 90 days after the confirmation, long expired as it is.
      code(ids.confirmedRecently, ago(89 * day), ago(89 * day + 2 * minute)),
      code(ids.confirmedLongAgo, ago(91 * day), ago(91 * day + 2 * minute)),
    ]);

    expect(await pruneExpired(db, now)).toMatchObject({ optOutCodes: 2 });
    const left = await db.select({ id: optOutCodes.id }).from(optOutCodes);
    expect(left.map((r) => r.id).sort()).toEqual(
      [ids.live, ids.justExpired, ids.confirmedRecently].sort(),
    );
    expect(await pruneExpired(db, now)).toMatchObject({ optOutCodes: 0 });
  });
});
