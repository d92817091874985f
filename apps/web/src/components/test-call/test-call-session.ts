import type { TestCallStarted } from "@ringback/contracts";
import { useCallback, useSyncExternalStore } from "react";
import { startTestCall } from "./queries";

/**
 * The "Call me now" dialog of one assistant: whether it is open and the call it follows. Kept
 * outside the button, per organization and assistant, so that the dialog and its call survive the
 * button being mounted again (the wizard swaps its whole layout when a tablet is turned, say):
 * the new button opens the same dialog on the same call instead of losing it.
 */
export type TestCallSession =
  | { open: boolean; phase: "idle" }
  | { open: boolean; phase: "placing" }
  | { open: boolean; phase: "placed"; started: TestCallStarted }
  | { open: boolean; phase: "refused"; error: unknown };

const IDLE: TestCallSession = { open: false, phase: "idle" };
const sessions = new Map<string, TestCallSession>();
const listeners = new Set<() => void>();
/** Each start's number: an answer to an older start never replaces a newer one's. */
const starts = new Map<string, number>();

function set(key: string, session: TestCallSession): void {
  sessions.set(key, session);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Places a test call and opens its dialog (a start while one is being placed does nothing). */
export async function placeTestCall(organizationId: string, assistantId: string): Promise<void> {
  const key = `${organizationId}:${assistantId}`;
  if (sessions.get(key)?.phase === "placing") return;
  const start = (starts.get(key) ?? 0) + 1;
  starts.set(key, start);
  set(key, { open: true, phase: "placing" });
  try {
    const started = await startTestCall(organizationId, assistantId);
    if (starts.get(key) === start) {
      set(key, { open: sessions.get(key)?.open ?? true, phase: "placed", started });
    }
  } catch (error) {
    if (starts.get(key) === start) {
      set(key, { open: sessions.get(key)?.open ?? true, phase: "refused", error });
    }
  }
}

export function useTestCallSession(organizationId: string, assistantId: string) {
  const key = `${organizationId}:${assistantId}`;
  const read = useCallback(() => sessions.get(key) ?? IDLE, [key]);
  const session = useSyncExternalStore(subscribe, read, read);
  const setOpen = useCallback(
    (open: boolean) => set(key, { ...(sessions.get(key) ?? IDLE), open }),
    [key],
  );
  return { session, setOpen };
}
