import type { Config } from "../../config/env.ts";
import { createTypeformProvider } from "../../providers/forms/typeform/typeform-provider.ts";
import { createFormProviders, type FormProviders } from "./form-providers.ts";

/**
 * Typeform with the app's credentials, or, without them, the same adapter pointed at the
 * built-in sandbox (PRODUCT.md "Sandbox mode"; ADR 0007).
 */
export function createConfiguredFormProviders(
  config: Pick<Config, "typeform">,
  sandbox: { clientId: string; clientSecret: string; apiUrl: string; adminUrl: string },
): FormProviders {
  const typeform = config.typeform
    ? createTypeformProvider({ ...config.typeform, sandbox: false })
    : createTypeformProvider({ ...sandbox, sandbox: true });
  return createFormProviders([typeform]);
}
