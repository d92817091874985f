import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** /unauthorized: the user lacks permission for the page they asked for. */
export function UnauthorizedPage({ onSignOut }: { onSignOut?: () => Promise<void> | void }) {
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <span className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <ShieldAlert className="size-6" aria-hidden="true" />
          </span>
          <CardTitle>
            <h1 className="text-2xl">Access Denied</h1>
          </CardTitle>
          <CardDescription className="text-base">
            You don't have permission to view this page. If you think you should, ask an owner or
            admin of your organization, or sign in with another account.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to="/">Return to Homepage</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/login" onClick={() => void onSignOut?.()}>
              Sign in with a different account
            </Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
