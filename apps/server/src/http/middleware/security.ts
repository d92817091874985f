import { createHash } from "node:crypto";
import { FIRST_VIEW_BOOT_SCRIPT } from "@ringback/contracts/first-view";
import { THEME_BOOT_SCRIPT } from "@ringback/contracts/theme";
import { secureHeaders } from "hono/secure-headers";

const scriptHash = (script: string) =>
  `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
/**
 * The only inline scripts allowed, by their hashes: the web app's theme script and
 * the admin pages' first-view boot script (ADR 0022).
 */
const inlineScriptSources = [scriptHash(THEME_BOOT_SCRIPT), scriptHash(FIRST_VIEW_BOOT_SCRIPT)];

/**
 * Security headers for every response. The content security policy allows only our own
 * origin for scripts, data and frames-of-us; inline styles are allowed because the toast and
 * dialog libraries inject <style> at run time. No inline script is allowed but the theme and
 * first-view boot scripts, named by their SHA-256 hashes.
 */
export function securityHeaders(options: { isProduction: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...inlineScriptSources],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Respondents' avatars come from Gravatar; everything else is ours.
      imgSrc: ["'self'", "data:", "blob:", "https://www.gravatar.com"],
      fontSrc: ["'self'", "data:"],
      mediaSrc: ["'self'", "blob:"],
      connectSrc: ["'self'"],
      // The wizard's help video, from YouTube's privacy-enhanced domain only.
      frameSrc: ["'self'", "https://www.youtube-nocookie.com"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      ...(options.isProduction ? { upgradeInsecureRequests: [] } : {}),
    },
    strictTransportSecurity: options.isProduction ? "max-age=31536000; includeSubDomains" : false,
    xFrameOptions: "DENY",
    xContentTypeOptions: "nosniff",
    referrerPolicy: "strict-origin-when-cross-origin",
    crossOriginEmbedderPolicy: false,
  });
}
