import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** Opens a call's details; the button is where focus returns when they close. */
export type DetailsHandler = (callRecordId: string, opener: HTMLElement | null) => void;

/** "Latest Call" and "Details" in the table and on the cards. */
export function DetailsOpener({
  callRecordId,
  onDetails,
  className,
  children,
}: {
  callRecordId: string;
  onDetails: DetailsHandler;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button
      variant="link"
      className={cn("h-auto min-h-6 px-1 py-1", className)}
      data-details-opener={callRecordId}
      onClick={(e) => onDetails(callRecordId, e.currentTarget)}
    >
      {children}
    </Button>
  );
}
