import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../src/db/database.ts";

/** One form response as a provider would deliver it (the same bytes every time it retries). */
export interface LoadDelivery {
  token: string;
  body: string;
  /** Ticked the availability box with a valid number: should get exactly one call. */
  callable: boolean;
}

/** What became of one delivery: every answer it got, in order, until a 2xx. */
export interface DeliveryLog {
  delivery: LoadDelivery;
  /**
   * HTTP statuses, "network" for a request that got no answer (a refused or cut connection), or
   * "hung" for one still unanswered after 30 s (Ringback must answer, if only 503, well before).
   */
  answers: (number | "network" | "hung")[];
  /** Retry-After of each 503 answer. */
  retryAfter: (string | null)[];
  acknowledged: boolean;
}

/**
 * Sends deliveries over `concurrency` connections the way a form provider does: each is sent
 * until it gets a 2xx, again after `retryDelayMs` when the answer is anything else or no answer
 * at all. `onAcknowledged` hears the running count of 2xx answers (the test kills or stops
 * things from there). Stops retrying at `deadline` (what is unacknowledged then stays so).
 */
export async function deliverAll(options: {
  deliveries: LoadDelivery[];
  deliver: (body: string, signal: AbortSignal) => Promise<Response>;
  concurrency: number;
  retryDelayMs: number;
  deadline: number;
  onAcknowledged?: (count: number) => void;
}): Promise<DeliveryLog[]> {
  const logs: DeliveryLog[] = options.deliveries.map((delivery) => ({
    delivery,
    answers: [],
    retryAfter: [],
    acknowledged: false,
  }));
  let next = 0;
  let acknowledged = 0;
  const sendOne = async (log: DeliveryLog) => {
    while (Date.now() < options.deadline) {
      let status: number | "network" | "hung";
      let retryAfter: string | null = null;
      const signal = AbortSignal.timeout(30_000);
      try {
        const response = await options.deliver(log.delivery.body, signal);
        status = response.status;
        retryAfter = response.headers.get("retry-after");
        await response.body?.cancel().catch(() => undefined);
      } catch {
        status = signal.aborted ? "hung" : "network";
      }
      log.answers.push(status);
      if (status === 503) log.retryAfter.push(retryAfter);
      if (typeof status === "number" && status >= 200 && status < 300) {
        log.acknowledged = true;
        acknowledged += 1;
        options.onAcknowledged?.(acknowledged);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs));
    }
  };
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (next < logs.length) {
        const log = logs[next]!;
        next += 1;
        await sendOne(log);
      }
    }),
  );
  return logs;
}

/**
 * `count` deliveries for an assistant: unique response ids, one in four not ticking the
 * availability box (stored, never called), and every seventh one a repeat of an earlier
 * delivery (a provider's redelivery: the same bytes, so the same response id).
 *
 * Keep a load under 200 calls in all: an interrupted dial is reconciled by looking through the
 * voice provider's 200 most recent calls (providers/voice/bland), so a call followed by 200
 * others before its reconciliation would not be found and would be dialled again.
 */
export function loadDeliveries(
  count: number,
  label: string,
  delivery: (answer: { phone: string; available: boolean; token: string }) => string,
): LoadDelivery[] {
  const list: LoadDelivery[] = [];
  for (let i = 0; list.length < count; i++) {
    if (i % 7 === 6 && list.length > 0) {
      list.push(list[Math.floor(list.length / 2)]!);
      continue;
    }
    const token = `${label}-${i}`;
    const available = i % 4 !== 3;
    // A number of its own for each respondent (the organization's per-number cap allows 3 dials
    // a day), answered by a person: lines 1000–9999 miss the simulator's special endings
    // (0001–0006).
    const phone = `+1 415 2${String(Math.floor(i / 9000) % 100).padStart(2, "0")} ${1000 + (i % 9000)}`;
    list.push({ token, body: delivery({ phone, available, token }), callable: available });
  }
  return list;
}

/** What the database holds for a load: submissions, attempts and the simulator's dials. */
export async function loadOutcome(db: Database, tokens: string[]) {
  const { rows: submissions } = await db.execute<{ token: string; copies: number }>(sql`
    select provider_response_id as token, count(*)::int as copies from form_submissions
    where provider_response_id = any(${sql.param(tokens)}::text[]) group by provider_response_id`);
  const { rows: attempts } = await db.execute<{
    token: string;
    attempt_id: string;
    call_attempt: number;
    dial_state: string;
    final: boolean;
    dials: number;
  }>(sql`
    select s.provider_response_id as token, r.id as attempt_id, r.call_attempt, r.dial_state,
      r.final_at is not null as final,
      (select count(*)::int from call_simulator.calls c
        where c.metadata->>'attempt_id' = r.id::text) as dials
    from call_records r join form_submissions s on s.id = r.submission_id
    where s.provider_response_id = any(${sql.param(tokens)}::text[])`);
  const { rows: strays } = await db.execute<{ attempt_id: string | null }>(sql`
    select c.metadata->>'attempt_id' as attempt_id from call_simulator.calls c
    where not exists (select 1 from call_records r where r.id::text = c.metadata->>'attempt_id')`);
  return { submissions, attempts, strays };
}

/**
 * Waits until the load's callable submissions have their attempts, all dialled (the state an
 * attempt reaches once the provider has the call), and returns what the database holds then.
 */
export async function dialledLoad(
  db: Database,
  deliveries: LoadDelivery[],
  timeoutMs: number,
): Promise<Awaited<ReturnType<typeof loadOutcome>>> {
  const tokens = [...new Set(deliveries.map((d) => d.token))];
  const callable = new Set(deliveries.filter((d) => d.callable).map((d) => d.token)).size;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcome = await loadOutcome(db, tokens);
    const pending = outcome.attempts.filter((a) => a.dial_state !== "dialed");
    if (outcome.attempts.length >= callable && pending.length === 0) return outcome;
    if (Date.now() > deadline) {
      throw new Error(
        `After ${timeoutMs} ms, ${outcome.attempts.length} of ${callable} attempts exist and ` +
          `${pending.length} are not dialled: ${JSON.stringify(pending.slice(0, 10))}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * The guarantees of a load under faults: acknowledged means stored, every response is stored
 * once, every callable submission gets one attempt and every attempt is dialled exactly once.
 */
export async function expectStoredOnceAndDialledOnce(
  db: Database,
  deliveries: LoadDelivery[],
  logs: DeliveryLog[],
  dialTimeoutMs: number,
): Promise<void> {
  const tokens = new Set(deliveries.map((d) => d.token));
  const stored = await loadOutcome(db, [...tokens]);
  const storedTokens = new Set(stored.submissions.map((s) => s.token));
  const acknowledged = logs.filter((l) => l.acknowledged).map((l) => l.delivery.token);
  expect(acknowledged.filter((t) => !storedTokens.has(t))).toEqual([]);
  expect(stored.submissions.length).toBe(tokens.size);
  expect(stored.submissions.filter((s) => s.copies !== 1)).toEqual([]);

  const outcome = await dialledLoad(db, deliveries, dialTimeoutMs);
  const callable = new Set(deliveries.filter((d) => d.callable).map((d) => d.token));
  expect(new Set(outcome.attempts.map((a) => a.token))).toEqual(callable);
  expect(outcome.attempts.filter((a) => a.call_attempt !== 1)).toEqual([]);
  expect(outcome.attempts.filter((a) => a.dials !== 1)).toEqual([]);
  expect(outcome.strays).toEqual([]);
}
