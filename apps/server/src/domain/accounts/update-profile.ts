import type { UpdateProfile, User } from "@ringback/contracts";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { getUser } from "./get-user.ts";

type Executor = Pick<Database, "select" | "update">;

export async function assertEmailFree(db: Executor, email: string, exceptUserId?: string) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      exceptUserId
        ? and(eq(users.email, email), ne(users.id, exceptUserId))
        : eq(users.email, email),
    );
  if (taken) throw new AppError("conflict", "An account with this email already exists.");
}

/** Saves name and email inside the caller's transaction (sign-up uses it too). */
export async function saveProfile(t: Executor, userId: string, input: UpdateProfile) {
  await assertEmailFree(t, input.email, userId);
  await t
    .update(users)
    .set({ name: input.fullName.trim(), email: input.email, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Full name and email (user_metadata.full_name, email). */
export async function updateProfile(
  db: Database,
  userId: string,
  input: UpdateProfile,
): Promise<User> {
  await db.transaction((tx) => saveProfile(tx, userId, input));
  return getUser(db, userId);
}
