import { type ComponentType, createElement, lazy, type ReactElement, useState } from "react";

export type LazyPage = (() => ReactElement) & {
  /** Starts loading the page's chunk (idempotent), before React first renders the page. */
  preload(): Promise<unknown>;
};

/**
 * A page that loads when it is first shown. The router preloads the pages of every
 * route the address matches at once (root-layout.tsx), so an admin page's chunk does not wait
 * for the admin frame's; a navigation keeps the current page on screen until the next is ready
 * (React Router navigates inside a transition).
 *
 * A page whose chunk is already there renders at once instead of suspending: React holds what a
 * Suspense boundary reveals for 300 ms after it showed its fallback, so on a first load, where the
 * app waits for the address's chunks before it renders (main.tsx), every suspension would add
 * that wait again. Each mounted page keeps the way it started, so it never remounts.
 */
const failedPages = new Set<() => void>();

/** Lets every page whose chunk failed to load ask for it again on its next render. */
export function retryFailedPages(): void {
  const failed = [...failedPages];
  failedPages.clear();
  for (const renew of failed) renew();
}

export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      loaded ??= pick(module);
      return module;
    });
  // React keeps a lazy component's failure for good: a page whose chunk did not load (the
  // connection dropped) gets a fresh one when a boundary tries again (retryFailedPages) — not
  // before, or React's own retries of the render would ask for the chunk again and again.
  const fresh = (): ComponentType =>
    lazy(async () => {
      try {
        return { default: pick(await preload()) };
      } catch (error) {
        failedPages.add(() => {
          Lazy = fresh();
        });
        throw error;
      }
    });
  let Lazy = fresh();
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  return Object.assign(Page, { preload });
}
