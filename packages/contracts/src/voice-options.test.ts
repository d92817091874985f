import { describe, expect, it } from "vitest";
import { callSettingsSchema, defaultCallSettings, transferNumberSchema } from "./assistants.ts";
import {
  DEFAULT_VOICE_LANGUAGE_LABEL,
  isVoiceLanguage,
  VOICE_LANGUAGES,
  voiceLanguageLabel,
  voiceSourceLabel,
  voiceSourceOf,
  voiceSources,
} from "./voice-options.ts";

describe("the voice languages", () => {
  it("are canonical BCP 47 tags with a language and a region, each once, with distinct names", () => {
    const tags = VOICE_LANGUAGES.map((l) => l.tag);
    expect(new Set(tags).size).toBe(tags.length);
    for (const tag of tags) {
      expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
      expect(tag).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
    }
    const labels = VOICE_LANGUAGES.map((l) => l.label);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("name each language as Intl does (the region said only where the list has several)", () => {
    const names = new Intl.DisplayNames(["en"], { type: "language" });
    for (const { tag, label } of VOICE_LANGUAGES) {
      const language = names.of(tag.split("-")[0]!)!;
      expect(label.startsWith(language.split(" ")[0]!)).toBe(true);
    }
  });

  it("cover the common ones the platforms support", () => {
    for (const tag of ["en-US", "en-GB", "en-AU", "es-ES", "es-MX", "fr-FR", "de-DE"]) {
      expect(isVoiceLanguage(tag)).toBe(true);
    }
    for (const tag of ["it-IT", "pt-BR", "nl-NL"]) expect(isVoiceLanguage(tag)).toBe(true);
    expect(isVoiceLanguage("en")).toBe(false);
    expect(isVoiceLanguage("en-us")).toBe(false);
    expect(isVoiceLanguage("tlh-QO")).toBe(false);
  });

  it("label null as the provider's default, and an unknown tag as itself", () => {
    expect(DEFAULT_VOICE_LANGUAGE_LABEL).toBe("English (provider default)");
    expect(voiceLanguageLabel(null)).toBe("English (provider default)");
    expect(voiceLanguageLabel("")).toBe("English (provider default)");
    expect(voiceLanguageLabel("es-MX")).toBe("Spanish (Mexico)");
    expect(voiceLanguageLabel("xx-YY")).toBe("xx-YY");
  });
});

describe("the call settings' voice options", () => {
  const valid = {
    ...defaultCallSettings,
    voice: { provider: "retell", id: "11labs-Adrian", name: "Adrian" },
    language: "fr-FR",
    maxCallMinutes: 30,
    transferNumber: "+1 415 555 0123",
  };

  it("accept the options, the number kept as E.164", () => {
    const parsed = callSettingsSchema.parse(valid);
    expect(parsed).toMatchObject({
      voice: { provider: "retell", id: "11labs-Adrian", name: "Adrian" },
      language: "fr-FR",
      maxCallMinutes: 30,
      transferNumber: "+14155550123",
    });
  });

  it("may be left out (older clients), or null for the defaults", () => {
    const { voice: _v, language: _l, maxCallMinutes: _m, transferNumber: _t, ...old } = valid;
    expect(callSettingsSchema.safeParse(old).success).toBe(true);
    expect(
      callSettingsSchema.safeParse({ ...old, voice: null, language: null, transferNumber: null })
        .success,
    ).toBe(true);
  });

  it("refuse what no provider can take, naming the field", () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ maxCallMinutes: 0 }, "maxCallMinutes"],
      [{ maxCallMinutes: 31 }, "maxCallMinutes"],
      [{ maxCallMinutes: 2.5 }, "maxCallMinutes"],
      [{ language: "klingon" }, "language"],
      [{ transferNumber: "4155550123" }, "transferNumber"],
      [{ transferNumber: "+12" }, "transferNumber"],
      [{ voice: { provider: "acme", id: "x", name: "X" } }, "voice"],
      [{ voice: { provider: "bland", id: "", name: "X" } }, "voice"],
    ];
    for (const [change, field] of cases) {
      const result = callSettingsSchema.safeParse({ ...valid, ...change });
      expect(result.success, JSON.stringify(change)).toBe(false);
      expect(result.error?.issues[0]?.path[0]).toBe(field);
    }
    expect(transferNumberSchema.safeParse("+44 20 7946 0958").data).toBe("+442079460958");
  });
});

describe("where a voice comes from", () => {
  it("is the platform, or the simulator playing it (whose lists differ from the vendor's)", () => {
    expect(voiceSourceOf("bland", false)).toBe("bland");
    expect(voiceSourceOf("bland", true)).toBe("simulated-bland");
    expect(voiceSourceOf("retell", true)).toBe("simulated-retell");
    expect(voiceSources.map(voiceSourceLabel)).toEqual([
      "Bland",
      "Vapi",
      "Retell",
      "Simulator",
      "Vapi (simulated)",
      "Retell (simulated)",
    ]);
  });
});
