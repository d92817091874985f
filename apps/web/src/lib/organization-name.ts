import { organizationNameSchema } from "@ringback/contracts";

// Apart from lib/organizations.ts, which every admin page loads: the schema brings zod, which only
// the pages that edit a name need.

/** An organization's name, non-empty after trimming (and at most 200 characters). */
export function organizationNameError(name: string): string | null {
  const parsed = organizationNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Enter an organization name");
}
