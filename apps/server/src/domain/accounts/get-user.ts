import type { User } from "@ringback/contracts";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { twoFactors, users } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { isPlaceholderEmail } from "./sign-in-rules.ts";

/** A user: id, phone, email, user_metadata.full_name and the TOTP factors. */
export async function getUser(db: Database, userId: string): Promise<User> {
  const [row] = await db
    .select({ user: users, factor: twoFactors })
    .from(users)
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError("unauthenticated", "Please sign in again.");
  const { user, factor } = row;
  return {
    id: user.id,
    phone: user.phoneNumber,
    email: isPlaceholderEmail(user.email) ? null : user.email,
    user_metadata: { full_name: user.name.trim() ? user.name : null },
    factors:
      factor?.verified && user.twoFactorEnabled
        ? [
            {
              id: factor.id,
              factor_type: "totp",
              status: "verified",
              friendly_name: factor.friendlyName ?? "Authenticator app",
              issuer: "Ringback",
            },
          ]
        : [],
  };
}
