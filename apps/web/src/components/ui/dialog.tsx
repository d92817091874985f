import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "@/lib/utils";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * Focus goes back to the control that opened the dialog when it closes (WCAG 2.4.3). Radix only
 * does that for a <DialogTrigger>; our dialogs are opened by state, from buttons, links and menu
 * items, so the control focused when the dialog opened is remembered here. `returnFocusTo` wins
 * when given and still on the page: a menu's trigger (the menu item is gone by then), or what
 * should have focus once the opener itself is gone (a removed row's heading).
 */
export function DialogContent({
  className,
  children,
  returnFocusTo,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  returnFocusTo?: React.RefObject<HTMLElement | null>;
}) {
  const opener = React.useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-in data-[state=open]:fade-in-0" />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          "fixed top-[50%] left-[50%] z-50 flex max-h-[calc(100dvh-2rem)] w-full max-w-[calc(100%-2rem)] translate-x-[-50%] translate-y-[-50%] flex-col rounded-lg border bg-card shadow-lg sm:max-w-lg",
          className,
        )}
        onOpenAutoFocus={(event) => {
          // Still the control that was used to open it: focus moves in after this.
          opener.current =
            document.activeElement instanceof HTMLElement &&
            document.activeElement !== document.body
              ? document.activeElement
              : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          const target = [returnFocusTo?.current, opener.current].find((e) => e?.isConnected);
          if (target) {
            event.preventDefault();
            target.focus();
          }
        }}
        {...props}
      >
        {/*
          A dialog taller than the screen scrolls inside, below a Close that stays
          where it is; its content is never cut off.
        */}
        <div data-slot="dialog-body" className="grid min-h-0 gap-4 overflow-y-auto p-6">
          {children}
        </div>
        {/* 32 px: a target of at least 24 px (WCAG 2.5.8). */}
        <DialogPrimitive.Close className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-md bg-card opacity-70 transition-opacity hover:bg-accent hover:opacity-100 focus:ring-2 focus:ring-ring focus:outline-hidden">
          <XIcon className="size-4" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div className={cn("flex flex-col gap-2 text-center sm:text-left", className)} {...props} />
  );
}

export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      className={cn(
        // Sticks to the bottom of the dialog's scrolling body (-bottom-6: past the body's own
        // padding, which sticky positioning keeps clear): a long result, a transcript or a list,
        // scrolls under the buttons instead of pushing them off a phone's screen.
        "sticky -bottom-6 z-10 -mx-6 -mb-6 flex rounded-b-lg flex-col-reverse gap-2 bg-card px-6 pt-2 pb-6 sm:flex-row sm:justify-end",
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn("text-lg leading-none font-semibold", className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}
