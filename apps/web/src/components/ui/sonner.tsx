import { Toaster as Sonner, type ToasterProps } from "sonner";
import { useTheme } from "@/lib/theme";

export { toast } from "sonner";

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
  return (
    <Sonner
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
  );
}
