export * from "./auth.ts";
export * from "./call-simulator.ts";
export * from "./calls.ts";
export * from "./compliance.ts";
export * from "./connections.ts";
export * from "./forms.ts";
export * from "./organizations.ts";
export * from "./typeform-sandbox.ts";
