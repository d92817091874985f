import type { CallStatus } from "@ringback/contracts";
import { Badge } from "@/components/ui/badge";
import { STATUS_LABELS, statusTone } from "./format";

/** A call's status in its SPEC.md §2 colour. */
export function StatusBadge({ status, className }: { status: CallStatus; className?: string }) {
  return (
    <Badge variant={statusTone(status)} className={className}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
