import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { useAccount } from "./api/account";
import { PersonalDetailsCard } from "./personal-details-card";
import { TwoFactorCard } from "./two-factor-card";

/** Profile (/admin/settings/profile): personal details and two-factor sign-in. */
export function ProfilePage() {
  const account = useAccount();

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight">Profile</h1>
        <p className="mt-1 text-muted-foreground">
          Your personal details and how you sign in to Ringback.
        </p>
      </div>
      {account.data ? (
        <>
          <PersonalDetailsCard key={account.data.id} user={account.data} />
          <TwoFactorCard user={account.data} />
        </>
      ) : account.isError ? (
        <LoadError
          title="Couldn't load your profile."
          message={account.error.message}
          onRetry={() => void account.refetch()}
          retrying={account.isFetching}
        />
      ) : (
        <ProfileSkeleton />
      )}
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading your profile" className="flex flex-col gap-6">
      {[0, 1].map((card) => (
        <Card key={card} aria-hidden="true">
          <CardHeader>
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-4 w-72" />
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-9" />
            <Skeleton className="h-9" />
          </CardContent>
        </Card>
      ))}
      <span className="sr-only">Loading...</span>
    </div>
  );
}
