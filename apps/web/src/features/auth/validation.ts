import { emailSchema } from "@ringback/contracts";
import { phoneError } from "./phone-validation";

export { phoneError };

export type SignupField = "fullName" | "email" | "phone" | "organizationName";
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

const REQUIRED: Record<SignupField, string> = {
  fullName: "Enter your full name",
  email: "Enter your email address",
  phone: "Enter your phone number",
  organizationName: "Enter your company name",
};

/**
 * Every error of the sign-up details at once, by field. Joining through an invitation asks for
 * no company name. `missing` says whether any field is empty, for
 * 'All fields are required'.
 */
export function validateSignup(
  values: Record<SignupField, string>,
  options: { invitation: boolean },
): { errors: FieldErrors<SignupField>; missing: boolean } {
  const errors: FieldErrors<SignupField> = {};
  const fields: SignupField[] = options.invitation
    ? ["fullName", "email", "phone"]
    : ["fullName", "email", "phone", "organizationName"];
  let missing = false;
  for (const field of fields) {
    if (!values[field].trim()) {
      errors[field] = REQUIRED[field];
      missing = true;
    }
  }
  if (!errors.fullName && values.fullName.trim().length > 200) {
    errors.fullName = "Use at most 200 characters";
  }
  if (!errors.organizationName && values.organizationName.trim().length > 200) {
    errors.organizationName = "Use at most 200 characters";
  }
  if (!errors.email) {
    const email = emailSchema.safeParse(values.email);
    if (!email.success) errors.email = email.error.issues[0]?.message ?? "Enter a valid email";
  }
  if (!errors.phone) {
    const phone = phoneError(values.phone);
    if (phone) errors.phone = phone;
  }
  return { errors, missing };
}
