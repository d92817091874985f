import { type Context, Hono } from "hono";
import { applyOutcome } from "../../domain/calls/apply-outcome.ts";
import type { CallEngineDeps } from "../../domain/calls/call-engine.ts";
import { stripNul } from "../../lib/text.ts";
import { isUuid } from "../../lib/uuid.ts";
import { type CallOutcome, VoiceProviderError } from "../../providers/voice/voice-provider.ts";

const notFound = { error: { code: "not_found", message: "Unknown voice provider" } };

/**
 * POST /api/voice-webhooks/:provider/:connection — a voice platform's call updates.
 * `:connection` is the organization's voice connection the call was placed with, or `default`
 * (also when left out: calls placed before voice platforms were per organization, ADR 0018) for the installation's default; its own
 * secret authenticates the request, as the platform documents, on the raw body. The update
 * applies only to an attempt of that connection; duplicates and stale updates are absorbed by
 * applyOutcome. Events that carry no news we use are acknowledged and ignored.
 */
export function voiceWebhookRoutes(deps: { calls: CallEngineDeps }) {
  const handle = async (c: Context, platform: string, connection: string) => {
    const { voices, logger } = deps.calls;
    const connectionId = connection === "default" ? null : connection;
    if (connectionId !== null && !isUuid(connectionId)) return c.json(notFound, 404);
    const voice = await voices.forConnection(connectionId);
    if (!voice || voice.provider.id !== platform) return c.json(notFound, 404);
    const rawBody = await c.req.text();
    if (!voice.provider.verifyWebhook(rawBody, c.req.raw.headers)) {
      logger.warn(
        { platform, connectionId },
        "Rejected a voice webhook with a missing or wrong signature",
      );
      return c.json({ error: { code: "rejected", message: "invalid signature" } }, 401);
    }
    let outcome: CallOutcome | null;
    try {
      outcome = voice.provider.parseWebhook(rawBody);
    } catch (error) {
      if (error instanceof VoiceProviderError) {
        return c.json({ error: { code: "rejected", message: error.message } }, 400);
      }
      throw error;
    }
    if (!outcome) return c.json({ ok: true, ignored: true });
    // A NUL in a transcript would make PostgreSQL refuse the whole update.
    await applyOutcome(deps.calls, stripNul(outcome), { connectionId });
    return c.json({ ok: true });
  };
  return new Hono()
    .post("/:provider", (c) => handle(c, c.req.param("provider"), "default"))
    .post("/:provider/:connection", (c) =>
      handle(c, c.req.param("provider"), c.req.param("connection")),
    );
}
