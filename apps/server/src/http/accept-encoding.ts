/** The content codings Ringback sends: Brotli, gzip, or the bytes as they are. */
export type ContentCoding = "br" | "gzip" | "identity";

/** Accept-Encoding's codings and their q-values (RFC 9110 §12.5.3); the first mention counts. */
function acceptedCodings(header: string): Map<string, number> {
  const accepted = new Map<string, number>();
  for (const item of header.split(",")) {
    const [name = "", ...parameters] = item.split(";");
    const coding = name.trim().toLowerCase();
    if (!coding || accepted.has(coding)) continue;
    let q = 1;
    for (const parameter of parameters) {
      const [key = "", value = ""] = parameter.split("=");
      if (key.trim().toLowerCase() !== "q") continue;
      const parsed = Number(value.trim());
      // A q-value that is not a number in [0, 1] is not a preference we can honour: refused.
      q = value.trim() !== "" && Number.isFinite(parsed) && parsed >= 0 && parsed <= 1 ? parsed : 0;
    }
    accepted.set(coding, q);
  }
  return accepted;
}

/**
 * The coding to answer with, from those `available` (most preferred first; identity is always
 * possible). The client's highest q-value wins; on a tie, the earlier in `available` (so Brotli
 * before gzip). A coding the header does not name takes `*`'s q-value, or 0. Identity is the
 * fallback: it is chosen by its own (or `*`'s) q-value when the header names it, and otherwise only
 * when nothing else is acceptable. When the client refuses everything we have (`identity;q=0`), the
 * bytes go as they are: a response it cannot use beats none (RFC 9110 allows either). No header
 * means no coding.
 */
export function negotiateEncoding(
  header: string | undefined,
  available: readonly ContentCoding[],
): ContentCoding {
  if (header === undefined) return "identity";
  const accepted = acceptedCodings(header);
  const wildcard = accepted.get("*");
  const qualityOf = (coding: ContentCoding): number => {
    const named = accepted.get(coding);
    if (named !== undefined) return named;
    if (wildcard !== undefined) return wildcard;
    return coding === "identity" ? Number.MIN_VALUE : 0;
  };
  let best: ContentCoding = "identity";
  let bestQuality = 0;
  for (const coding of available) {
    const quality = qualityOf(coding);
    if (quality > bestQuality) {
      best = coding;
      bestQuality = quality;
    }
  }
  return best;
}

/** Adds Accept-Encoding to a Vary header value (once), keeping what it already names. */
export function varyOnAcceptEncoding(current: string | null | undefined): string {
  if (!current) return "Accept-Encoding";
  if (current.trim() === "*" || /(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return current;
  return `${current}, Accept-Encoding`;
}
