import type { InvitationRole, OrganizationRole } from "@ringback/contracts";
import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { randomToken, users } from "./auth.ts";

export const organizations = pgTable("organizations", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  logo: text("logo_url"),
  metadata: text("metadata"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A tenant-owned row's organization_id: non-null, gone with its organization (ADR 0006). */
export const tenant = () =>
  text("organization_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" });

export const organizationMembers = pgTable(
  "organization_members",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<OrganizationRole>().notNull().default("member"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("organization_members_org_user_idx").on(t.organizationId, t.userId),
    index("organization_members_user_idx").on(t.userId),
  ],
);

export const organizationInvitations = pgTable(
  "organization_invitations",
  {
    id: text("id").primaryKey(),
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<InvitationRole>().notNull().default("member"),
    /** pending | accepted | rejected | canceled */
    status: text("status").notNull().default("pending"),
    token: text("token").notNull().unique().default(randomToken),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    inviterId: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("organization_invitations_org_idx").on(t.organizationId, t.status),
    index("organization_invitations_email_idx").on(t.email),
  ],
);
