import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ExternalToast, ToasterProps } from "sonner";
import { useTheme } from "@/lib/theme";

/*
 * Sonner loads with the first toast, not with every page (issue 16: its 33 KB were in the sign-in
 * pages' and every admin page's first load, and most visits show no toast). `toast` keeps
 * Sonner's calls (`toast.success(message, options)`…); a call made before Sonner is there waits
 * for it and for the Toaster to be on the page (Sonner drops toasts no Toaster hears), then shows
 * — a few milliseconds later, once per visit.
 */
type SonnerModule = typeof import("sonner");
let sonner: Promise<SonnerModule> | null = null;
let toasterShown: (() => void) | null = null;
const toasterReady = new Promise<void>((resolve) => {
  toasterShown = resolve;
});
let wanted = false;
const wantedListeners = new Set<() => void>();

function withSonner(show: (module: SonnerModule) => void): void {
  if (!wanted) {
    wanted = true;
    for (const listener of wantedListeners) listener();
  }
  sonner ??= import("sonner");
  void Promise.all([sonner, toasterReady]).then(([module]) => show(module));
}

type Message = Parameters<SonnerModule["toast"]>[0];
/** One kind of toast, shown once Sonner is there. */
const kind =
  (pick: (t: SonnerModule["toast"]) => (message: Message, options?: ExternalToast) => unknown) =>
  (message: Message, options?: ExternalToast) =>
    withSonner((m) => pick(m.toast)(message, options));

export const toast = Object.assign(
  kind((t) => t),
  {
    success: kind((t) => t.success),
    error: kind((t) => t.error),
    info: kind((t) => t.info),
    /** Dismisses every toast, or one; nothing to do while none was ever shown. */
    dismiss: (id?: string | number) => {
      if (wanted) withSonner((m) => m.toast.dismiss(id));
    },
  },
);

const subscribeWanted = (listener: () => void) => {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
};

const SonnerToaster = lazy(async () => {
  sonner ??= import("sonner");
  return { default: (await sonner).Toaster };
});

/** Says when Sonner's Toaster is on the page, so that waiting toasts can be shown. */
function ToasterMounted() {
  useEffect(() => toasterShown?.(), []);
  return null;
}

/**
 * Below the admin header (3.5rem) and clear of it, so a toast never covers the organization
 * switcher or the account menu (issue 12 §6); the same on phones, where toasts span the width.
 */
export const TOAST_OFFSET = { top: "4.5rem", right: "1rem", left: "1rem", bottom: "1rem" };

/**
 * Toasts in our own colours: Sonner's "rich colors" put red text on pink, which fails WCAG
 * contrast. Text stays the card foreground; the kind of toast shows in its icon and border.
 * The close button is a 24 px target (WCAG 2.5.8). Sonner's own theme follows ours (its
 * loading icon and any default colour).
 */
export function Toaster(props: ToasterProps) {
  const { theme } = useTheme();
  const needed = useSyncExternalStore(subscribeWanted, () => wanted);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster
        theme={theme}
        position="top-right"
        offset={TOAST_OFFSET}
        mobileOffset={TOAST_OFFSET}
        closeButton
        className="toaster group"
        toastOptions={{
          classNames: {
            toast: "!bg-card !text-card-foreground !border-border font-sans shadow-lg",
            title: "!font-semibold",
            description: "!text-muted-foreground",
            error: "!border-destructive/40 [&_[data-icon]]:!text-destructive",
            success: "!border-success/40 [&_[data-icon]]:!text-success",
            closeButton: "!size-6 !bg-card !text-muted-foreground !border-border",
          },
        }}
        {...props}
      />
      <ToasterMounted />
    </Suspense>
  );
}
