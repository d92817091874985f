import { createHmac, timingSafeEqual } from "node:crypto";
import type { SimulatorDialect } from "../../../db/schema/call-simulator.ts";

/** Where the call simulator is mounted in Ringback's HTTP app (Bland's dialect). */
export const CALL_SIMULATOR_PATH = "/sandbox/bland";

/** The account the installation's default connection uses (no organization chose a provider). */
export const INSTALLATION_ACCOUNT = "installation";

const derive = (secretKey: string, purpose: string) =>
  createHmac("sha256", secretKey).update(`ringback:call-simulator:${purpose}:v1`).digest("hex");

const encodeAccount = (accountId: string) => Buffer.from(accountId, "utf8").toString("base64url");

/**
 * A simulator account: like a vendor account, it has an API key and a webhook
 * secret, and the simulator keeps its calls apart from other accounts'. Keys are
 * `sim_<dialect>_<account>.<mac>`, derived from SECRET_KEY, so the simulator checks them without
 * storing any, and each organization that picks a simulated platform gets its own (its account
 * is the organization's id). Stable across restarts, different between installations.
 */
export function simulatorAccount(
  secretKey: string,
  dialect: SimulatorDialect,
  accountId: string,
): { apiKey: string; webhookSecret: string } {
  const account = encodeAccount(accountId);
  const mac = derive(secretKey, `api-key:${dialect}:${account}`).slice(0, 40);
  const apiKey = `sim_${dialect}_${account}.${mac}`;
  return { apiKey, webhookSecret: derive(secretKey, `webhook-secret:${apiKey}`) };
}

/** The account an API key belongs to, or null for a key the simulator did not issue. */
export function simulatorAccountForKey(
  secretKey: string,
  dialect: SimulatorDialect,
  apiKey: string,
): { accountId: string; webhookSecret: string } | null {
  const match = /^sim_([a-z]+)_([A-Za-z0-9_-]{1,200})\.([0-9a-f]{40})$/.exec(apiKey.trim());
  if (!match || match[1] !== dialect) return null;
  const accountId = Buffer.from(match[2]!, "base64url").toString("utf8");
  const expected = simulatorAccount(secretKey, dialect, accountId);
  const given = Buffer.from(apiKey.trim(), "utf8");
  const wanted = Buffer.from(expected.apiKey, "utf8");
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null;
  return { accountId, webhookSecret: expected.webhookSecret };
}

/**
 * The API key and webhook secret of the installation's default connection against the
 * simulator (Bland's dialect), for organizations that chose no provider.
 */
export function simulatorCredentials(secretKey: string): { apiKey: string; webhookSecret: string } {
  return simulatorAccount(secretKey, "bland", INSTALLATION_ACCOUNT);
}

/** The simulator's stand-in for a platform's API base (Bland's by default). */
export function simulatorApiUrl(publicUrl: string, dialect: SimulatorDialect = "bland"): string {
  return `${publicUrl.replace(/\/+$/, "")}/sandbox/${dialect}`;
}
