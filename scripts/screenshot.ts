// Takes full-page screenshots of the given paths at desktop and phone widths.
// Usage: npm run screenshot -- http://localhost:3000 / /unauthorized /nope
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const out = "test-results/screenshots";
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
for (const width of [1280, 375]) {
  const page = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 800 } });
  page.on("console", (m) => m.type() === "error" && console.log(`[console] ${m.text()}`));
  for (const p of paths.length ? paths : ["/"]) {
    await page.goto(base + p, { waitUntil: "networkidle" });
    const file = `${out}/${p.replace(/\W+/g, "_") || "root"}-${width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
