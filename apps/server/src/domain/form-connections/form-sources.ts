import { AppError } from "../../lib/app-error.ts";
import type { FormSource } from "../../providers/forms/form-source.ts";

/** The configured form sources by id (each registered folder's adapter, real or sandbox). */
export interface FormSources {
  get(id: string): FormSource;
  list(): FormSource[];
}

export function createFormSources(sources: FormSource[]): FormSources {
  const byId = new Map<string, FormSource>(sources.map((p) => [p.id, p]));
  return {
    get(id) {
      const source = byId.get(id.toLowerCase());
      if (!source) throw new AppError("not_found", `Unknown form source: ${id}`);
      return source;
    },
    list: () => [...byId.values()],
  };
}

type Capability = "oauth" | "forms" | "fields" | "webhooks" | "samples";
const missing: Record<Capability, string> = {
  oauth: "has no account to connect",
  forms: "does not list forms",
  fields: "does not read a form's fields",
  webhooks: "does not manage webhooks",
  samples: "does not learn fields from a sample submission",
};

/** One of a source's optional capabilities, or a clear 409 where it has none. */
export function capability<K extends Capability>(
  source: FormSource,
  key: K,
): NonNullable<FormSource[K]> {
  const found = source[key];
  if (!found) throw new AppError("conflict", `${source.name} ${missing[key]}.`);
  return found as NonNullable<FormSource[K]>;
}
