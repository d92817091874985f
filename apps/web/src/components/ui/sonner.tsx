import { Toaster as Sonner, type ToasterProps } from "sonner";

export { toast } from "sonner";

/**
 * Toasts in our own colours: Sonner's "rich colors" put red text on pink, which fails WCAG
 * contrast. Text stays the card foreground; the kind of toast shows in its icon and border.
 */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-right"
      closeButton
      className="toaster group"
      toastOptions={{
        classNames: {
          toast: "!bg-card !text-card-foreground !border-border font-sans shadow-lg",
          title: "!font-semibold",
          description: "!text-muted-foreground",
          error: "!border-destructive/40 [&_[data-icon]]:!text-destructive",
          success: "!border-success/40 [&_[data-icon]]:!text-success",
          closeButton: "!bg-card !text-muted-foreground !border-border",
        },
      }}
      {...props}
    />
  );
}
