import { TriangleAlert } from "lucide-react";
import type * as React from "react";
import { CopyButton } from "@/components/copy-button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/**
 * A secret the server shows once (an API key, a webhook signing secret): read-only, selected on
 * focus, with Copy, and a warning that it will not be shown again.
 */
export function OneTimeSecret({
  id,
  label,
  value,
  copyLabel,
  copiedMessage,
  warning,
}: {
  id: string;
  label: string;
  value: string;
  copyLabel: string;
  copiedMessage: string;
  /** What to do with it, after "Copy it now…". */
  warning: React.ReactNode;
}) {
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={id}>{label}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={id}
            readOnly
            value={value}
            onFocus={(e) => e.currentTarget.select()}
            className="font-mono text-xs"
          />
          <CopyButton text={value} label={copyLabel} copiedMessage={copiedMessage} size="default" />
        </div>
      </div>
      <p
        role="note"
        className="flex gap-2 rounded-md border border-warning/40 bg-warning/10 p-3 text-sm"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning-strong" aria-hidden="true" />
        <span>{warning}</span>
      </p>
    </>
  );
}
