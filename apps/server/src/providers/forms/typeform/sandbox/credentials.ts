import { createHmac } from "node:crypto";

/** Where the sandbox is mounted in Ringback's HTTP app. */
export const TYPEFORM_SANDBOX_PATH = "/sandbox/typeform";

export const TYPEFORM_SANDBOX_CLIENT_ID = "ringback-sandbox";

/**
 * The OAuth client Ringback uses against its own sandbox: a fixed client id and a secret derived
 * from SECRET_KEY (so it is stable across restarts and differs between installations).
 */
export function sandboxTypeformCredentials(secretKey: string): {
  clientId: string;
  clientSecret: string;
} {
  return {
    clientId: TYPEFORM_SANDBOX_CLIENT_ID,
    clientSecret: createHmac("sha256", secretKey)
      .update("ringback:typeform-sandbox:client-secret:v1")
      .digest("base64url"),
  };
}

/** The sandbox's stand-ins for https://api.typeform.com and https://admin.typeform.com. */
export function sandboxTypeformUrls(publicUrl: string): { apiUrl: string; adminUrl: string } {
  const base = `${publicUrl.replace(/\/+$/, "")}${TYPEFORM_SANDBOX_PATH}`;
  return { apiUrl: `${base}/api`, adminUrl: `${base}/admin` };
}
