import type { FormSourceModule } from "../source-module.ts";
import { typeformManifest } from "./manifest.ts";
import {
  sandboxTypeformCredentials,
  sandboxTypeformUrls,
  TYPEFORM_SANDBOX_PATH,
} from "./sandbox/credentials.ts";
import { sandboxTypeformDeliverJob } from "./sandbox/deliver.job.ts";
import { typeformSandboxRoutes } from "./sandbox/sandbox-routes.ts";
import { createTypeformSource } from "./typeform-source.ts";

/** Typeform: OAuth, form listing, field reading and webhooks, with its built-in sandbox. */
export const typeform: FormSourceModule = {
  manifest: typeformManifest,
  create: (config) =>
    config.typeform
      ? createTypeformSource({ ...config.typeform, sandbox: false })
      : createTypeformSource({
          ...sandboxTypeformCredentials(config.secretKey),
          ...sandboxTypeformUrls(config.publicUrl),
          sandbox: true,
        }),
  sandbox: {
    path: TYPEFORM_SANDBOX_PATH,
    routes: ({ config, db, queue, logger }) =>
      typeformSandboxRoutes({
        db,
        queue,
        logger,
        publicUrl: config.publicUrl,
        ...sandboxTypeformCredentials(config.secretKey),
      }),
    jobs: [sandboxTypeformDeliverJob],
  },
};
