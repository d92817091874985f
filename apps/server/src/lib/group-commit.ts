/**
 * Group commit: items submitted while a write is on its way are written together by the next
 * one, instead of one statement and one commit each. Alone, an item goes at once (on the next
 * turn of the event loop). `write` returns one result per item, in order; if it fails, every item
 * of the batch fails with it — or, with `retrySingly`, each is written again on its own, so one
 * item can never fail another.
 */
export function createGroupCommit<Item, Result>(
  write: (items: Item[]) => Promise<Result[]>,
  options: {
    maxBatch: number;
    /** Writes on their way at once (default 1). */
    maxInFlight?: number;
    retrySingly?: { onBatchFailed: (error: unknown, size: number) => void };
  },
): (item: Item) => Promise<Result> {
  const maxInFlight = options.maxInFlight ?? 1;
  let waiting: { item: Item; resolve: (r: Result) => void; reject: (e: unknown) => void }[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function flush() {
    scheduled = false;
    if (inFlight >= maxInFlight || waiting.length === 0) return;
    inFlight++;
    const batch = waiting.slice(0, options.maxBatch);
    waiting = waiting.slice(batch.length);
    try {
      const results = await write(batch.map((w) => w.item));
      for (const [i, w] of batch.entries()) w.resolve(results[i]!);
    } catch (error) {
      if (!options.retrySingly || batch.length === 1) {
        for (const w of batch) w.reject(error);
      } else {
        options.retrySingly.onBatchFailed(error, batch.length);
        await Promise.all(
          batch.map((w) =>
            write([w.item]).then(
              ([result]) => w.resolve(result!),
              (single: unknown) => w.reject(single),
            ),
          ),
        );
      }
    } finally {
      inFlight--;
      schedule();
    }
  }

  function schedule() {
    if (scheduled || inFlight >= maxInFlight || waiting.length === 0) return;
    scheduled = true;
    setImmediate(() => void flush());
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      schedule();
    });
}
