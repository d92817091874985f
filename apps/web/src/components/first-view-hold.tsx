import { firstViewOf } from "../lib/first-view";

/**
 * What React shows of a page's first view (first-view.ts) until the page itself has rendered:
 * the same markup, so the heading a phone painted first stays where it is, with no spinner in
 * between. Read when this module loads, before React first renders into the root (which
 * replaces it), and held until the admin frame has rendered for the first time (AdminLayout),
 * then never again: later loading states are the usual ones.
 */
let held: string | null =
  typeof document === "undefined" ? null : firstViewOf(document.getElementById("root"));

/** Whether React should still show the first view. */
export function holdsFirstView(): boolean {
  return held !== null;
}

/** The page has rendered in the first view's place. */
export function releaseFirstView(): void {
  held = null;
}

/** The held first view, as it was; nothing when none is held. */
export function FirstViewHold() {
  if (held === null) return null;
  // display: contents, so this wrapper adds no box: the layout is the HTML's own.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the markup the page's own HTML came with (written by the build from fixed texts: first-view.ts), put back as it was.
  return <div className="contents" dangerouslySetInnerHTML={{ __html: held }} />;
}
