/**
 * An admin page's first view (ADR 0022): the admin frame and the page's heading, as
 * HTML in the page's index.html (build/route-pages.ts), painted from the first bytes. The page's
 * scripts are fetched once it has painted (FIRST_VIEW_BOOT_SCRIPT, @ringback/contracts/
 * first-view), and React keeps showing it until the page has rendered in its place
 * (first-view-hold.tsx): the heading a phone shows first is the heading it keeps, at the same
 * place (e2e/first-view.spec.ts checks both, at phone and desktop widths).
 *
 * A heading with the organization's name (the dashboard) is written by the server per request:
 * the build leaves a marker, and the server serves that page only when it knows the name
 * (apps/server/src/http/middleware/static-web.ts); otherwise the page's spinner page.
 */

/**
 * A page's heading: the page renders these texts and classes, and its first view shows them.
 * `{organization}` in a title is the current organization's name, which only the server knows
 * when it answers (the page's first-view.html: build/route-pages.ts).
 */
export interface FirstViewHeading {
  title: string;
  description: string;
  /** The page's column (its gap), the heading's block and the title, as the page has them. */
  columnClass: string;
  blockClass?: string;
  titleClass: string;
}

export const FIRST_VIEW_HEADINGS = {
  "/admin/dashboard": {
    title: "{organization} Dashboard",
    description: "Your form assistants and the calls they make.",
    columnClass: "mx-auto flex max-w-6xl flex-col gap-8",
    blockClass: "min-w-0",
    titleClass: "text-3xl font-semibold tracking-tight break-words",
  },
  "/admin/call-records": {
    title: "Call Records",
    description: "Every call your assistants made, grouped by submission.",
    columnClass: "mx-auto flex max-w-6xl flex-col gap-6",
    titleClass: "text-3xl font-semibold tracking-tight",
  },
} as const satisfies Record<string, FirstViewHeading>;

/** Where a title names the current organization. */
export const ORGANIZATION_SLOT = "{organization}";
/**
 * Beside a page's index.html, the page with its first view when that names the organization:
 * the server answers with it, the name filled in, when it knows the organization.
 */
export const FIRST_VIEW_FILE = "first-view.html";
/** What the server replaces with the organization's name (HTML-escaped) in a first view. */
export const FIRST_VIEW_ORGANIZATION_MARKER = "<!--first-view:organization-->";

/** A heading's title with the organization's name in its place. */
export function titleFor(heading: FirstViewHeading, organizationName = ""): string {
  return heading.title.replace(ORGANIZATION_SLOT, organizationName);
}

/** Marks a first view: the boot script and React look for it. */
export const FIRST_VIEW_ATTRIBUTE = "data-first-view";

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * The first view's markup: the frame as AdminLayout lays it out (the sidebar's place at md and
 * up, at its width or its collapsed width — the boot script reads the remembered state — and
 * the header bar) with nothing in it yet, and the page's heading where the page renders it,
 * with the page's own classes. The bar's contents and the page's body come with React.
 */
export function firstViewHtml(heading: FirstViewHeading): string {
  const title = escapeHtml(heading.title).replace(
    ORGANIZATION_SLOT,
    FIRST_VIEW_ORGANIZATION_MARKER,
  );
  return (
    `<div ${FIRST_VIEW_ATTRIBUTE} class="flex min-h-svh w-full" style="--sidebar-width:16rem">` +
    '<div class="hidden w-(--sidebar-width) shrink-0 md:block" aria-hidden="true">' +
    '<div class="fixed inset-y-0 left-0 z-10 h-svh w-(--sidebar-width) border-r bg-sidebar"></div>' +
    "</div>" +
    '<div class="relative flex w-full min-w-0 flex-1 flex-col bg-background">' +
    '<div class="sticky top-0 z-20"><div class="flex h-14 items-center border-b bg-background/95 px-3 backdrop-blur sm:px-4"></div></div>' +
    '<main class="flex-1 p-4 sm:p-6 lg:p-8">' +
    `<div class="${heading.columnClass}">` +
    '<div class="flex flex-wrap items-start justify-between gap-4">' +
    `<div${heading.blockClass ? ` class="${heading.blockClass}"` : ""}>` +
    `<h1 class="${heading.titleClass}">${title}</h1>` +
    `<p class="mt-1 text-muted-foreground">${escapeHtml(heading.description)}</p>` +
    "</div></div></div></main></div></div>"
  );
}

/**
 * The first view the page's HTML came with, read before React first renders into the root
 * (which replaces it); null for a page without one.
 */
export function firstViewOf(root: HTMLElement | null): string | null {
  return root?.firstElementChild?.hasAttribute(FIRST_VIEW_ATTRIBUTE) ? root.innerHTML : null;
}
