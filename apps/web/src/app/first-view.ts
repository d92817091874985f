/**
 * An admin page's first view (issue 16, ADR 0022): the admin frame and the page's heading, as
 * HTML in the page's index.html (build/route-pages.ts), painted from the first bytes. The page's
 * scripts are fetched once it has painted (FIRST_VIEW_BOOT_SCRIPT, @ringback/contracts/
 * first-view), and React keeps showing it until the page has rendered in its place
 * (first-view-hold.tsx): the heading a phone shows first is the heading it keeps, at the same
 * place (e2e/first-view.spec.ts checks both, at phone and desktop widths).
 *
 * Only pages whose heading is the same for every user have one: a heading with the
 * organization's name (the dashboard) would need the server to write it.
 */

/** A page's heading: the page renders these texts, and its first view shows them. */
export interface FirstViewHeading {
  title: string;
  description: string;
}

export const FIRST_VIEW_HEADINGS = {
  "/admin/call-records": {
    title: "Call Records",
    description: "Every call your assistants made, grouped by submission.",
  },
} as const satisfies Record<string, FirstViewHeading>;

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
  return (
    `<div ${FIRST_VIEW_ATTRIBUTE} class="flex min-h-svh w-full" style="--sidebar-width:16rem">` +
    '<div class="hidden w-(--sidebar-width) shrink-0 md:block" aria-hidden="true">' +
    '<div class="fixed inset-y-0 left-0 z-10 h-svh w-(--sidebar-width) border-r bg-sidebar"></div>' +
    "</div>" +
    '<div class="relative flex w-full min-w-0 flex-1 flex-col bg-background">' +
    '<div class="sticky top-0 z-20"><div class="flex h-14 items-center border-b bg-background/95 px-3 backdrop-blur sm:px-4"></div></div>' +
    '<main class="flex-1 p-4 sm:p-6 lg:p-8">' +
    '<div class="mx-auto flex max-w-6xl flex-col gap-6">' +
    '<div class="flex flex-wrap items-start justify-between gap-4"><div>' +
    `<h1 class="text-3xl font-semibold tracking-tight">${escapeHtml(heading.title)}</h1>` +
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
