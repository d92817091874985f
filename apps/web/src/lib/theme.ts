import { THEME_STORAGE_KEY } from "@ringback/contracts/theme";
import { useSyncExternalStore } from "react";

/**
 * Dark mode follows the system setting unless the account menu says Light or Dark.
 * The choice is this browser's (localStorage), so the public pages follow it too. index.html's
 * inline script (@ringback/contracts/theme) sets <html>'s `dark` class before the first paint;
 * this module keeps it right afterwards: a new choice, the system switching (sunset), another
 * tab choosing.
 */
export type ThemePreference = "system" | "light" | "dark";
export type Theme = "light" | "dark";

export const themePreferences: readonly ThemePreference[] = ["system", "light", "dark"];

const darkQuery = "(prefers-color-scheme: dark)";

export function resolveTheme(preference: ThemePreference, systemDark: boolean): Theme {
  if (preference === "system") return systemDark ? "dark" : "light";
  return preference;
}

export function readThemePreference(
  storage: Pick<Storage, "getItem"> | undefined,
): ThemePreference {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return stored === "light" || stored === "dark" ? stored : "system";
  } catch {
    // Storage refused (a privacy mode): the system setting decides.
    return "system";
  }
}

const browser = typeof window !== "undefined";
const media =
  browser && typeof window.matchMedia === "function" ? window.matchMedia(darkQuery) : null;
const storage = (): Storage | undefined => {
  try {
    return browser ? window.localStorage : undefined;
  } catch {
    return undefined;
  }
};

interface ThemeState {
  preference: ThemePreference;
  theme: Theme;
}

let state: ThemeState = read();
const listeners = new Set<() => void>();

function read(): ThemeState {
  const preference = readThemePreference(storage());
  return { preference, theme: resolveTheme(preference, media?.matches ?? false) };
}

function refresh(): void {
  const next = read();
  if (browser) document.documentElement.classList.toggle("dark", next.theme === "dark");
  if (next.preference === state.preference && next.theme === state.theme) return;
  state = next;
  for (const listener of listeners) listener();
}

let started = false;

/**
 * From the first render on, on every page (main.tsx): follows the system setting as it changes
 * and a choice made in another tab. Sets the class too where the inline script did not run.
 */
export function startTheme(): void {
  if (!browser || started) return;
  started = true;
  media?.addEventListener("change", refresh);
  window.addEventListener("storage", (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) refresh();
  });
  refresh();
}

/** Remembers the choice in this browser and applies it at once. */
export function setThemePreference(preference: ThemePreference): void {
  try {
    if (preference === "system") storage()?.removeItem(THEME_STORAGE_KEY);
    else storage()?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Not remembered, still applied below for this page.
  }
  const next = { preference, theme: resolveTheme(preference, media?.matches ?? false) };
  if (browser) document.documentElement.classList.toggle("dark", next.theme === "dark");
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const serverState: ThemeState = { preference: "system", theme: "light" };

/** The choice (System, Light, Dark) and the theme it comes to now. */
export function useTheme(): ThemeState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );
}
