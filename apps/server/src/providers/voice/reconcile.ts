import type { CallOutcome } from "./voice-provider.ts";

/**
 * The one reconcile loop of every voice platform (findCallsByAttempt): from the platform's list
 * of recent calls to the attempt's number, the calls that are this attempt's. Each platform
 * lists its own way; what happens to the list is the same everywhere:
 * - an item that cannot be this attempt's call (`candidate`) is skipped before anything else;
 * - an item that does not say which attempt it is (no metadata in the list) is looked up with
 *   Get Call, within `detailLimit` lookups in all;
 * - an item of this attempt that has ended is read again with Get Call when the list leaves out
 *   what the outcome needs (`endedNeedsDetail`: the transcript, the recording), within the same
 *   limit; a failed lookup keeps what the list said;
 * - each call is returned once.
 * Dialling twice is the failure this prevents: a call the loop misses is dialled again.
 */
export async function callsOfAttempt<Item>(input: {
  attemptId: string;
  items: readonly Item[];
  /** The listed call as an outcome (null: not a call this adapter can read). */
  listed(item: Item): CallOutcome | null;
  /** Whether the list item says which attempt it is; if not, it is looked up. */
  knowsAttempt(item: Item, listed: CallOutcome): boolean;
  candidate?(item: Item): boolean;
  endedNeedsDetail: boolean;
  getCall(providerCallId: string): Promise<CallOutcome | null>;
  detailLimit: number;
}): Promise<CallOutcome[]> {
  const found: CallOutcome[] = [];
  const seen = new Set<string>();
  let lookups = 0;
  for (const item of input.items) {
    if (input.candidate && !input.candidate(item)) continue;
    const listed = input.listed(item);
    if (!listed || seen.has(listed.providerCallId)) continue;
    let outcome: CallOutcome | null = listed;
    if (!input.knowsAttempt(item, listed)) {
      if (lookups >= input.detailLimit) continue;
      lookups++;
      outcome = await input.getCall(listed.providerCallId);
    } else if (listed.attemptId !== input.attemptId) {
      continue;
    } else if (listed.final && input.endedNeedsDetail && lookups < input.detailLimit) {
      lookups++;
      outcome = (await input.getCall(listed.providerCallId)) ?? listed;
    }
    if (outcome?.attemptId === input.attemptId && !seen.has(outcome.providerCallId)) {
      seen.add(outcome.providerCallId);
      found.push(outcome);
    }
  }
  return found;
}
