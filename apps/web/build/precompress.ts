import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin, ResolvedConfig } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The text files worth compressing. The server answers these by Accept-Encoding and keeps the
 * same list (apps/server/src/http/middleware/static-web.ts). woff2 is Brotli inside already;
 * source maps are fetched only by developer tools and are left as they are.
 */
const compressible = /\.(html|js|mjs|css|svg|json|txt)$/;

/** The font file every page's first paint needs (apps/web/src/fonts.css), preloaded. */
const firstPaintFont = /^inter-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Serving like a CDN would: after the build writes apps/web/dist, each text file
 * gets a Brotli (quality 11) and a gzip (level 9) copy beside it, `name.br` and `name.gz`, kept
 * only when smaller than the file. The server picks one by the request's Accept-Encoding, so
 * nothing is compressed per request.
 */
export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: "ringback-precompress",
    apply: "build",
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle: {
      order: "post",
      sequential: true,
      async handler(options) {
        const outDir = options.dir ?? path.resolve(config.root, config.build.outDir);
        const files = (await filesIn(outDir)).filter((file) => compressible.test(file));
        const totals = { files: 0, identity: 0, br: 0, gzip: 0 };
        await Promise.all(
          files.map(async (file) => {
            const bytes = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
                },
              }),
              gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            totals.files += 1;
            totals.identity += bytes.byteLength;
            totals.br += Math.min(br.byteLength, bytes.byteLength);
            totals.gzip += Math.min(gz.byteLength, bytes.byteLength);
            if (br.byteLength < bytes.byteLength) await writeFile(`${file}.br`, br);
            if (gz.byteLength < bytes.byteLength) await writeFile(`${file}.gz`, gz);
          }),
        );
        const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
        config.logger.info(
          `precompressed ${totals.files} files: ${kib(totals.identity)} → br ${kib(totals.br)}, gzip ${kib(totals.gzip)}`,
        );
      },
    },
  };
}

/**
 * Preloads the Latin Inter font from index.html (`<link rel="preload" as="font" crossorigin>`),
 * so it downloads alongside the CSS instead of after it. Its name carries the build's hash, so
 * the link is written once the bundle is known; a build without it fails rather than lose the
 * preload unnoticed.
 */
export function preloadFont(): Plugin {
  let base = "/";
  return {
    name: "ringback-preload-font",
    apply: "build",
    configResolved(resolved) {
      base = resolved.base;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, context) {
        if (!context.bundle) return;
        const font = Object.values(context.bundle).find(
          (output) =>
            output.type === "asset" && firstPaintFont.test(path.basename(output.fileName)),
        );
        if (!font) {
          throw new Error(
            "preloadFont: no inter-latin-wght-normal woff2 in the build (apps/web/src/fonts.css)",
          );
        }
        return [
          {
            tag: "link",
            attrs: {
              rel: "preload",
              as: "font",
              type: "font/woff2",
              href: `${base}${font.fileName}`,
              crossorigin: true,
            },
            injectTo: "head",
          },
        ];
      },
    },
  };
}

/** Every file under `dir`, skipping dot-folders (.vite holds the build manifest). */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.name.startsWith(".")) return [];
      if (entry.isDirectory()) return filesIn(full);
      return (await stat(full)).isFile() ? [full] : [];
    }),
  );
  return nested.flat();
}
