import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";

/** Copies text to the clipboard and says so for a moment (and to screen readers). */
export function CopyButton({
  text,
  label,
  copiedMessage,
  size = "sm",
}: {
  text: string;
  label: string;
  copiedMessage: string;
  size?: "sm" | "default";
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      toast.success(copiedMessage);
    } catch {
      toast.error("Could not copy", { description: "Select the text and copy it instead." });
    }
  };

  return (
    <Button type="button" variant="outline" size={size} onClick={() => void onCopy()}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{copied ? "Copied" : label}</span>
    </Button>
  );
}
