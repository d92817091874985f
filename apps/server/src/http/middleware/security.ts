import { createHash } from "node:crypto";
import { THEME_BOOT_SCRIPT } from "@ringback/contracts/theme";
import { secureHeaders } from "hono/secure-headers";

/** The one inline script allowed: the web app's theme script (issue 16 §5), by its hash. */
const themeScriptSource = `'sha256-${createHash("sha256").update(THEME_BOOT_SCRIPT).digest("base64")}'`;

/**
 * Security headers for every response. The content security policy allows only our own
 * origin for scripts, data and frames-of-us; inline styles are allowed because the toast and
 * dialog libraries inject <style> at run time. No inline script is allowed but the theme
 * script, named by its SHA-256 hash.
 */
export function securityHeaders(options: { isProduction: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", themeScriptSource],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Respondents' avatars come from Gravatar (issue 7); everything else is ours.
      imgSrc: ["'self'", "data:", "blob:", "https://www.gravatar.com"],
      fontSrc: ["'self'", "data:"],
      mediaSrc: ["'self'", "blob:"],
      connectSrc: ["'self'"],
      // The wizard's help video (SPEC.md §2), from YouTube's privacy-enhanced domain only.
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
