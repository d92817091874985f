import { secureHeaders } from "hono/secure-headers";

/**
 * Security headers for every response. The content security policy allows only our own
 * origin for scripts, data and frames-of-us; inline styles are allowed because the toast and
 * dialog libraries inject <style> at run time (no inline script is ever allowed).
 */
export function securityHeaders(options: { isProduction: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
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
