import { formSourceManifestSchema } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env.ts";
import { capabilitiesOf } from "./form-source.ts";
import { formSourceModules, integrationSettings } from "./registry.ts";

const config = loadConfig({ NODE_ENV: "test", DATA_DIR: "/tmp/ringback-registry-test" });

describe("the form-source registry", () => {
  it("has one folder per source, each with a valid manifest and a unique id", () => {
    const ids = formSourceModules.map((m) => m.manifest.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const module of formSourceModules) {
      expect(formSourceManifestSchema.parse(module.manifest)).toEqual(module.manifest);
    }
  });

  it("each adapter has exactly the capabilities its manifest says", () => {
    for (const module of formSourceModules) {
      const source = module.create(config);
      expect(source.id).toBe(module.manifest.id);
      expect(source.name).toBe(module.manifest.name);
      expect(capabilitiesOf(source)).toEqual(module.manifest.capabilities);
    }
  });

  it("a source without credentials is its sandbox, mounted under /sandbox/<id>", () => {
    for (const module of formSourceModules.filter((m) => m.sandbox)) {
      expect(module.create(config).sandbox).toBe(true);
      expect(module.sandbox!.path).toBe(`/sandbox/${module.manifest.id}`);
    }
  });

  it("a source whose own variables name an account is the real service", () => {
    const withTypeform = loadConfig(
      {
        NODE_ENV: "test",
        DATA_DIR: "/tmp/ringback-registry-test",
        TYPEFORM_CLIENT_ID: "client",
        TYPEFORM_CLIENT_SECRET: "secret",
      },
      process.cwd(),
      integrationSettings,
    );
    const typeform = formSourceModules.find((m) => m.manifest.id === "typeform")!;
    expect(typeform.create(withTypeform).sandbox).toBe(false);
    expect(typeform.create(config).sandbox).toBe(true);
  });

  it("each source's variables are described in its manifest", () => {
    for (const module of formSourceModules.filter((m) => m.settings)) {
      const described = Object.keys(
        (module.manifest.settings as { properties?: object } | undefined)?.properties ?? {},
      );
      for (const name of module.settings!.credentials) expect(described).toContain(name);
    }
  });
});
