import { Component, type ErrorInfo, type ReactNode } from "react";
import { retryFailedPages } from "../lib/lazy-page";

/** How soon a failed part of the page is tried again: soon, then less often (at most 30 s). */
export function retryDelayMs(failures: number): number {
  return Math.min(30_000, 2_000 * 2 ** Math.max(0, failures - 1));
}

interface Props {
  children: ReactNode;
  /** What shows instead while it cannot be shown; `retry` tries again now. */
  fallback: (retry: () => void) => ReactNode;
  /** A new value (the address) starts afresh. */
  resetKey?: unknown;
}

interface State {
  failed: boolean;
  failures: number;
  resetKey: unknown;
}

/**
 * Keeps a failure where it happened: a page whose code could not be loaded (the connection or
 * the server is down) shows `fallback` in its place while the rest of the app stays, and is
 * tried again by itself — when the browser says it is online again, and on a timer that backs
 * off — so that it shows once the server is back, without a reload. Each try asks again for the
 * chunks of lazily loaded pages that failed (lazy-page.ts).
 */
export class RecoveringBoundary extends Component<Props, State> {
  override state: State = { failed: false, failures: 0, resetKey: this.props.resetKey };
  private timer: ReturnType<typeof setTimeout> | null = null;

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { failed: false, failures: 0, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn("Part of the page could not be shown; trying again", error, info.componentStack);
    const failures = this.state.failures + 1;
    this.setState({ failures });
    this.schedule(retryDelayMs(failures));
  }

  override componentDidMount() {
    window.addEventListener("online", this.retry);
  }

  override componentWillUnmount() {
    window.removeEventListener("online", this.retry);
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(this.retry, ms);
  }

  readonly retry = () => {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.state.failed) return;
    retryFailedPages();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
