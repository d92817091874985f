import { VERIFICATION_CODE_LENGTH } from "@ringback/contracts";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** A 6-digit, numeric-only verification code. Non-digits are dropped as typed. */
export function CodeInput({
  id,
  label = "Verification Code",
  value,
  onChange,
  autoFocus,
  hint,
}: {
  id: string;
  label?: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  hint?: string;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={id}
        value={value}
        onChange={(e) =>
          onChange(e.target.value.replace(/\D/g, "").slice(0, VERIFICATION_CODE_LENGTH))
        }
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={VERIFICATION_CODE_LENGTH}
        placeholder="123456"
        autoFocus={autoFocus}
        className="text-center font-mono text-lg tracking-[0.5em]"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
