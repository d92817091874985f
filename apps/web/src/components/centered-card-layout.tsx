import type * as React from "react";
import { Link } from "react-router";
import { Brand } from "@/components/brand";

/** The centred card layout of the sign-in screens and the invitation page. */
export function CenteredCardLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 p-4">
      {/* In a landmark like everything else on the page (the banner). */}
      <header>
        <Link to="/" aria-label="Ringback home" className="inline-flex rounded-lg">
          <Brand />
        </Link>
      </header>
      <main className="w-full max-w-md">{children}</main>
    </div>
  );
}
