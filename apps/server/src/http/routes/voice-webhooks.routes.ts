import { Hono } from "hono";
import { applyOutcome, type CallEngineDeps } from "../../domain/calls/call-engine.ts";
import { stripNul } from "../../lib/text.ts";
import { VoiceProviderError } from "../../providers/voice/voice-provider.ts";

/**
 * POST /api/voice-webhooks/:provider — the voice provider's call updates. Signature checked on
 * the raw body; duplicates and stale updates are absorbed by applyOutcome.
 */
export function voiceWebhookRoutes(deps: { calls: CallEngineDeps; secret: string }) {
  return new Hono().post("/:provider", async (c) => {
    const { voice, logger } = deps.calls;
    if (c.req.param("provider") !== voice.id) {
      return c.json({ error: { code: "not_found", message: "Unknown voice provider" } }, 404);
    }
    const rawBody = await c.req.text();
    if (!voice.verifyWebhook(rawBody, c.req.raw.headers, deps.secret)) {
      logger.warn("Rejected a voice webhook with a missing or wrong signature");
      return c.json({ error: { code: "rejected", message: "invalid signature" } }, 401);
    }
    let outcome: ReturnType<typeof voice.parseWebhook>;
    try {
      outcome = voice.parseWebhook(rawBody);
    } catch (error) {
      if (error instanceof VoiceProviderError) {
        return c.json({ error: { code: "rejected", message: error.message } }, 400);
      }
      throw error;
    }
    // A NUL in a transcript would make PostgreSQL refuse the whole update.
    await applyOutcome(deps.calls, stripNul(outcome));
    return c.json({ ok: true });
  });
}
