import type { InvitationPreview } from "@ringback/contracts";

type ClosedState = Exclude<InvitationPreview["state"], "pending">;

/** The server's words for an invitation that can no longer be accepted (domain/invitations). */
export const closedInvitation: Record<ClosedState, { title: string; message: string }> = {
  expired: {
    title: "Invitation expired",
    message: "This invitation has expired. Ask for a new one.",
  },
  canceled: {
    title: "Invitation cancelled",
    message: "This invitation was cancelled. Ask for a new one.",
  },
  accepted: { title: "Invitation already used", message: "This invitation has already been used." },
};

export const INVALID_LINK_MESSAGE = "This invitation link is not valid.";

export { roleWithArticle } from "@/lib/invitations";

const expiryFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

export function formatExpiry(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : expiryFormat.format(date);
}
