import { ApiKeysCard } from "./components/api-keys-card";
import { SettingsPage } from "./settings-page";

/** API Keys: keys for the organization's own systems to read its calls (owners and admins). */
export function ApiKeysPage() {
  return (
    <SettingsPage
      title="API Keys"
      loadingLabel="Loading API keys"
      purpose="to manage its API keys"
      permission="apiKeys:manage"
      denied={(organization) =>
        `Only owners and admins can see and manage API keys: a key reads ${organization.name}'s calls from outside Ringback. Ask an owner or admin if you need one.`
      }
      description={(organization) => (
        <>
          Let your own systems read {organization.name}'s call records and outcomes over the{" "}
          <a
            href="/api/v1/openapi.json"
            target="_blank"
            rel="noreferrer"
            className="font-medium text-foreground underline underline-offset-4"
          >
            Ringback API
          </a>
          .
        </>
      )}
    >
      {(organization) => <ApiKeysCard organization={organization} />}
    </SettingsPage>
  );
}
