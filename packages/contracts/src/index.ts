export * from "./accounts.ts";
export * from "./assistants.ts";
export * from "./calls.ts";
export * from "./errors.ts";
export * from "./health.ts";
export * from "./permissions.ts";
export * from "./phone.ts";
export * from "./time-zones.ts";
