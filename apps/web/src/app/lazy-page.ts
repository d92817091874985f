import { type ComponentType, type LazyExoticComponent, lazy } from "react";

export interface LazyPage extends LazyExoticComponent<ComponentType> {
  /** Starts loading the page's chunk (idempotent), before React first renders the page. */
  preload(): Promise<unknown>;
}

/**
 * A page that loads when it is first shown (issue 16 §1). The router preloads the pages of every
 * route the address matches at once (root-layout.tsx), so an admin page's chunk does not wait
 * for the admin frame's; a navigation keeps the current page on screen until the next is ready
 * (React Router navigates inside a transition).
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  const page = lazy(async () => ({ default: pick(await load()) }));
  return Object.assign(page, { preload: load });
}
