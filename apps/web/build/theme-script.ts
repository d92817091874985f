import { THEME_BOOT_SCRIPT } from "@ringback/contracts/theme";
import type { Plugin } from "vite";

/**
 * Inlines the theme script as the first thing in <head>, so <html> has its `dark`
 * class before anything paints. Inline, not a file: a render-blocking request would cost the
 * phone's first paint a round trip. The server's CSP allows this exact text by its hash
 * (apps/server/src/http/middleware/security.ts), so it must be injected verbatim.
 */
export function themeScript(): Plugin {
  return {
    name: "ringback-theme-script",
    transformIndexHtml: () => [
      { tag: "script", children: THEME_BOOT_SCRIPT, injectTo: "head-prepend" },
    ],
  };
}
