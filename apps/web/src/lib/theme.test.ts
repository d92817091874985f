import { THEME_BOOT_SCRIPT, THEME_STORAGE_KEY } from "@ringback/contracts/theme";
import { describe, expect, it } from "vitest";
import { readThemePreference, resolveTheme, type ThemePreference } from "./theme";

const storageWith = (value: string | null) => ({
  getItem: (key: string) => (key === THEME_STORAGE_KEY ? value : null),
});

/** Runs index.html's inline script against a stand-in browser; true when it set `dark`. */
function bootScriptDark(stored: string | null, systemDark: boolean | "throws"): boolean {
  const classes = new Set<string>();
  const document = {
    documentElement: {
      classList: {
        toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)),
      },
    },
  };
  const matchMedia = (query: string) => {
    if (systemDark === "throws") throw new Error("no matchMedia");
    expect(query).toBe("(prefers-color-scheme: dark)");
    return { matches: systemDark };
  };
  new Function("localStorage", "matchMedia", "document", THEME_BOOT_SCRIPT)(
    storageWith(stored),
    matchMedia,
    document,
  );
  return classes.has("dark");
}

describe("theme", () => {
  it("follows the system unless Light or Dark was chosen", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });

  it("reads only Light or Dark as a choice; anything else, or no storage, is System", () => {
    expect(readThemePreference(storageWith("dark"))).toBe("dark");
    expect(readThemePreference(storageWith("light"))).toBe("light");
    expect(readThemePreference(storageWith(null))).toBe("system");
    expect(readThemePreference(storageWith("purple"))).toBe("system");
    expect(readThemePreference(undefined)).toBe("system");
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(readThemePreference(refusing)).toBe("system");
  });

  it("the inline script before the first paint decides as the app does", () => {
    for (const stored of [null, "light", "dark", "purple"]) {
      for (const systemDark of [false, true]) {
        const preference: ThemePreference = readThemePreference(storageWith(stored));
        expect(bootScriptDark(stored, systemDark), `${stored}, system dark ${systemDark}`).toBe(
          resolveTheme(preference, systemDark) === "dark",
        );
      }
    }
    // Never throws into the page: the app's script then sets the class.
    expect(bootScriptDark(null, "throws")).toBe(false);
  });
});
