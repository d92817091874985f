import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress, preloadFont } from "./build/precompress.ts";
import { routePages } from "./build/route-pages.ts";
import { themeScript } from "./build/theme-script.ts";

/**
 * What the sign-in pages share beyond the landing page's entry: the base UI kit,
 * the toasts' entry point (Sonner itself loads with the first toast: components/ui/sonner.tsx)
 * and the session. One chunk instead of a dozen small ones, so /login loads in few
 * requests. None of it may be imported by the entry: e2e/bundle-budget.spec.ts fails if the
 * landing page's chunks take it in.
 */
const SIGN_IN_KIT = [
  /node_modules[\\/](clsx|tailwind-merge|class-variance-authority)[\\/]/,
  /node_modules[\\/]@radix-ui[\\/](react-slot|react-compose-refs|react-primitive|react-label)[\\/]/,
  /src[\\/]components[\\/](brand|centered-card-layout|code-input|phone-number-field)\.tsx$/,
  /src[\\/]components[\\/]ui[\\/](button|card|input|label|field-error|sonner|spinner|skeleton)\.tsx$/,
  /src[\\/]lib[\\/](utils|api-client|session|token-refresh)\.ts$/,
  /src[\\/]features[\\/]auth[\\/](access-token-redirect\.tsx|auth-errors\.ts)$/,
  /packages[\\/]contracts[\\/]src[\\/]phone\.ts$/,
];

export default defineConfig({
  plugins: [react(), tailwindcss(), themeScript(), preloadFont(), routePages(), precompress()],
  resolve: {
    alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: true,
    // scripts/web-budget.ts reads it to measure each route's initial JavaScript.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group takes the modules it names, not their dependencies: React, the router and
          // the theme stay in the entry, where the landing page needs them.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: "sign-in-kit",
              test: (id: string) => SIGN_IN_KIT.some((pattern) => pattern.test(id)),
              priority: 20,
            },
            // Data fetching, for sign-up, invitations and the admin app; validation (zod) for the
            // forms, apart: the pages that only show data do not load it.
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/, priority: 10 },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:3000", "/dev": "http://localhost:3000" },
  },
});
