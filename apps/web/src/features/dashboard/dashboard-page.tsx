import { Building2, PhoneCall } from "lucide-react";
import { useState } from "react";
import { PRODUCT_NAME } from "@/components/brand";
import { CreateOrganizationDialog } from "@/components/create-organization-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useCurrentOrganization } from "@/lib/organizations";
import { ProviderCards } from "./provider-cards";

/** SPEC.md §2 Dashboard and its states. */
export function DashboardPage() {
  const { organizations, current, isLoading, error, refetch } = useCurrentOrganization();
  const [creating, setCreating] = useState(false);

  if (isLoading) return <Spinner className="py-24" />;
  if (error) {
    return (
      <Card className="mx-auto max-w-lg text-center">
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl">Failed to load organizations</h1>
          </CardTitle>
          <CardDescription>{error.message}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={() => void refetch()}>Try again</Button>
        </CardContent>
      </Card>
    );
  }

  if (organizations.length === 0) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-16 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <PhoneCall className="size-7" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-semibold tracking-tight">Welcome to {PRODUCT_NAME}</h1>
        <p className="text-muted-foreground">
          Create an organization for your team. It will hold your form assistants and every call
          they make.
        </p>
        <Button size="lg" onClick={() => setCreating(true)}>
          <Building2 aria-hidden="true" />
          Create Organization
        </Button>
        <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
      </div>
    );
  }

  if (!current) {
    return (
      <div className="mx-auto max-w-xl py-16 text-center">
        <h1 className="text-2xl font-semibold">Admin Dashboard</h1>
        <p className="mt-2 text-muted-foreground">
          Select an organization from the dropdown in the header to see its dashboard.
        </p>
      </div>
    );
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight">{current.name} Dashboard</h1>
        <p className="mt-1 text-muted-foreground">Your form assistants and the calls they make.</p>
      </div>
      <section aria-labelledby="get-started" className="flex flex-col gap-4">
        <div>
          <h2 id="get-started" className="text-xl font-semibold">
            Get Started by Connecting a Form Provider
          </h2>
          <p className="text-muted-foreground">
            Connect the service your forms live in, then set up an assistant for a form.
          </p>
        </div>
        <ProviderCards />
      </section>
    </div>
  );
}
