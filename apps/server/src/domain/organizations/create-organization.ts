import { randomBytes } from "node:crypto";
import type { Organization } from "@ringback/contracts";
import type { Database } from "../../db/database.ts";
import { organizationMembers, organizations } from "../../db/schema/index.ts";
import { toOrganizationDto } from "./organization-dto.ts";

type Executor = Pick<Database, "insert">;

/**
 * Creates an organization with its creator as owner, in one transaction, so an
 * organization never exists without its owner (a failed membership insert
 * rolls the organization back).
 */
export async function createOrganization(
  db: Database,
  input: { name: string; userId: string },
  tx?: Executor,
): Promise<Organization> {
  const run = async (t: Executor) => {
    const [organization] = await t
      .insert(organizations)
      .values({ id: crypto.randomUUID(), name: input.name.trim(), slug: slugFor(input.name) })
      .returning();
    await t.insert(organizationMembers).values({
      id: crypto.randomUUID(),
      organizationId: organization!.id,
      userId: input.userId,
      role: "owner",
    });
    return toOrganizationDto(organization!, "owner");
  };
  return tx ? run(tx) : db.transaction(run);
}

function slugFor(name: string): string {
  const base = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${base || "org"}-${randomBytes(4).toString("hex")}`;
}
