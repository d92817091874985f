import type { Organization } from "@ringback/contracts";
import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  callRecords,
  doNotCallEntries,
  formSubmissions,
  organizationCallSettings,
  simulatorCalls,
} from "../src/db/schema/index.ts";
import { BLOCKED_DO_NOT_CALL } from "../src/domain/compliance/do-not-call.ts";
import { signUp } from "./auth-client.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { waitFor } from "./webhook-receiver.ts";

/**
 * A property test: whatever the interleaving of form deliveries (and the provider's
 * re-deliveries of them), do-not-call additions and the retries of unanswered calls, a number is
 * never dialled once it is on the organization's list, every attempt to it that was not dialled
 * ends blocked with the reason, and no attempt is left unfinished.
 *
 * "Once it is on the list" is judged on one clock, this machine's (the database server's
 * clock_timestamp(), and the app's, which runs here too): a listing has certainly committed by
 * the moment read just after its answer came back. A dial is after the listing when its claim
 * began after that moment (call_records.dial_requested_at is taken before the claiming
 * transaction starts, which then must see the entry), and an attempt is created after it when its
 * row's transaction started after it (created_at). The simulator's own row for a dial cannot say
 * which came first: it is written when the dial request arrives, some time after the claim
 * committed. Each run has an organization of its own, so runs never see each other's list.
 */
describe("do-not-call under random interleavings", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "1000", CALL_SIMULATOR_RING_MS: "30", CALL_SIMULATOR_TURN_MS: "10" },
  });
  const db = app.database.db;
  // One owner (owners manage the list, like admins), who creates a fresh organization per run.
  const { client: owner } = await signUp(app.url, db, {
    fullName: "Interleaving Owner",
    organizationName: "Interleavings",
  });

  /** The simulator's outcome by last four digits (docs/voice-platforms.md, "the call simulator"), with attempts. */
  const POOL = {
    "+14155550001": 3, // busy: retried up to the maximum (3)
    "+14155550002": 3, // no answer
    "+14155550003": 3, // failed
    "+14155550004": 3, // voicemail
    "+14155550005": 2, // no answer, then answered
    "+14155550121": 1, // answered
    "+14155550122": 1,
  } as const;
  type Phone = keyof typeof POOL;
  /** The same number typed several ways (the form and the list both read it as E.164). */
  const typed = (e164: string, style: number) => {
    const [area, exchange, line] = [e164.slice(2, 5), e164.slice(5, 8), e164.slice(8)];
    return [
      e164,
      `+1 ${area} ${exchange} ${line}`,
      `(${area}) ${exchange}-${line}`,
      `${area}.${exchange}.${line}`,
    ][style % 4]!;
  };

  type Command =
    | { kind: "deliver"; number: number; style: number; delay: number }
    | { kind: "redeliver"; of: number; delay: number }
    | { kind: "list"; number: number; style: number; delay: number };
  const command: fc.Arbitrary<Command> = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("deliver" as const),
        number: fc.nat(),
        style: fc.nat(3),
        delay: fc.integer({ min: 0, max: 400 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("redeliver" as const),
        of: fc.nat(),
        delay: fc.integer({ min: 0, max: 600 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("list" as const),
        number: fc.nat(),
        style: fc.nat(3),
        delay: fc.integer({ min: 0, max: 500 }),
      }),
    },
  );
  const scenario = fc.record({
    numbers: fc.shuffledSubarray(Object.keys(POOL) as Phone[], { minLength: 3, maxLength: 5 }),
    commands: fc
      .array(command, { minLength: 4, maxLength: 10 })
      .filter(
        (commands) =>
          commands.some((c) => c.kind === "list") && commands.some((c) => c.kind === "deliver"),
      ),
  });

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** The database server's clock now (not the transaction's start: clock_timestamp). */
  async function dbNow(): Promise<Date> {
    const result = await db.execute<{ t: Date | string }>(sql`select clock_timestamp() as t`);
    return new Date(result.rows[0]!.t);
  }

  let run = 0;

  it("never dials a listed number and blocks every attempt to it that was not dialled", async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async ({ numbers, commands }) => {
        run += 1;
        const organization = await owner.json<Organization>("/api/organizations", {
          method: "POST",
          json: { name: `Interleavings ${run}` },
        });
        const org = organization.id;
        const calls = await activeAssistant({
          url: app.url,
          db,
          secretKey: app.config.secretKey,
          owner,
          organizationId: org,
        });
        // No per-number cap in the way: an undialled attempt here is blocked by the list only.
        await db
          .insert(organizationCallSettings)
          .values({ organizationId: org, maxCallsPerNumberPerDay: 1000 });

        const numberOf = (index: number) => numbers[index % numbers.length]!;
        const deliveries = commands.flatMap((c, i) =>
          c.kind === "deliver"
            ? [
                calls.delivery({
                  phone: typed(numberOf(c.number), c.style),
                  token: `r${run}-d${i}`,
                }),
              ]
            : [],
        );
        /** Per number, the earliest moment by which a listing of it had certainly committed. */
        const listedBy = new Map<string, Date>();
        const deliver = async (body: string) => {
          const response = await calls.deliver(body);
          expect(response.status, await response.text()).toBe(200);
        };

        let next = 0;
        await Promise.all(
          commands.map(async (c) => {
            const body = c.kind === "deliver" ? deliveries[next++]! : undefined;
            await sleep(c.delay);
            if (c.kind === "deliver") return deliver(body!);
            // The provider delivering one of the run's deliveries again (maybe before the first).
            if (c.kind === "redeliver") return deliver(deliveries[c.of % deliveries.length]!);
            const phone = numberOf(c.number);
            const response = await owner.request(`/api/organizations/${org}/do-not-call`, {
              method: "POST",
              json: { phoneNumber: typed(phone, c.style), reason: "Asked by email" },
            });
            expect([200, 201]).toContain(response.status);
            const after = await dbNow();
            const known = listedBy.get(phone);
            if (!known || after < known) listedBy.set(phone, after);
          }),
        );
        // Whatever the schedule, a listed number's next submission is always claimed after its
        // listing (while the run's retries may still be going on).
        await Promise.all(
          [...listedBy.keys()].map((phone, i) =>
            deliver(calls.delivery({ phone: typed(phone, i), token: `r${run}-late${i}` })),
          ),
        );

        // Every attempt ends (retries are scheduled in the transaction that ends an attempt, so
        // none being unfinished is final).
        const attemptsOfRun = () =>
          db
            .select({
              attempt: callRecords,
              phone: formSubmissions.respondentPhoneNumber,
              token: formSubmissions.providerResponseId,
            })
            .from(callRecords)
            .innerJoin(formSubmissions, eq(formSubmissions.id, callRecords.submissionId))
            .where(eq(callRecords.organizationId, org));
        let attempts: Awaited<ReturnType<typeof attemptsOfRun>> = [];
        await waitFor(async () => {
          attempts = await attemptsOfRun();
          return attempts.every((a) => a.attempt.finalAt !== null) || undefined;
        }, 30_000).catch(() => {
          throw new Error(
            `Attempts left unfinished: ${JSON.stringify(
              attempts
                .filter((a) => a.attempt.finalAt === null)
                .map((a) => ({ phone: a.phone, ...a.attempt })),
            )}`,
          );
        });

        // The simulator's dials to this run's numbers, each tied to its attempt.
        const attemptIds = new Set(attempts.map((a) => a.attempt.id));
        const dials = (
          await db.select().from(simulatorCalls).where(inArray(simulatorCalls.phoneNumber, numbers))
        ).filter((d) => attemptIds.has(String(d.metadata?.attempt_id)));
        const dialled = new Set(dials.map((d) => String(d.metadata?.attempt_id)));
        const entries = await db
          .select()
          .from(doNotCallEntries)
          .where(eq(doNotCallEntries.organizationId, org));
        expect(entries.map((e) => e.phoneNumber).sort()).toEqual([...listedBy.keys()].sort());

        const report = (what: string, rows: unknown) =>
          `${what}\nschedule: ${JSON.stringify({ numbers, commands })}\n${JSON.stringify(
            rows,
            null,
            1,
          )}`;
        for (const { attempt, phone, token } of attempts) {
          const listed = listedBy.get(phone!);
          const wasDialled = dialled.has(attempt.id);
          // The engine's record of a dial and the simulator's agree.
          expect(attempt.dialState === "dialed", report("dial state vs simulator", attempt)).toBe(
            wasDialled,
          );
          if (!listed) {
            // Never listed: dialled as usual, retried as its number says.
            expect(wasDialled, report("an unlisted number not dialled", attempt)).toBe(true);
            continue;
          }
          const entry = entries.find((e) => e.phoneNumber === phone)!;
          expect(entry.createdAt.getTime()).toBeLessThanOrEqual(listed.getTime());
          if (wasDialled) {
            // The property: no dial was claimed after its number's listing had committed.
            expect(
              attempt.dialRequestedAt!.getTime() > listed.getTime(),
              report(`${phone} dialled after it was listed at ${listed.toISOString()}`, {
                token,
                attempt,
                dials: dials.filter((d) => d.metadata?.attempt_id === attempt.id),
              }),
            ).toBe(false);
            expect(
              attempt.createdAt.getTime() > listed.getTime(),
              report(`${phone}: an attempt created after the listing was dialled`, attempt),
            ).toBe(false);
          } else {
            expect(
              attempt,
              report(`${phone}: an attempt not dialled is not blocked-dnc`, attempt),
            ).toMatchObject({
              status: "not-called",
              endedReason: "blocked-dnc",
              errorMessage: BLOCKED_DO_NOT_CALL,
              dialState: "canceled",
            });
          }
        }
        // Retries happened: each unlisted submission has as many attempts as its number gets.
        const bySubmission = new Map<string, { phone: string; n: number }>();
        for (const { attempt, phone } of attempts) {
          const key = String(attempt.submissionId);
          const seen = bySubmission.get(key) ?? { phone: phone!, n: 0 };
          bySubmission.set(key, { ...seen, n: seen.n + 1 });
        }
        for (const { phone, n } of bySubmission.values()) {
          if (!listedBy.has(phone)) expect(n, `attempts to ${phone}`).toBe(POOL[phone as Phone]);
        }
        // And every listed number's late submission was blocked without a dial.
        const late = attempts.filter((a) => a.token?.startsWith(`r${run}-late`));
        expect(late).toHaveLength(listedBy.size);
        for (const { attempt } of late)
          expect([attempt.status, attempt.endedReason]).toEqual(["not-called", "blocked-dnc"]);
      }),
      { numRuns: 8, endOnFailure: true },
    );
  }, 180_000);
});
