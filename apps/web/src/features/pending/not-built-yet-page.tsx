import { Construction } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * Placeholder for a route of SPEC.md §2 whose screen is not built yet. It says so plainly
 * rather than pretending; each is replaced by the issue that builds the screen.
 */
export function NotBuiltYetPage({ screen }: { screen: string }) {
  return (
    <div className="flex min-h-[60svh] items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <span className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-warning/20 text-amber-800">
            <Construction className="size-6" aria-hidden="true" />
          </span>
          <CardTitle>
            <h1 className="text-2xl">{screen}</h1>
          </CardTitle>
          <CardDescription className="text-base">This screen is not available yet.</CardDescription>
        </CardHeader>
        <CardFooter className="justify-center">
          <Button asChild variant="outline">
            <Link to="/">Return to Homepage</Link>
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
