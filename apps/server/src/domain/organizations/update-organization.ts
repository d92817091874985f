import type { Organization, OrganizationRole } from "@ringback/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { organizations } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { toOrganizationDto } from "./organization-dto.ts";

export async function updateOrganization(
  db: Database,
  input: { organizationId: string; name: string; role: OrganizationRole },
): Promise<Organization> {
  const [row] = await db
    .update(organizations)
    .set({ name: input.name.trim() })
    .where(eq(organizations.id, input.organizationId))
    .returning();
  if (!row) throw new AppError("not_found", "Organization not found");
  return toOrganizationDto(row, input.role);
}
