import { Component, type ErrorInfo, type ReactNode } from "react";

/**
 * A page that cannot be shown: its chunk did not load (the connection dropped, or a new release
 * replaced the files an open tab asked for) or it failed while rendering. Offers a reload
 * instead of a blank screen.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("The page could not be shown", error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-4 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">This page could not be shown</h1>
        <p className="text-muted-foreground">Check your connection, then reload the page.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="inline-flex h-9 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground shadow-sm hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/50 outline-none"
        >
          Reload
        </button>
      </main>
    );
  }
}
