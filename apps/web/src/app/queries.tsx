import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType, ReactNode } from "react";
import { onServerBack } from "@/lib/connection";

/** The app's one query cache, shared by every page that provides it below. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: true } },
});

// When the server answers again after an outage, what failed meanwhile is read again: a page
// that said "Couldn't load…" shows its data without a click.
onServerBack(() => {
  void queryClient.refetchQueries({ predicate: (query) => query.state.status === "error" });
});

/**
 * TanStack Query for the pages that use it: the admin app (admin-root.tsx), sign-up and the
 * invitation page. The sign-in page does without, so it does not load it.
 */
export function QueriesProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** A page inside the query provider. */
export function withQueries(Page: ComponentType): ComponentType {
  return function PageWithQueries() {
    return (
      <QueriesProvider>
        <Page />
      </QueriesProvider>
    );
  };
}
