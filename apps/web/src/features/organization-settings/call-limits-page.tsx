import { CallLimitsCard } from "./components/call-limits-card";
import { DataRetentionCard } from "./components/data-retention-card";
import { SettingsPage } from "./settings-page";

/**
 * Call Limits and Retention: how often one number may be called, and how long calls' recordings
 * and transcripts are kept. Everyone sees what applies; owners and admins change it.
 */
export function CallLimitsPage() {
  return (
    <SettingsPage
      title="Call Limits and Retention"
      loadingLabel="Loading call limits and retention"
      purpose="to see its call limits and retention"
      description={(organization, role) =>
        role === "member"
          ? `What applies to ${organization.name}'s calls. Only owners and admins can change it.`
          : `How often Ringback may call one number for ${organization.name}, and how long it keeps what calls leave behind.`
      }
    >
      {(organization, role) => (
        <>
          <CallLimitsCard organization={organization} role={role} />
          <DataRetentionCard organization={organization} role={role} />
        </>
      )}
    </SettingsPage>
  );
}
