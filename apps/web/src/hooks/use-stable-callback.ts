import { useCallback, useInsertionEffect, useRef } from "react";

/**
 * A function whose identity never changes and that always calls the latest `fn`: for handlers
 * passed to memoized children (a new closure each render would re-render them all). Not for
 * calling during render: it sees the previous render's `fn` until this one commits.
 */
export function useStableCallback<A extends unknown[], R>(
  fn: (...args: A) => R,
): (...args: A) => R {
  const latest = useRef(fn);
  useInsertionEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
