/**
 * GET /api/organizations/:organizationId/call-records/:id/recording-link: a short-lived link
 * that plays the call's recording in an <audio> element (which cannot send a bearer token).
 */
export interface RecordingLink {
  /** Same-origin path with its signature in the query. */
  url: string;
  /** ISO time; ask for a new link after it. */
  expiresAt: string;
}
