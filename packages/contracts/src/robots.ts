/**
 * What search engines may index. The public pages (landing, sign-in, sign-up, the
 * opt-out page) may be; the admin app, invitation links (each holds a private token) and the
 * screens that only make sense mid-sign-in may not. The server says so with
 * `X-Robots-Tag: noindex`, the web app with `<meta name="robots" content="noindex">`.
 */
const noIndexPaths = /^\/(admin|invitations|unauthorized|email-verification|forgot-password)(\/|$)/;

export function isNoIndexPath(pathname: string): boolean {
  return noIndexPaths.test(pathname);
}

/** GET /robots.txt: crawlers keep to the public pages. */
export const robotsTxt = [
  "User-agent: *",
  "Allow: /",
  "Disallow: /admin",
  "Disallow: /api/",
  "Disallow: /sandbox/",
  "Disallow: /dev/",
  "",
].join("\n");
