import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAccount } from "./api/account";
import { PersonalDetailsCard } from "./personal-details-card";
import { TwoFactorCard } from "./two-factor-card";

/** SPEC.md §2 Profile (/admin/settings/profile): personal details and two-factor sign-in. */
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
        <Card role="alert">
          <CardHeader>
            <h2 className="text-lg font-semibold">Failed to load your profile</h2>
            <p className="text-sm text-muted-foreground">{account.error.message}</p>
          </CardHeader>
          <CardContent>
            <Button onClick={() => void account.refetch()} disabled={account.isFetching}>
              {account.isFetching ? "Retrying..." : "Try again"}
            </Button>
          </CardContent>
        </Card>
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
