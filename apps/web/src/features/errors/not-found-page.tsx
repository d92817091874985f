import { Link } from "react-router";
import { Brand } from "@/components/brand";
import { RobotsMeta } from "@/components/robots-meta";
import { Button } from "@/components/ui/button";

/**
 * Any other path. Under /admin it sits in the admin layout's <main>, so it is not a
 * second one.
 */
export function NotFoundPage({ inAdminLayout = false }: { inAdminLayout?: boolean }) {
  const Root = inAdminLayout ? "div" : "main";
  return (
    <Root
      className={
        inAdminLayout
          ? "flex flex-col items-center justify-center gap-6 py-16 text-center"
          : "flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 p-4 text-center"
      }
    >
      <RobotsMeta noIndex />
      <Brand />
      <p className="text-7xl font-bold tracking-tight text-primary" aria-hidden="true">
        404
      </p>
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
        <p className="text-muted-foreground">
          The page you are looking for does not exist or has moved.
        </p>
      </div>
      <Button asChild>
        <Link to="/">Return to Home</Link>
      </Button>
    </Root>
  );
}
