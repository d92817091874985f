import {
  completeSignupSchema,
  type SignupAvailability,
  signupAvailabilitySchema,
  updateProfileSchema,
} from "@ringback/contracts";
import { Hono } from "hono";
import type { Database } from "../../db/database.ts";
import { getUser } from "../../domain/accounts/get-user.ts";
import { checkSignupAvailability, completeSignup } from "../../domain/accounts/sign-up.ts";
import { updateProfile } from "../../domain/accounts/update-profile.ts";
import { AppError } from "../../lib/app-error.ts";
import { NOT_A_NUMBER_IN_COUNTRY, readNumberInChosenCountry } from "../../lib/phone-number.ts";
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

/**
 * POST /api/signup/availability {email, phone, country?} — public: is this email and phone free
 * for a new account? The phone as typed, read as sign-in reads it (ADR 0024); the answer names
 * the number read, which the page then sends the code to.
 */
export function signupRoutes(deps: { db: Database }) {
  return new Hono().post("/availability", async (c) => {
    const input = await parseJson(c, signupAvailabilitySchema);
    const phone = readNumberInChosenCountry(input.phone, input.country);
    if (!phone) {
      throw new AppError("validation_failed", NOT_A_NUMBER_IN_COUNTRY, {
        issues: [{ path: "phone", message: NOT_A_NUMBER_IN_COUNTRY }],
      });
    }
    await checkSignupAvailability(deps.db, { email: input.email, phone });
    return c.json({ available: true, phone } satisfies SignupAvailability);
  });
}
