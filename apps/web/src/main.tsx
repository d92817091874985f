// First: before any schema is built (see the module).
import "./lib/zod-jitless";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { startTheme } from "./lib/theme";
import "./styles.css";

// Dark mode follows the system setting on every page, the landing page included (issue 16 §5).
startTheme();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
