// The parser lives in contracts: the public API (GET /api/v1/call-records/:id) gives the same
// conversation lines as Call Details.
export { type ConversationLine, parseTranscript } from "@ringback/contracts";

/** The line being said at `position` seconds: the last one that started by then (-1: none). */
export function lineAt(lines: readonly { atSeconds: number | null }[], position: number): number {
  let at = -1;
  for (const [index, line] of lines.entries()) {
    if (line.atSeconds !== null && line.atSeconds <= position + 0.05) at = index;
  }
  return at;
}
