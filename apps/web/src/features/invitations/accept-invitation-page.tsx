import { NotBuiltYetPage } from "@/features/pending/not-built-yet-page";

export function AcceptInvitationPage() {
  return <NotBuiltYetPage screen="Accept invitation" />;
}
