import type * as React from "react";
import { Link } from "react-router";
import { Brand } from "@/components/brand";

/** The centred card of the sign-in screens, for a page anyone with the link can open. */
export function InvitationLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 p-4">
      <Link to="/" aria-label="Ringback home">
        <Brand />
      </Link>
      <main className="w-full max-w-md">{children}</main>
    </div>
  );
}
