import { useEffect, useMemo, useRef, useState } from "react";

/**
 * Rows that do not move under the reader (Stripe's "3 new — Show"): while the reader is down
 * the list or has the pointer on it, a live update changes the rows in place but adds none above
 * them; the new ones wait behind a "Show" button. At the top and not pointing at the list, the
 * list follows the server at once.
 */
export interface Held<T> {
  /** The rows to show: those shown before, each in its newest version, in the same order. */
  rows: readonly T[];
  /** How many rows the server has that are not shown yet. */
  waiting: number;
}

/**
 * The rows shown (`shownIds`, in order) in their fresh version (or the last one seen, when the
 * fresh page no longer has them), and how many fresh rows are new. Pure: unit-tested.
 */
export function holdRows<T extends { id: string }>(
  shownIds: readonly string[],
  fresh: readonly T[],
  previous: ReadonlyMap<string, T>,
): Held<T> {
  const byId = new Map(fresh.map((row) => [row.id, row]));
  const rows = shownIds.flatMap((id) => {
    const row = byId.get(id) ?? previous.get(id);
    return row ? [row] : [];
  });
  const shown = new Set(shownIds);
  return { rows, waiting: fresh.filter((row) => !shown.has(row.id)).length };
}

/**
 * The list as the reader should see it. `hold` says whether the reader is reading (scrolled
 * down, or pointing at the list); `key` changes with the query (a new search, filter or page
 * shows its rows at once: those are the reader's own doing). `settled` is false while `fresh` is
 * still the previous query's rows, shown until the new ones come: those are never held.
 */
export function useHeldRows<T extends { id: string }>(
  fresh: readonly T[] | undefined,
  hold: boolean,
  key: string,
  settled = true,
): Held<T> & { show: () => void } {
  const [shownIds, setShownIds] = useState<string[] | null>(null);
  const [shownKey, setShownKey] = useState(key);
  const seen = useRef(new Map<string, T>());
  for (const row of fresh ?? []) seen.current.set(row.id, row);
  const follow = !hold || shownIds === null || shownKey !== key || !settled;
  useEffect(() => {
    if (follow && fresh && settled) {
      // The same rows in the same order keep the same state: no render that changes nothing.
      setShownIds((shown) => {
        const ids = fresh.map((row) => row.id);
        return shown && sameIds(shown, ids) ? shown : ids;
      });
      setShownKey(key);
      seen.current = new Map(fresh.map((row) => [row.id, row]));
    }
  }, [follow, fresh, key, settled]);
  // The rows keep their identity from render to render while nothing changed, so the list
  // (memoized) does not render again for an unrelated change of the page.
  const held = useMemo(
    () => (follow || !fresh || !shownIds ? null : holdRows(shownIds, fresh, seen.current)),
    [follow, fresh, shownIds],
  );
  if (!fresh) return { rows: NONE, waiting: 0, show: noop };
  if (!held) return { rows: fresh, waiting: 0, show: noop };
  return {
    ...held,
    show: () => {
      setShownIds(fresh.map((row) => row.id));
      seen.current = new Map(fresh.map((row) => [row.id, row]));
    },
  };
}

const NONE: readonly never[] = [];
const noop = () => undefined;

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
