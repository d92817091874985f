/**
 * The admin app, fetched in the background once sign-in has started (app/lazy-modules.ts
 * registers how). Sign-in pages call this; the app fills it in, so that no feature imports the
 * app's own modules.
 */
let prefetch: (() => void) | null = null;

export function setAdminPrefetch(run: () => void): void {
  prefetch = run;
}

export function prefetchAdmin(): void {
  prefetch?.();
}
