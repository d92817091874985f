export type { TypeformSandboxDeps } from "./context.ts";
export {
  sandboxTypeformCredentials,
  sandboxTypeformUrls,
  TYPEFORM_SANDBOX_PATH,
} from "./credentials.ts";
export { SANDBOX_TYPEFORM_DELIVER_JOB } from "./deliver.ts";
export { typeformSandboxRoutes } from "./sandbox-routes.ts";
