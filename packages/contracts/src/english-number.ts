/**
 * A number as the app writes it in English: thousands separated by commas and at most three
 * decimals, as `toLocaleString("en-US")` writes it ("25,000", "2.5", "-1,234.568"), without
 * `Intl`. The web app formats what a page shows first without `Intl`, whose first use in a page
 * loads the browser's ICU data on the main thread
 * (docs/decisions/0026-call-records-first-load-main-thread.md).
 */
export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return n.toLocaleString("en-US");
  const fixed = Math.abs(n).toFixed(3);
  // Beyond 1e21 toFixed writes an exponent: rare enough for the standard formatter.
  if (fixed.includes("e")) return n.toLocaleString("en-US");
  const [whole = "0", fraction = ""] = fixed.split(".");
  const decimals = fraction.replace(/0+$/, "");
  const text = `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${decimals ? `.${decimals}` : ""}`;
  // A negative number keeps its sign when rounded to zero ("-0"), as the standard formatter does.
  return n < 0 || Object.is(n, -0) ? `-${text}` : text;
}
