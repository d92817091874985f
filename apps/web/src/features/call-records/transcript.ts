// The parser lives in contracts: the public API (GET /api/v1/call-records/:id) gives the same
// conversation lines as Call Details.
export { type ConversationLine, parseTranscript } from "@ringback/contracts";
