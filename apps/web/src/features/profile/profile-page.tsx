import { NotBuiltYetPage } from "@/features/pending/not-built-yet-page";

export function ProfilePage() {
  return <NotBuiltYetPage screen="Profile" />;
}
