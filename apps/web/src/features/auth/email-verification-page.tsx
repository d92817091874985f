import { Mail } from "lucide-react";
import { Link } from "react-router";
import { CenteredCardLayout } from "@/components/centered-card-layout";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

/** The "Check your email" page. */
export function EmailVerificationPage() {
  return (
    <CenteredCardLayout>
      <Card className="text-center">
        <CardHeader className="items-center">
          <span className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Mail className="size-6" aria-hidden="true" />
          </span>
          <CardTitle>
            <h1 className="text-2xl">Check your email</h1>
          </CardTitle>
          <CardDescription className="text-base">
            We sent you a verification link. Open it on this device to finish setting up your
            account.
          </CardDescription>
        </CardHeader>
        <CardFooter className="flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Button asChild>
            <Link to="/login">Return to Login</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/signup">Try again</Link>
          </Button>
        </CardFooter>
      </Card>
    </CenteredCardLayout>
  );
}
