import { NotBuiltYetPage } from "@/features/pending/not-built-yet-page";

export function OrganizationSettingsPage() {
  return <NotBuiltYetPage screen="Organization Settings" />;
}
