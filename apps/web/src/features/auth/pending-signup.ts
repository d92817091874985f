import type { CompleteSignup, Organization } from "@ringback/contracts";
import { api } from "@/lib/api-client";

/** The pending signup data is kept locally until the code is verified. */
export const PENDING_SIGNUP_KEY = "pendingSignup";

export function savePendingSignup(data: CompleteSignup): void {
  localStorage.setItem(PENDING_SIGNUP_KEY, JSON.stringify(data));
}

export function readPendingSignup(): CompleteSignup | null {
  try {
    const raw = localStorage.getItem(PENDING_SIGNUP_KEY);
    return raw ? (JSON.parse(raw) as CompleteSignup) : null;
  } catch {
    return null;
  }
}

/** After verification: create the organization (owner) and name the user, then forget the data. */
export async function completePendingSignup(): Promise<Organization | null> {
  const pending = readPendingSignup();
  if (!pending) return null;
  const { organization } = await api.post<{ organization: Organization }>(
    "/api/account/complete-signup",
    pending,
  );
  localStorage.removeItem(PENDING_SIGNUP_KEY);
  return organization;
}
