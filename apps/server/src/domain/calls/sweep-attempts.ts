import { and, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { callRecords } from "../../db/schema/index.ts";
import { applyOutcome } from "./apply-outcome.ts";
import { type CallEngineDeps, reconcilableAt } from "./call-engine.ts";
import { enqueueRecordingFetch, pendingRecordings } from "./recordings.ts";

/**
 * The safety net, run when a worker starts and every minute: re-enqueues due attempts whose job
 * may have been lost between a commit and its enqueue, or with a worker that died mid-dial, and
 * asks the provider about dialled calls whose webhook never came. A job it adds for an attempt
 * that still has one is harmless: the attempt's row lock and dial state make the second a no-op.
 */
export async function sweepAttempts(
  deps: CallEngineDeps,
): Promise<{ enqueued: number; polled: number }> {
  const now = deps.now?.() ?? new Date();
  const due = await deps.db
    .select({
      id: callRecords.id,
      scheduledFor: callRecords.scheduledFor,
      dialState: callRecords.dialState,
      dialRequestedAt: callRecords.dialRequestedAt,
    })
    .from(callRecords)
    .where(
      and(
        inArray(callRecords.dialState, ["scheduled", "dialing"]),
        lte(callRecords.scheduledFor, new Date(now.getTime() + 60_000)),
        isNull(callRecords.finalAt),
      ),
    )
    .limit(1000);
  for (const attempt of due) {
    await deps.attempts.enqueue({
      id: attempt.id,
      // An interrupted dial is looked at once its request can no longer be in flight.
      scheduledFor:
        attempt.dialState === "dialing"
          ? reconcilableAt(deps, attempt.dialRequestedAt, now)
          : attempt.scheduledFor,
    });
  }
  const stale = await deps.db
    .select({
      providerCallId: callRecords.providerCallId,
      voiceConnectionId: callRecords.voiceConnectionId,
    })
    .from(callRecords)
    .where(
      and(
        eq(callRecords.dialState, "dialed"),
        isNull(callRecords.finalAt),
        lte(callRecords.updatedAt, new Date(now.getTime() - 15 * 60_000)),
        sql`${callRecords.providerCallId} is not null`,
      ),
    )
    .limit(200);
  for (const id of await pendingRecordings(deps.db, now)) {
    await enqueueRecordingFetch(deps.queue, id);
  }
  let polled = 0;
  for (const { providerCallId, voiceConnectionId } of stale) {
    const voice = await deps.voices.forConnection(voiceConnectionId);
    const outcome = await voice?.provider.getCall(providerCallId!);
    if (outcome) {
      await applyOutcome(deps, outcome, { connectionId: voiceConnectionId });
      polled += 1;
    }
  }
  return { enqueued: due.length, polled };
}
