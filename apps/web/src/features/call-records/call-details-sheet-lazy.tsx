import { type ComponentProps, lazy, Suspense, useState } from "react";
import type { CallDetailsSheet as EagerCallDetailsSheet } from "./call-details-sheet";

const Sheet = lazy(async () => ({
  default: (await import("./call-details-sheet")).CallDetailsSheet,
}));

/**
 * The Call Details sheet (recording, summary, conversation), loaded when a call is first opened
 * and kept mounted from then on, so that it closes with its animation and puts
 * the focus back where it was.
 */
export function CallDetailsSheet(props: ComponentProps<typeof EagerCallDetailsSheet>) {
  const [wanted, setWanted] = useState(false);
  if (props.callRecordId !== null && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <Sheet {...props} />
    </Suspense>
  ) : null;
}
