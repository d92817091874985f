import type { Session, User } from "@ringback/contracts";
import { useSyncExternalStore } from "react";
import { ApiRequestError, api, setTokenSource } from "./api-client";
import { startRefreshLoop } from "./token-refresh";

/**
 * The browser's session (the Session and its auth events). The refresh credential is the
 * httpOnly session cookie; this store holds the short-lived access token and the user, and
 * tells other tabs when the user signs in or out.
 */
export type AuthState =
  | { status: "loading" }
  | { status: "signed-out" }
  | { status: "signed-in"; session: Session };

type AuthEvent = "signed-in" | "signed-out" | "token-refreshed";

let state: AuthState = { status: "loading" };
const listeners = new Set<() => void>();
const channel =
  typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("ringback-auth");

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Calls `listener` on every change of the auth state (sign-in, sign-out, a new token). */
export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getAuthState(): AuthState {
  return state;
}

export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

/** The signed-in user, or null. */
export function useUser(): User | null {
  const auth = useAuth();
  return auth.status === "signed-in" ? auth.session.user : null;
}

let inFlight: Promise<Session | null> | null = null;

/**
 * Asks the server for a fresh access token for the session cookie. Concurrent calls share one;
 * `force` waits for a request already in flight and asks again, for callers that have just
 * changed the cookie (a request started before the change would answer for the old one).
 */
export async function refreshSession(options: { force?: boolean } = {}): Promise<Session | null> {
  if (options.force && inFlight) {
    await inFlight.catch(() => undefined);
    inFlight = null;
  }
  inFlight ??= (async () => {
    try {
      const session = await api.get<Session | null>("/api/session", { auth: false });
      if (!session) {
        setState({ status: "signed-out" });
        return null;
      }
      const wasSignedIn = state.status === "signed-in";
      setState({ status: "signed-in", session });
      if (!wasSignedIn) broadcast("signed-in");
      return session;
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) {
        setState({ status: "signed-out" });
        return null;
      }
      // A network blip must not sign the user out; keep what we have.
      if (state.status === "loading") setState({ status: "signed-out" });
      throw error;
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

function broadcast(event: AuthEvent): void {
  channel?.postMessage(event);
}

channel?.addEventListener("message", (message: MessageEvent<AuthEvent>) => {
  if (message.data === "signed-out") setState({ status: "signed-out" });
  if (message.data === "signed-in") void refreshSession().catch(() => undefined);
});

setTokenSource({
  accessToken: () => (state.status === "signed-in" ? state.session.access_token : null),
  refresh: async () => (await refreshSession().catch(() => null))?.access_token ?? null,
});

let stopLoop: (() => void) | null = null;
/** Loads the session once and keeps the access token fresh (called by the app root). */
export function startSession(): void {
  if (stopLoop) return;
  void refreshSession().catch(() => undefined);
  stopLoop = startRefreshLoop({
    expiresAt: () => (state.status === "signed-in" ? state.session.expires_at : null),
    refresh: () =>
      state.status === "signed-in" ? refreshSession().catch(() => null) : Promise.resolve(),
  });
}

export function setUser(user: User): void {
  if (state.status === "signed-in")
    setState({ status: "signed-in", session: { ...state.session, user } });
}

/**
 * Texts a sign-in code to the number as typed; the server reads it (a number without its country
 * code in `country`) and answers with the number the code went to, in E.164, which the code step
 * shows and verifies with.
 */
export async function sendCode(phoneNumber: string, country?: string): Promise<string> {
  const sent = await api.post<{ phoneNumber: string }>(
    "/api/auth/phone-number/send-otp",
    { phoneNumber, ...(country ? { country } : {}) },
    { auth: false },
  );
  return sent.phoneNumber;
}

/** Verifies the SMS code. With a TOTP factor enrolled, the second step is still to come. */
export async function verifyCode(
  phoneNumber: string,
  code: string,
): Promise<{ needsSecondFactor: boolean }> {
  const result = await api.post<{ twoFactorRedirect?: boolean }>(
    "/api/auth/phone-number/verify",
    { phoneNumber, code },
    { auth: false },
  );
  if (result.twoFactorRedirect) return { needsSecondFactor: true };
  await refreshSession({ force: true });
  return { needsSecondFactor: false };
}

/** The TOTP challenge after the SMS code ("MFA challenge verified"). */
export async function verifySecondFactor(code: string): Promise<void> {
  await api.post("/api/auth/two-factor/verify-totp", { code }, { auth: false });
  await refreshSession({ force: true });
}

/** A saved backup code instead of the authenticator app (each works once). */
export async function verifyBackupCode(code: string): Promise<void> {
  await api.post("/api/auth/two-factor/verify-backup-code", { code }, { auth: false });
  await refreshSession({ force: true });
}

/** An access token in the URL hash becomes the session. */
export async function signInWithAccessToken(accessToken: string): Promise<void> {
  await api.post("/api/auth/session/from-access-token", { accessToken }, { auth: false });
  await refreshSession({ force: true });
}

/** When this tab last logged out on purpose (Log out), as Date.now(); 0: never. */
let signedOutAt = 0;

/**
 * Whether this tab logged out on purpose just now: the page it was on is not a destination to
 * come back to after the next sign-in (that is for a session that ran out).
 */
export function justSignedOut(): boolean {
  return Date.now() - signedOutAt < 10_000;
}

export async function signOut(): Promise<void> {
  await api.post("/api/auth/sign-out", {}, { auth: false });
  signedOutAt = Date.now();
  setState({ status: "signed-out" });
  broadcast("signed-out");
}
