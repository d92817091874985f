import {
  completeSignupSchema,
  signupAvailabilitySchema,
  updateProfileSchema,
} from "@ringback/contracts";
import { Hono } from "hono";
import type { Database } from "../../db/database.ts";
import { getUser } from "../../domain/accounts/get-user.ts";
import { checkSignupAvailability, completeSignup } from "../../domain/accounts/sign-up.ts";
import { updateProfile } from "../../domain/accounts/update-profile.ts";
import type { AuthVariables } from "../middleware/authenticate.ts";
import { parseJson } from "../validate.ts";

/** The signed-in user's own account (not organization-scoped). */
export function accountRoutes(deps: { db: Database }) {
  return (
    new Hono<{ Variables: AuthVariables }>()
      // GET /api/account — the current user.
      .get("/", async (c) => c.json(await getUser(deps.db, c.get("userId"))))
      // PATCH /api/account — full name and email (Profile).
      .patch("/", async (c) => {
        const input = await parseJson(c, updateProfileSchema);
        return c.json(await updateProfile(deps.db, c.get("userId"), input));
      })
      // POST /api/account/complete-signup — pending signup data: name, email, organization.
      .post("/complete-signup", async (c) => {
        const input = await parseJson(c, completeSignupSchema);
        const organization = await completeSignup(deps.db, c.get("userId"), input);
        return c.json({ organization }, 201);
      })
  );
}

/** POST /api/signup/availability — public: is this email and phone free for a new account? */
export function signupRoutes(deps: { db: Database }) {
  return new Hono().post("/availability", async (c) => {
    const input = await parseJson(c, signupAvailabilitySchema);
    await checkSignupAvailability(deps.db, input);
    return c.json({ available: true });
  });
}
