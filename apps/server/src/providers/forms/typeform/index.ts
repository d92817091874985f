import type { z } from "zod";
import type { FormSourceModule } from "../source-module.ts";
import { typeformManifest, typeformSettings, type typeformSettingsSchema } from "./manifest.ts";
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
  settings: typeformSettings,
  create: (config) => {
    // Read only when all its credentials are set (IntegrationSettings.credentials).
    const own = config.integrations.typeform as z.output<typeof typeformSettingsSchema> | null;
    return own
      ? createTypeformSource({
          clientId: own.TYPEFORM_CLIENT_ID!,
          clientSecret: own.TYPEFORM_CLIENT_SECRET!,
          apiUrl: own.TYPEFORM_API_URL,
          adminUrl: own.TYPEFORM_ADMIN_URL,
          sandbox: false,
        })
      : createTypeformSource({
          ...sandboxTypeformCredentials(config.secretKey),
          ...sandboxTypeformUrls(config.publicUrl),
          sandbox: true,
        });
  },
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
