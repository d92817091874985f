import { randomBytes } from "node:crypto";
import {
  type CallerNumber,
  E164_PATTERN,
  type UpdateVoiceSettings,
  VOICE_PROVIDER_LABELS,
  type VoiceProviderChoice,
  type VoiceSettings,
  type VoiceVerifyResult,
} from "@ringback/contracts";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { organizations, users, voiceConnections } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { voicePlatformManifests } from "../../providers/voice/registry.ts";
import { VoiceProviderError } from "../../providers/voice/voice-provider.ts";
import { type AuditActor, recordAuditEvent } from "../compliance/audit.ts";
import {
  platformOf,
  type ResolvedVoice,
  type VoiceAccount,
  type VoiceConnectionRow,
  type VoiceProviders,
  voiceWebhookUrl,
} from "./voice-providers.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface VoiceSettingsDeps {
  db: Database;
  box: SecretBox;
  voices: VoiceProviders;
  publicUrl: string;
  secretKey: string;
  logger: Logger;
}

/** The organization's current connection (not retired), with who saved it. */
async function currentConnection(
  db: Database | Tx,
  organizationId: string,
): Promise<(VoiceConnectionRow & { savedBy: string | null }) | null> {
  const [row] = await db
    .select({ connection: voiceConnections, name: users.name, email: users.email })
    .from(voiceConnections)
    .leftJoin(users, eq(users.id, voiceConnections.createdByUserId))
    .where(
      and(eq(voiceConnections.organizationId, organizationId), isNull(voiceConnections.retiredAt)),
    );
  if (!row) return null;
  return { ...row.connection, savedBy: row.name?.trim() || row.email || null };
}

/** How the page names a choice: "Vapi", "Vapi (simulated)", "Simulator". */
export function voiceChoiceLabel(choice: VoiceProviderChoice, simulated: boolean): string {
  const label = VOICE_PROVIDER_LABELS[choice];
  return simulated && choice !== "simulator" ? `${label} (simulated)` : label;
}

/** GET …/voice: what calls go through now, never a key. */
export async function getVoiceSettings(
  deps: Pick<VoiceSettingsDeps, "db" | "voices" | "publicUrl">,
  organizationId: string,
): Promise<VoiceSettings> {
  const row = await currentConnection(deps.db, organizationId);
  const common = {
    installationDefault: deps.voices.installationDefault,
    simulatorAvailable: deps.voices.simulatorAvailable,
  };
  if (!row) {
    const fallback = deps.voices.installationDefault;
    return {
      ...common,
      provider: fallback,
      usingInstallationDefault: true,
      simulated: fallback === "simulator",
      apiKeyHint: null,
      hasWebhookSecret: false,
      callerNumber: null,
      webhookUrl: null,
      updatedAt: null,
      updatedBy: null,
    };
  }
  const simulated = row.simulated || row.provider === "simulator";
  return {
    ...common,
    provider: row.provider,
    usingInstallationDefault: false,
    simulated,
    apiKeyHint: simulated ? null : row.apiKeyHint,
    hasWebhookSecret: row.webhookSecretEncrypted !== null,
    callerNumber: row.callerNumber,
    webhookUrl: voiceWebhookUrl(deps.publicUrl, platformOf(row.provider), row.id),
    updatedAt: row.createdAt.toISOString(),
    updatedBy: row.savedBy,
  };
}

/** Vapi's phone-number ids are UUIDs; anything id-shaped is let through to Verify. */
const PHONE_NUMBER_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

/** "+1 (415) 555-0100" → "+14155550100"; null when it is not an international number. */
function toE164(value: string): string | null {
  const compact = value.replace(/[\s().-]/g, "");
  return E164_PATTERN.test(compact) ? compact : null;
}

type Field = "provider" | "simulated" | "apiKey" | "webhookSecret" | "callerNumber";

function invalid(issues: { path: Field; message: string }[]): AppError {
  return new AppError("validation_failed", issues[0]!.message, { issues });
}

/** A fresh Vapi server secret: Ringback sets it on each call's assistant (x-vapi-secret). */
function generateServerSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * The account a request describes, with the saved connection filling in what was left out (the
 * key and secret of the same platform). `purpose: "verify"` asks less: no webhook secret and no
 * caller number are needed to make an authenticated request (Verify lists the numbers).
 * Throws a validation error (400, one issue per field) for anything missing or malformed.
 */
export function resolveVoiceAccount(
  deps: Pick<VoiceSettingsDeps, "box" | "voices" | "secretKey">,
  input: {
    organizationId: string;
    settings: UpdateVoiceSettings;
    current: VoiceConnectionRow | null;
    purpose: "save" | "verify";
  },
): VoiceAccount & { apiKeyHint: string | null } {
  const { settings, current, purpose } = input;
  const choice = settings.provider;
  const platform = platformOf(choice);
  const label = VOICE_PROVIDER_LABELS[choice];
  const simulated = choice === "simulator" || settings.simulated;

  if (simulated) {
    if (!deps.voices.simulatorAvailable) {
      throw invalid([
        choice === "simulator"
          ? {
              path: "provider",
              message:
                "The simulator is not available on this installation. Choose Bland, Vapi or Retell with your own account.",
            }
          : {
              path: "simulated",
              message: `The simulator is not available on this installation. Use your own ${label} account.`,
            },
      ]);
    }
    // The simulator's account for this organization: its own key, so its calls stay apart.
    const account = deps.voices.simulatedAccount(platform, input.organizationId);
    // A platform whose secret is the account's (Bland) gets the simulator account's; one whose
    // secret Ringback sets on each call (Vapi) a fresh one; one that signs with its key, none.
    const secret = voicePlatformManifests[platform].webhookSecret;
    return {
      choice,
      simulated: true,
      apiKey: account.apiKey,
      webhookSecret: !secret
        ? null
        : secret.required
          ? account.webhookSecret
          : generateServerSecret(),
      callerNumber: account.callerNumber,
      apiKeyHint: null,
    };
  }

  // The saved connection's secrets carry over only to the same platform, own account.
  const samePlatform = current !== null && current.provider === choice && !current.simulated;
  const issues: { path: Field; message: string }[] = [];

  let apiKey = settings.apiKey ?? "";
  if (!apiKey && samePlatform && current.apiKeyEncrypted) {
    apiKey = deps.box.decrypt(current.apiKeyEncrypted);
  }
  if (!apiKey) issues.push({ path: "apiKey", message: `Enter your ${label} API key.` });

  const manifest = voicePlatformManifests[platform];
  let webhookSecret: string | null = null;
  if (manifest.webhookSecret) {
    webhookSecret = settings.webhookSecret || null;
    if (!webhookSecret && samePlatform && current.webhookSecretEncrypted) {
      webhookSecret = deps.box.decrypt(current.webhookSecretEncrypted);
    }
    if (!webhookSecret && purpose === "save") {
      // Not required: Ringback makes one and sets it on each call.
      if (!manifest.webhookSecret.required) webhookSecret = generateServerSecret();
      else issues.push({ path: "webhookSecret", message: manifest.webhookSecret.missing });
    }
  }

  // Left out: the saved one stays (same platform); empty or null: the account's default.
  const given =
    settings.callerNumber === undefined
      ? samePlatform
        ? current.callerNumber
        : null
      : settings.callerNumber || null;
  // What the platform dials from: one of its phone-number ids, or the number itself (E.164).
  const caller = manifest.callerNumber;
  let callerNumber: string | null = null;
  if (given) {
    callerNumber =
      caller.kind === "id" ? (PHONE_NUMBER_ID.test(given) ? given : null) : toE164(given);
    if (!callerNumber) issues.push({ path: "callerNumber", message: caller.malformed });
  } else if (caller.required && purpose === "save") {
    issues.push({ path: "callerNumber", message: caller.missing });
  }

  if (issues.length > 0) throw invalid(issues);
  return {
    choice,
    simulated: false,
    apiKey,
    webhookSecret,
    callerNumber,
    apiKeyHint: apiKey.slice(-4),
  };
}

/** Serializes changes to one organization's voice settings (the organization row's lock). */
async function lockOrganization(tx: Tx, organizationId: string): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for("update");
}

/** The audit trail's view of a connection: never a key, only what the page shows. */
function auditView(row: {
  provider: VoiceProviderChoice;
  simulated: boolean;
  callerNumber: string | null;
  apiKeyHint: string | null;
}) {
  const simulated = row.simulated || row.provider === "simulator";
  return {
    provider: voiceChoiceLabel(row.provider, simulated),
    callerNumber: row.callerNumber,
    ...(simulated ? {} : { apiKeyEnding: row.apiKeyHint }),
  };
}

/**
 * PUT …/voice: saves a new connection and retires the current one, in one transaction (the
 * organization's row is locked, so two saves at once take turns and one connection stays
 * current). Calls already placed keep the connection they were placed with (ADR 0018).
 */
export async function saveVoiceSettings(
  deps: VoiceSettingsDeps,
  input: { organizationId: string; actor: AuditActor; settings: UpdateVoiceSettings },
): Promise<VoiceSettings> {
  await deps.db.transaction(async (tx) => {
    await lockOrganization(tx, input.organizationId);
    const current = await currentConnection(tx, input.organizationId);
    const account = resolveVoiceAccount(deps, {
      organizationId: input.organizationId,
      settings: input.settings,
      current,
      purpose: "save",
    });
    const now = new Date();
    if (current) {
      await tx
        .update(voiceConnections)
        .set({ retiredAt: now })
        .where(eq(voiceConnections.id, current.id));
    }
    const [created] = await tx
      .insert(voiceConnections)
      .values({
        organizationId: input.organizationId,
        provider: account.choice,
        simulated: account.simulated,
        apiKeyEncrypted: deps.box.encrypt(account.apiKey),
        apiKeyHint: account.apiKeyHint,
        webhookSecretEncrypted: account.webhookSecret
          ? deps.box.encrypt(account.webhookSecret)
          : null,
        callerNumber: account.callerNumber,
        createdByUserId: input.actor.userId,
        createdAt: now,
      })
      .returning();
    await recordAuditEvent(tx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: "voice.provider_set",
      subject: {
        type: "voice_connection",
        id: created!.id,
        label: voiceChoiceLabel(account.choice, account.simulated),
      },
      before: current ? auditView(current) : null,
      after: auditView(created!),
    });
  });
  deps.logger.info(
    { organizationId: input.organizationId, provider: input.settings.provider },
    "Voice provider changed",
  );
  return getVoiceSettings(deps, input.organizationId);
}

/** DELETE …/voice: back to the installation's default (the current connection is retired). */
export async function resetVoiceSettings(
  deps: VoiceSettingsDeps,
  input: { organizationId: string; actor: AuditActor },
): Promise<VoiceSettings> {
  await deps.db.transaction(async (tx) => {
    await lockOrganization(tx, input.organizationId);
    const [retired] = await tx
      .update(voiceConnections)
      .set({ retiredAt: new Date() })
      .where(
        and(
          eq(voiceConnections.organizationId, input.organizationId),
          isNull(voiceConnections.retiredAt),
        ),
      )
      .returning();
    if (!retired) return;
    const fallback = deps.voices.installationDefault;
    await recordAuditEvent(tx, {
      organizationId: input.organizationId,
      actor: input.actor,
      action: "voice.provider_reset",
      subject: {
        type: "voice_connection",
        id: retired.id,
        label: fallback ? voiceChoiceLabel(fallback, fallback === "simulator") : null,
      },
      before: auditView(retired),
      after: null,
    });
  });
  return getVoiceSettings(deps, input.organizationId);
}

/** A provider failure, in a sentence for the page. */
function failureMessage(error: unknown, label: string): string {
  const unreachable = `Could not reach ${label}: the request failed or timed out. Check the network and try again.`;
  if (error instanceof VoiceProviderError) {
    const network = ["network", "outcome_unknown", "timeout"].includes(error.code);
    return network ? unreachable : error.message;
  }
  return unreachable;
}

const NO_PROVIDER =
  "No voice provider is set up on this installation: choose one and enter its API key.";

/**
 * POST …/voice/verify: a harmless authenticated request with the given (unsaved) settings, or
 * the saved ones (the installation's default when there are none). A refused key or an
 * unreachable platform is an answer (ok: false and why), not an error.
 */
export async function verifyVoiceSettings(
  deps: VoiceSettingsDeps,
  input: { organizationId: string; settings: UpdateVoiceSettings | null },
): Promise<VoiceVerifyResult> {
  let voice: ResolvedVoice | null;
  if (input.settings) {
    const current = await currentConnection(deps.db, input.organizationId);
    const account = resolveVoiceAccount(deps, {
      organizationId: input.organizationId,
      settings: input.settings,
      current,
      purpose: "verify",
    });
    voice = deps.voices.build(account, {
      organizationId: input.organizationId,
      connectionId: null,
    });
  } else {
    voice = await deps.voices.forOrganization(deps.db, input.organizationId);
  }
  if (!voice) return { ok: false, message: NO_PROVIDER, callerNumbers: null };
  const label = voiceChoiceLabel(voice.choice, voice.simulated);
  try {
    const { summary } = await voice.provider.verify();
    let callerNumbers: CallerNumber[] | null = null;
    try {
      callerNumbers = await voice.provider.listCallerNumbers();
    } catch (error) {
      // Verify answered, so the key is good; the list is a convenience.
      deps.logger.warn({ err: error }, "Listing caller numbers failed after a good verify");
    }
    return { ok: true, message: summary, callerNumbers };
  } catch (error) {
    if (!(error instanceof VoiceProviderError)) {
      deps.logger.warn({ err: error, provider: voice.choice }, "Voice verify failed unexpectedly");
    }
    return { ok: false, message: failureMessage(error, label), callerNumbers: null };
  }
}

/** GET …/voice/caller-numbers: the saved connection's (or the default's) numbers. */
export async function listVoiceCallerNumbers(
  deps: VoiceSettingsDeps,
  organizationId: string,
): Promise<{ callerNumbers: CallerNumber[] | null }> {
  const voice = await deps.voices.forOrganization(deps.db, organizationId);
  if (!voice) throw new AppError("conflict", NO_PROVIDER);
  try {
    return { callerNumbers: await voice.provider.listCallerNumbers() };
  } catch (error) {
    throw new AppError(
      "provider_error",
      failureMessage(error, voiceChoiceLabel(voice.choice, voice.simulated)),
    );
  }
}
