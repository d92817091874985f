/**
 * Dark mode. The web app's pages carry a tiny inline script that sets the theme on
 * <html> before the first paint (no flash of the light theme for a dark system or choice). The
 * script lives here, one string shared by the two sides that must agree on it byte for byte:
 * the web build inlines it into index.html (apps/web/build/theme-script.ts) and the server
 * allows exactly it in its Content-Security-Policy by its SHA-256 hash (no 'unsafe-inline').
 * Imported as `@ringback/contracts/theme`, never through the index, so the web app's first
 * chunk gets this module alone.
 */

/** localStorage key of the choice made in the account menu: "light" or "dark"; absent = system. */
export const THEME_STORAGE_KEY = "ringback-theme";

/** The `dark` class on <html> when the choice, or else the system setting, is dark. */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem("${THEME_STORAGE_KEY}"),d=t==="dark"||(t!=="light"&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d)}catch(e){}})()`;
