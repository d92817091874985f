import { useEffect } from "react";
import { Outlet } from "react-router";
import { AccessTokenRedirect } from "@/features/auth/access-token-redirect";
import { startSession } from "@/lib/session";

/** Every route: loads the session once, keeps it fresh, and handles an access token in the hash. */
export function RootLayout() {
  useEffect(() => startSession(), []);
  return (
    <>
      <AccessTokenRedirect />
      <Outlet />
    </>
  );
}
