import type { SignedLink } from "@ringback/contracts";
import type { Context } from "hono";
import { stream } from "hono/streaming";
import { signLink } from "../auth/signed-links.ts";
import type { SecretBox } from "../lib/secret-box.ts";
import type { TenantVariables } from "./middleware/tenancy.ts";

/** How long a recording or export link works; the page asks for a fresh one each time. */
const LINK_SECONDS = 3600;

/**
 * A SignedLink answer for a path of the caller's organization (a download or an <audio> source,
 * which cannot carry the Bearer token): valid for this user's session, for an hour.
 */
export function signedLinkResponse(
  c: Context<{ Variables: TenantVariables }>,
  box: SecretBox,
  path: string,
  query = "",
) {
  const expiresAt = new Date(Date.now() + LINK_SECONDS * 1000);
  const signed = signLink(
    box,
    `/api/organizations/${c.get("organizationId")}${path}`,
    { userId: c.get("userId"), sessionId: c.get("sessionId") },
    expiresAt,
  );
  c.header("Cache-Control", "no-store");
  return c.json({
    url: query ? `${signed}&${query}` : signed,
    expiresAt: expiresAt.toISOString(),
  } satisfies SignedLink);
}

/** Streams CSV lines as they are read, as a download named `<name>-<day>.csv`. */
export function csvDownload(c: Context, name: string, lines: AsyncGenerator<string>) {
  const day = new Date().toISOString().slice(0, 10);
  c.header("Content-Type", "text/csv; charset=utf-8");
  c.header("Content-Disposition", `attachment; filename="${name}-${day}.csv"`);
  c.header("Cache-Control", "no-store");
  return stream(c, async (out) => {
    out.onAbort(() => void lines.return(undefined));
    for await (const chunk of lines) {
      if (out.aborted) break;
      await out.write(chunk);
    }
  });
}
