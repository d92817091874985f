import { formSourceManifestSchema } from "@ringback/contracts";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env.ts";
import { capabilitiesOf } from "./form-source.ts";
import { formSourceModules } from "./registry.ts";

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
});
