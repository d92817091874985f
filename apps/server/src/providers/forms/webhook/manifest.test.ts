import { formSourceManifestSchema } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { webhookAuthSchema } from "./auth.ts";
import { webhookManifest } from "./manifest.ts";

describe("the webhook source's manifest", () => {
  it("offers exactly the authentication modes the source checks, Standard Webhooks first", () => {
    expect(formSourceManifestSchema.parse(webhookManifest)).toEqual(webhookManifest);
    const modes = webhookManifest.endpoint.authModes;
    expect(modes.map((m) => m.id)).toEqual([
      ...webhookAuthSchema.options.map((o) => o.shape.mode.value),
    ]);
    expect(modes[0]!.id).toBe("standard-webhooks");
    // The modes that send the secret itself (or its token) are the less secure ones.
    expect(modes.filter((m) => m.lessSecure).map((m) => m.id)).toEqual(["bearer", "path"]);
    // Each mode's fields, with their defaults, are settings the source accepts.
    for (const mode of modes) {
      const settings = Object.fromEntries(mode.fields.map((f) => [f.key, f.default]));
      expect(webhookAuthSchema.safeParse({ mode: mode.id, ...settings }).success, mode.id).toBe(
        true,
      );
    }
  });
});
