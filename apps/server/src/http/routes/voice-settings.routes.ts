import { updateVoiceSettingsSchema, verifyVoiceSettingsSchema } from "@ringback/contracts";
import { type Context, Hono } from "hono";
import { memberActor } from "../../domain/compliance/audit.ts";
import {
  getVoiceSettings,
  listVoiceCallerNumbers,
  resetVoiceSettings,
  saveVoiceSettings,
  type VoiceSettingsDeps,
  verifyVoiceSettings,
} from "../../domain/voice/voice-settings.ts";
import { AppError } from "../../lib/app-error.ts";
import { hasNul } from "../../lib/text.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";
import { parseJson } from "../validate.ts";

/** Verify's body: settings to try before saving, or nothing (the saved ones). */
async function verifyBody(c: Context) {
  const text = (await c.req.text()).trim();
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body must be JSON.");
  }
  if (hasNul(json)) {
    throw new AppError("validation_failed", "Text cannot contain NUL (\\u0000) characters.");
  }
  const result = verifyVoiceSettingsSchema.safeParse(json);
  if (!result.success) {
    throw new AppError("validation_failed", result.error.issues[0]?.message ?? "Invalid request", {
      issues: result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    });
  }
  const { provider, ...rest } = result.data;
  return provider ? { provider, ...rest } : null;
}

/**
 * Mounted at /api/organizations/:organizationId/voice: the organization's voice
 * platform (Settings → Voice). Owners and admins only (voice:manage): the keys spend the
 * organization's money. Keys are write-only: no answer ever carries one.
 */
export function voiceSettingsRoutes(deps: VoiceSettingsDeps) {
  const { db } = deps;
  const allowed = withOrganization(db, "voice:manage");
  return (
    new Hono<{ Variables: TenantVariables }>()
      // GET / — what calls go through now (VoiceSettings).
      .get("/", allowed, async (c) => {
        c.header("Cache-Control", "no-store");
        return c.json(await getVoiceSettings(deps, c.get("organizationId")));
      })
      // PUT / — a new connection replaces the current one (VoiceSettings); 400 per field.
      .put("/", allowed, async (c) => {
        const settings = await parseJson(c, updateVoiceSettingsSchema);
        c.header("Cache-Control", "no-store");
        return c.json(
          await saveVoiceSettings(deps, {
            organizationId: c.get("organizationId"),
            actor: await memberActor(db, c.get("userId")),
            settings,
          }),
        );
      })
      // DELETE / — back to the installation's default (VoiceSettings).
      .delete("/", allowed, async (c) => {
        c.header("Cache-Control", "no-store");
        return c.json(
          await resetVoiceSettings(deps, {
            organizationId: c.get("organizationId"),
            actor: await memberActor(db, c.get("userId")),
          }),
        );
      })
      // POST /verify — unsaved settings, or none for the saved ones (VoiceVerifyResult; a
      // refused key is ok: false, still a 200).
      .post("/verify", allowed, async (c) => {
        const settings = await verifyBody(c);
        c.header("Cache-Control", "no-store");
        return c.json(
          await verifyVoiceSettings(deps, { organizationId: c.get("organizationId"), settings }),
        );
      })
      // GET /caller-numbers — the saved connection's numbers ({ callerNumbers }, null: no list).
      .get("/caller-numbers", allowed, async (c) => {
        c.header("Cache-Control", "no-store");
        return c.json(await listVoiceCallerNumbers(deps, c.get("organizationId")));
      })
  );
}
