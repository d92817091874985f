import { type ComponentType, createContext, useContext } from "react";

/** What a screen other than Call Records passes to open one call's details. */
export interface CallDetailsSlotProps {
  organizationId: string;
  callRecordId: string | null;
  /** The control that opened the sheet; focus goes back to it on close. */
  returnFocusTo: HTMLElement | null;
  onClose: () => void;
}

/**
 * The Call Details sheet belongs to the Call Records feature; other features (the do-not-call
 * list) open it through this slot, which the app fills where it composes the admin pages
 * (app/admin-root.tsx), so that no feature imports another (docs/architecture.md).
 */
export const CallDetailsSlot = createContext<ComponentType<CallDetailsSlotProps> | null>(null);

export function useCallDetailsSheet(): ComponentType<CallDetailsSlotProps> | null {
  return useContext(CallDetailsSlot);
}
