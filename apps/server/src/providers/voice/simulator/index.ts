export { type CallSimulatorDeps, callSimulatorRoutes } from "../bland/sandbox/routes.ts";
export { DEFAULT_SIMULATOR_PACE, type Pace } from "./call.ts";
export { CALL_SIMULATOR_PATH, simulatorApiUrl, simulatorCredentials } from "./credentials.ts";
export { OUTCOME_TABLE } from "./outcomes.ts";
export { SANDBOX_BLAND_CALL_JOB } from "./play.ts";
