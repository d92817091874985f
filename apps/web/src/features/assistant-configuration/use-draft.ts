import { type Dispatch, type SetStateAction, useEffect, useState } from "react";

/**
 * Like useState, but an unsaved value survives the component being remounted (the wizard
 * swaps its whole layout when the window crosses the desktop breakpoint) and a reload of the
 * tab: it is kept in sessionStorage under `key` until `clear` is called after a save.
 */
export function useDraft<T>(
  key: string,
  initial: () => T,
): [T, Dispatch<SetStateAction<T>>, () => void] {
  const storageKey = `ringback:draft:${key}`;
  const [value, setValue] = useState<T>(() => {
    try {
      const stored = sessionStorage.getItem(storageKey);
      if (stored !== null) return JSON.parse(stored) as T;
    } catch {
      // Storage unavailable or corrupt: start from the saved value.
    }
    return initial();
  });
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    if (!dirty) return;
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(value));
    } catch {
      // Private mode or full storage: the draft lives in memory only.
    }
  }, [dirty, storageKey, value]);
  const set: Dispatch<SetStateAction<T>> = (next) => {
    setDirty(true);
    setValue(next);
  };
  const clear = () => {
    setDirty(false);
    try {
      sessionStorage.removeItem(storageKey);
    } catch {
      // Nothing stored.
    }
  };
  return [value, set, clear];
}
