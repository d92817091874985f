import { FieldError, fieldA11y } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/**
 * The "Phone Number" field of the phone-code forms (sign-in, the public opt-out page): the
 * input, the country-code hint and the field's error, wired for screen readers.
 */
export function PhoneNumberField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="phone">Phone Number</Label>
      <Input
        id="phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        placeholder="+1 (555) 123-4567"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...fieldA11y("phone", error, "phone-hint")}
      />
      <p id="phone-hint" className="text-sm text-muted-foreground">
        Include country code (e.g., +1 for US)
      </p>
      <FieldError fieldId="phone" error={error} />
    </div>
  );
}
