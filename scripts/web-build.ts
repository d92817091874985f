import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const web = path.join(root, "apps/web");
const dist = path.join(web, "dist");
const stampFile = path.join(dist, ".source-fingerprint");
const inputs = [
  path.join(web, "src"),
  path.join(web, "public"),
  path.join(web, "index.html"),
  path.join(web, "vite.config.ts"),
  path.join(web, "build"),
  path.join(web, "package.json"),
  path.join(root, "packages/contracts/src"),
];

/** A fingerprint of the web app's sources: paths, sizes and modification times. */
function fingerprint(): string {
  const hash = createHash("sha256");
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p).sort()) visit(path.join(p, name));
    } else {
      hash.update(`${path.relative(root, p)}:${s.size}:${s.mtimeMs}\n`);
    }
  };
  for (const input of inputs) visit(input);
  return hash.digest("hex");
}

/** Builds apps/web into apps/web/dist unless the last build used the same sources. */
export function ensureWebBuild(options: { force?: boolean } = {}): void {
  const current = fingerprint();
  const built = existsSync(stampFile) ? readFileSync(stampFile, "utf8").trim() : "";
  if (!options.force && built === current && existsSync(path.join(dist, "index.html"))) return;
  console.log(
    built ? "Rebuilding the web app (sources changed)…" : "Building the web app (first run)…",
  );
  const vite = path.join(root, "node_modules/vite/bin/vite.js");
  const result = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], {
    cwd: web,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    throw new Error(`The web app build failed (exit ${result.status ?? result.signal}).`);
  }
  writeFileSync(stampFile, `${current}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  ensureWebBuild({ force: process.argv.includes("--force") });
}
