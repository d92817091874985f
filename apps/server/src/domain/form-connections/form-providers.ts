import type { FormProviderId } from "@ringback/contracts";
import { AppError } from "../../lib/app-error.ts";
import type { FormProvider } from "../../providers/forms/form-provider.ts";

/** The configured providers by id (Typeform, real or sandbox). */
export interface FormProviders {
  get(id: string): FormProvider;
  list(): FormProvider[];
}

export function createFormProviders(providers: FormProvider[]): FormProviders {
  const byId = new Map<string, FormProvider>(providers.map((p) => [p.id, p]));
  return {
    get(id) {
      const provider = byId.get(id.toLowerCase());
      if (!provider) throw new AppError("not_found", `Unknown form provider: ${id}`);
      return provider;
    },
    list: () => [...byId.values()],
  };
}

export function isProviderId(id: string): id is FormProviderId {
  return id === "typeform";
}
