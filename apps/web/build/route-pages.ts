import path from "node:path";
import type { Plugin, ResolvedConfig, Rollup } from "vite";
import {
  FIRST_VIEW_BOOT_DATA_ID,
  FIRST_VIEW_BOOT_SCRIPT,
} from "../../../packages/contracts/src/first-view.ts";
import { FIRST_LOAD_HTML } from "../src/app/first-load.ts";
import {
  FIRST_VIEW_FILE,
  FIRST_VIEW_HEADINGS,
  type FirstViewHeading,
  firstViewHtml,
  ORGANIZATION_SLOT,
} from "../src/lib/first-view.ts";

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const SHELL = "src/app/app-shell.tsx";
const ADMIN = "src/app/admin-root.tsx";
const admin = (...pages: string[]) => [SHELL, ADMIN, ...pages];

/**
 * The lazily loaded modules (paths relative to apps/web) each page needs before it shows, by the
 * page's path without its parameters: /invitations serves /invitations/:token, and any path
 * below a listed one that has no entry of its own gets the nearest listed one above it. The
 * landing page, "/", needs none: it is all in the entry. Keep in step with
 * apps/web/src/app/router.tsx; a module that is not a lazily loaded chunk fails the build.
 *
 * The build writes each as a page of its own (routePages() below) and scripts/web-budget.ts
 * measures each route's initial JavaScript from the same list.
 */
export const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  "/": [],
  "/login": [SHELL, "src/features/auth/login-page.tsx"],
  "/signup": [SHELL, "src/features/auth/signup-page.tsx", "src/app/queries.tsx"],
  "/forgot-password": [SHELL, "src/features/auth/forgot-password-page.tsx"],
  "/email-verification": [SHELL, "src/features/auth/email-verification-page.tsx"],
  "/unauthorized": [SHELL, "src/features/errors/unauthorized-page.tsx"],
  "/invitations": [
    SHELL,
    "src/features/invitations/accept-invitation-page.tsx",
    "src/app/queries.tsx",
  ],
  "/opt-out": [SHELL, "src/features/opt-out/opt-out-page.tsx"],
  // Any other admin page: the frame, its page loading on its own.
  "/admin": admin(),
  "/admin/dashboard": admin("src/features/dashboard/dashboard-page.tsx"),
  "/admin/call-records": admin("src/features/call-records/call-records-page.tsx"),
  "/admin/assistant-configuration": admin(
    "src/features/assistant-configuration/assistant-configuration-page.tsx",
  ),
  "/admin/settings/profile": admin("src/features/profile/profile-page.tsx"),
  "/admin/settings/organization": admin(
    "src/features/organization-settings/organization-settings-page.tsx",
  ),
  "/admin/settings/team": admin("src/features/organization-settings/team-page.tsx"),
  "/admin/settings/call-limits": admin("src/features/organization-settings/call-limits-page.tsx"),
  "/admin/settings/api-keys": admin("src/features/organization-settings/api-keys-page.tsx"),
  "/admin/settings/audit-trail": admin("src/features/organization-settings/audit-trail-page.tsx"),
  "/admin/settings/do-not-call": admin("src/features/do-not-call/do-not-call-page.tsx"),
  "/admin/settings/webhooks": admin("src/features/webhooks/webhooks-page.tsx"),
  "/admin/settings/voice": admin("src/features/voice-settings/voice-settings-page.tsx"),
  "/admin/form-connection": admin("src/features/form-connection/form-connection-page.tsx"),
};

/** The first thing every page but the landing page asks the server (apps/web/src/lib/session.ts). */
export const SESSION_URL = "/api/session";

const ROOT = '<div id="root"></div>';

/**
 * The admin and sign-in pages without a waterfall: the build writes, beside
 * index.html, a copy of it for each page of ROUTE_MODULES at that page's path
 * (dist/admin/dashboard/index.html…) that also preloads the page's chunks and the session. The
 * browser fetches them all while it fetches the entry, instead of one after the other (the entry,
 * then the router's imports, then the session). The server answers a client route with the
 * nearest index.html up its path, as a static host would (apps/server/src/http/middleware/
 * static-web.ts): /admin/settings/unknown gets dist/admin/index.html, /invitations/abc
 * dist/invitations/index.html, and a path with none above it dist/index.html, the landing page's,
 * which preloads nothing more.
 */
export function routePages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "ringback-route-pages",
    apply: "build",
    enforce: "post",
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const index = bundle["index.html"];
        if (index?.type !== "asset") throw new Error("routePages: no index.html");
        const html = String(index.source);
        for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
          if (route === "/") continue;
          const { js, css } = routeFiles(bundle, config.root, modules);
          const adminPage = route === "/admin" || route.startsWith("/admin/");
          const tags = [
            ...css.map(
              (file) => `<link rel="stylesheet" crossorigin href="${config.base}${file}">`,
            ),
            ...js.map(
              (file) => `<link rel="modulepreload" crossorigin href="${config.base}${file}">`,
            ),
            // fetch() with credentials "same-origin" is what crossorigin="anonymous" preloads.
            `<link rel="preload" as="fetch" crossorigin="anonymous" href="${SESSION_URL}">`,
          ];
          if (!html.includes("</head>")) throw new Error("routePages: index.html has no </head>");
          if (!html.includes(ROOT)) throw new Error(`routePages: index.html has no ${ROOT}`);
          const heading: FirstViewHeading | undefined =
            FIRST_VIEW_HEADINGS[route as keyof typeof FIRST_VIEW_HEADINGS];
          const firstView = heading
            ? firstViewPage(
                html,
                tags,
                js.map((file) => `${config.base}${file}`),
                heading,
              )
            : null;
          const page = withoutFontPreload(html)
            .replace("</head>", `    ${tags.join("\n    ")}\n  </head>`)
            // An admin page shows its loading spinner from the first byte (first-load.ts).
            .replace(ROOT, adminPage ? `<div id="root">${FIRST_LOAD_HTML}</div>` : ROOT);
          const dir = route.slice(1);
          // A first view named after the organization goes beside the spinner page: the server
          // fills the name in per request and answers with it when it knows it (ADR 0022).
          const perRequest = firstView !== null && heading!.title.includes(ORGANIZATION_SLOT);
          if (perRequest) {
            this.emitFile({
              type: "asset",
              fileName: `${dir}/${FIRST_VIEW_FILE}`,
              source: firstView,
            });
          }
          const index = firstView !== null && !perRequest ? firstView : page;
          this.emitFile({ type: "asset", fileName: `${dir}/index.html`, source: index });
        }
      },
    },
  };
}

/**
 * A page with a first view (ADR 0022): the root holds the frame and the page's heading, and no
 * script is fetched before they have painted — the entry, its imports and the page's chunks are
 * listed for the boot script instead (FIRST_VIEW_BOOT_SCRIPT), which adds them then. The
 * stylesheets, the session and the font (the heading is set in it) are fetched at once.
 */
function firstViewPage(
  html: string,
  tags: string[],
  routeScripts: string[],
  heading: FirstViewHeading,
): string {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const preload = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
  const entrySrc = entry.exec(html)?.[1];
  if (!entrySrc) throw new Error("routePages: index.html has no module entry");
  const modules = [...html.matchAll(preload)].map((match) => match[1]!);
  const boot = JSON.stringify({ entry: entrySrc, modules: [...modules, ...routeScripts] });
  const stylesAndData = tags.filter((tag) => !tag.includes('rel="modulepreload"'));
  return html
    .replace(entry, "")
    .replace(preload, "")
    .replace("</head>", `    ${stylesAndData.join("\n    ")}\n  </head>`)
    .replace(
      ROOT,
      `<div id="root">${firstViewHtml(heading)}</div>\n    ` +
        `<script type="application/json" id="${FIRST_VIEW_BOOT_DATA_ID}">${boot}</script>\n    ` +
        `<script>${FIRST_VIEW_BOOT_SCRIPT}</script>`,
    );
}

/**
 * The font preload is the landing page's (its headline is its largest paint). On the other
 * pages the font would share a phone's bandwidth with their scripts, which decide when anything
 * shows; it loads when text first needs it instead, and the metric-matched fallback
 * (src/fonts.css) keeps the swap from moving anything.
 */
function withoutFontPreload(html: string): string {
  const preload = /\s*<link rel="preload" as="font"[^>]*>/;
  if (!preload.test(html)) throw new Error("routePages: index.html has no font preload");
  return html.replace(preload, "");
}

/**
 * The chunks (and stylesheets) the given lazily loaded modules need beyond what index.html
 * already loads: each module's chunk and its static imports, not the entry's.
 */
function routeFiles(
  bundle: OutputBundle,
  root: string,
  modules: readonly string[],
): { js: string[]; css: string[] } {
  const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === "chunk");
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error("routePages: no entry chunk");
  const closure = (start: OutputChunk[]) => {
    const seen = new Set<string>();
    const visit = (chunk: OutputChunk) => {
      if (seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const imported of chunk.imports) {
        const next = byFile.get(imported);
        if (next) visit(next);
      }
    };
    for (const chunk of start) visit(chunk);
    return seen;
  };
  const loaded = closure([entry]);
  const starts = modules.map((module) => {
    const id = path.join(root, module);
    const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId === id);
    if (!chunk) {
      throw new Error(
        `routePages: ${module} is not a lazily loaded chunk of this build; update ROUTE_MODULES (apps/web/build/route-pages.ts) to match apps/web/src/app/router.tsx`,
      );
    }
    return chunk;
  });
  const js = [...closure(starts)].filter((file) => !loaded.has(file));
  const loadedCss = new Set([...loaded].flatMap((file) => cssOf(byFile.get(file))));
  const css = [...new Set(js.flatMap((file) => cssOf(byFile.get(file))))].filter(
    (file) => !loadedCss.has(file),
  );
  return { js, css };
}

function cssOf(chunk: OutputChunk | undefined): string[] {
  const meta = (chunk as { viteMetadata?: { importedCss?: Set<string> } } | undefined)
    ?.viteMetadata;
  return [...(meta?.importedCss ?? [])];
}
