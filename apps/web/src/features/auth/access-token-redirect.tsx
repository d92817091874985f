import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { toast } from "@/components/ui/sonner";
import { ApiRequestError } from "@/lib/api-client";
import { signInWithAccessToken } from "@/lib/session";
import { accessTokenFromHash } from "./access-token";

/**
 * An OAuth-style redirect with an access token in the URL hash sets the session,
 * shows 'Authentication successful' and goes to /admin/dashboard. The token is removed from the
 * address bar first so it does not stay in history.
 */
export function AccessTokenRedirect() {
  const navigate = useNavigate();
  const handled = useRef(false);
  useEffect(() => {
    if (handled.current) return;
    const token = accessTokenFromHash(window.location.hash);
    if (!token) return;
    handled.current = true;
    window.history.replaceState(null, "", window.location.pathname + window.location.search);
    signInWithAccessToken(token)
      .then(() => {
        toast.success("Authentication successful");
        navigate("/admin/dashboard", { replace: true });
      })
      .catch((error: unknown) => {
        toast.error("Authentication error", {
          description:
            error instanceof ApiRequestError ? error.message : "Failed to process authentication",
        });
      });
  }, [navigate]);
  return null;
}
