// First: before any schema is built (see the module).
import "./lib/zod-jitless";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { startTheme } from "@/lib/theme";
import { App } from "./app/app";
import { preloadRoute } from "./app/router";
import "./styles.css";

// Dark mode follows the system setting on every page, the landing page included.
startTheme();

const root = document.getElementById("root")!;
// In a transition, React renders the first page in slices and lets the browser in between,
// instead of one long task that a phone cannot interrupt.
const start = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

// The first render waits for the chunks of the page at this address (its HTML preloads them, and
// an admin page shows its spinner meanwhile: app/first-load.ts), so React does not suspend on
// them: what a Suspense boundary reveals after its fallback is held back 300 ms each time
//. A chunk that fails to load is loaded again, and reported, by the page itself.
void preloadRoute(window.location)
  .catch(() => undefined)
  .finally(start);
