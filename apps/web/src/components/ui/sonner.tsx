import { X } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { ExternalToast, ToasterProps } from "sonner";
import { useTheme } from "@/lib/theme";

/*
 * Sonner loads with the first toast, not with every page (its 33 KB were in the sign-in pages'
 * and every admin page's first load, and most visits show no toast). `toast` keeps Sonner's calls
 * (`toast.success(message, options)`…); a call made before Sonner is there waits for it and for
 * its Toaster to be on the page (Sonner drops toasts no Toaster hears), then shows — a few
 * milliseconds later, once per visit.
 *
 * Toasts are how errors are told, so they must show when the server is down too: when Sonner's
 * code cannot be loaded then, the toast shows in a small built-in list instead (FallbackToasts),
 * and the next toast tries to load Sonner again. Nothing here can take the page down.
 */
type SonnerModule = typeof import("sonner");
let sonner: Promise<SonnerModule> | null = null;
let toasterShown: (() => void) | null = null;
let toasterReady = new Promise<void>((resolve) => {
  toasterShown = resolve;
});
let wanted = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

type Kind = "default" | "success" | "error" | "info";
type Message = Parameters<SonnerModule["toast"]>[0];

/** A toast shown without Sonner: its text, its kind, and when it goes. */
export interface FallbackToast {
  id: number;
  kind: Kind;
  text: string;
}
let fallbackToasts: FallbackToast[] = [];
let nextFallbackId = 1;
const FALLBACK_TOAST_MS = 6_000;

function showWithoutSonner(kind: Kind, message: Message): void {
  const text = typeof message === "string" ? message : "";
  if (!text) return;
  const id = nextFallbackId++;
  fallbackToasts = [...fallbackToasts.slice(-2), { id, kind, text }];
  changed();
  setTimeout(() => dismissFallback(id), FALLBACK_TOAST_MS);
}

function dismissFallback(id?: number): void {
  const kept = id === undefined ? [] : fallbackToasts.filter((t) => t.id !== id);
  if (kept.length === fallbackToasts.length) return;
  fallbackToasts = kept;
  changed();
}

/** Sonner's module, loading it (again, after a failure) when it is not there. */
function loadSonner(): Promise<SonnerModule> {
  sonner ??= import("sonner").catch((error: unknown) => {
    sonner = null;
    throw error;
  });
  return sonner;
}

function withSonner(show: (module: SonnerModule) => void, orElse: () => void): void {
  if (!wanted) {
    wanted = true;
    changed();
  }
  void Promise.all([loadSonner(), toasterReady]).then(
    ([module]) => show(module),
    () => orElse(),
  );
}

/** One kind of toast, shown once Sonner is there (or by the fallback list when it cannot be). */
const kind =
  (
    name: Kind,
    pick: (t: SonnerModule["toast"]) => (message: Message, options?: ExternalToast) => unknown,
  ) =>
  (message: Message, options?: ExternalToast) =>
    withSonner(
      (m) => pick(m.toast)(message, options),
      () => showWithoutSonner(name, message),
    );

export const toast = Object.assign(
  kind("default", (t) => t),
  {
    success: kind("success", (t) => t.success),
    error: kind("error", (t) => t.error),
    info: kind("info", (t) => t.info),
    /** Dismisses every toast, or one; nothing to do while none was ever shown. */
    dismiss: (id?: string | number) => {
      dismissFallback(typeof id === "number" ? id : undefined);
      if (wanted)
        withSonner(
          (m) => m.toast.dismiss(id),
          () => undefined,
        );
    },
  },
);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Below the admin header (3.5rem) and clear of it, so a toast never covers the organization
 * switcher or the account menu; the same on phones, where toasts span the width.
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
  const needed = useSyncExternalStore(subscribe, () => wanted);
  const [module, setModule] = useState<SonnerModule | null>(null);
  // Loads Sonner once a toast is wanted; after a failure, again with the next toast.
  const toasts = useSyncExternalStore(subscribe, () => fallbackToasts);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new fallback toast is a new try
  useEffect(() => {
    if (!needed || module) return;
    let live = true;
    loadSonner().then(
      (loaded) => {
        if (live) setModule(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, module, toasts]);
  useEffect(() => {
    if (!module) return;
    toasterShown?.();
    return () => {
      toasterReady = new Promise<void>((resolve) => {
        toasterShown = resolve;
      });
    };
  }, [module]);
  if (!needed) return null;
  return (
    <>
      {module ? (
        <module.Toaster
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
      ) : null}
      <FallbackToasts toasts={toasts} />
    </>
  );
}

/** The toasts shown while Sonner cannot be loaded: a plain list where Sonner's would be. */
function FallbackToasts({ toasts }: { toasts: FallbackToast[] }) {
  if (toasts.length === 0) return null;
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed top-[4.5rem] right-4 left-4 z-50 flex flex-col items-end gap-2 sm:left-auto"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === "error" ? "alert" : "status"}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-2 rounded-md border bg-card p-3 text-sm text-card-foreground shadow-lg ${
            t.kind === "error"
              ? "border-destructive/40"
              : t.kind === "success"
                ? "border-success/40"
                : ""
          }`}
        >
          <p className="flex-1">{t.text}</p>
          <button
            type="button"
            aria-label="Close"
            onClick={() => dismissFallback(t.id)}
            className="inline-flex size-6 shrink-0 items-center justify-center rounded-sm text-muted-foreground hover:bg-accent"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ))}
    </section>
  );
}
