import { createHmac } from "node:crypto";

/** Where the call simulator is mounted in Ringback's HTTP app. */
export const CALL_SIMULATOR_PATH = "/sandbox/bland";

/**
 * The API key and webhook secret Ringback's Bland adapter uses against the simulator: derived
 * from SECRET_KEY (stable across restarts, different between installations).
 */
export function simulatorCredentials(secretKey: string): { apiKey: string; webhookSecret: string } {
  const derive = (purpose: string) =>
    createHmac("sha256", secretKey).update(`ringback:call-simulator:${purpose}:v1`).digest("hex");
  return { apiKey: `sim_${derive("api-key")}`, webhookSecret: derive("webhook-secret") };
}

/** The simulator's stand-in for https://api.bland.ai (the adapter appends /v1/calls…). */
export function simulatorApiUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${CALL_SIMULATOR_PATH}`;
}
