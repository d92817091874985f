/**
 * What an admin page shows from its first byte until its data is there: the loading
 * spinner the sign-in guard shows (`<Spinner className="min-h-svh" />`, RequireAuth), written
 * into the page's index.html by the build (build/route-pages.ts), so a phone paints at once
 * instead of a blank page while the scripts load. React then takes over with the same markup
 * (FirstLoad in app.tsx, then the guard's own spinner): nothing moves or flashes. A copy, not the
 * UI kit's Spinner, because the landing page's entry holds App and must not load the kit;
 * first-load.test.tsx checks that the three stay identical.
 */
export const FIRST_LOAD_HTML =
  '<div role="status" class="flex items-center justify-center gap-2 text-muted-foreground min-h-svh"><svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-loader-circle lucide-loader-2 size-5 animate-spin" aria-hidden="true"><path d="M21 12a9 9 0 1 1-6.219-8.56"></path></svg><span class="text-sm">Loading...</span></div>';

/**
 * Whether this page's HTML came with the spinner (read before React first renders): then React
 * keeps showing it while the page's chunks run, instead of a blank frame between the two.
 */
export function pageStartsWithSpinner(root: HTMLElement | null): boolean {
  return root?.firstElementChild?.getAttribute("role") === "status";
}
