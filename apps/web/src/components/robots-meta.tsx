import { isNoIndexPath } from "@ringback/contracts";
import { useLocation } from "react-router";

/**
 * `<meta name="robots" content="noindex">` (React puts it in <head>) on the pages search engines
 * should leave out: the admin app and the other private pages (the server sends the same as
 * `X-Robots-Tag`), and any page given `noIndex` (the 404 page).
 */
export function RobotsMeta({ noIndex = false }: { noIndex?: boolean }) {
  const { pathname } = useLocation();
  return noIndex || isNoIndexPath(pathname) ? <meta name="robots" content="noindex" /> : null;
}
