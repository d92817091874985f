import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshSession } from "@/lib/session";
import { accountQueryKey } from "./account";

/**
 * The authenticator-app (TOTP) factor, through better-auth's two-factor endpoints. They are
 * cookie-authenticated (no bearer token), and enrolling or removing the factor replaces the
 * session, so the session store fetches a fresh access token afterwards.
 */
export interface TotpEnrolment {
  /** otpauth://totp/Ringback:<account>?secret=…&issuer=Ringback&digits=6&period=30 */
  totpURI: string;
  /** One-time recovery codes, shown once. */
  backupCodes: string[];
}

async function syncSession(queryClient: QueryClient): Promise<void> {
  const session = await refreshSession();
  if (session) queryClient.setQueryData(accountQueryKey, session.user);
  else await queryClient.invalidateQueries({ queryKey: accountQueryKey });
}

/** POST /api/auth/two-factor/enable — a new secret, not active until a code confirms it. */
export function useStartTotpEnrolment() {
  return useMutation({
    mutationFn: () =>
      api.post<TotpEnrolment & { method: "totp" }>(
        "/api/auth/two-factor/enable",
        { method: "totp" },
        { auth: false },
      ),
  });
}

/** POST /api/auth/two-factor/verify-totp — with a session: confirms the enrolment. */
export function useConfirmTotpEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      await api.post("/api/auth/two-factor/verify-totp", { code }, { auth: false });
      await syncSession(queryClient);
    },
  });
}

/** POST /api/auth/two-factor/disable — removes the factor; sign-in needs the SMS code only. */
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await api.post("/api/auth/two-factor/disable", {}, { auth: false });
      await syncSession(queryClient);
    },
  });
}
