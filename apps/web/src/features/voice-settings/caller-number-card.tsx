import type {
  CallerNumber,
  VoicePlatformId,
  VoicePlatformManifest,
  VoiceVerifyResult,
} from "@ringback/contracts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FieldError, fieldA11y } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { type ChangeForm, type FieldErrors, IDS } from "./voice-fields";
import { callerNumberOptionLabel, type VoiceForm } from "./voice-form";

/** The caller-number select's value for "the account's default" (Radix needs a non-empty one). */
const ACCOUNT_DEFAULT = "__account_default__";

/**
 * The number calls come from: typed, or chosen from the account's numbers once Verify has listed
 * them. A simulated account has its own.
 */
export function CallerNumberCard({
  form,
  errors,
  platform,
  callerField,
  simulated,
  verified,
  change,
}: {
  form: VoiceForm;
  errors: FieldErrors;
  platform: VoicePlatformId;
  callerField: VoicePlatformManifest["callerNumber"];
  simulated: boolean;
  verified: VoiceVerifyResult | null;
  change: ChangeForm;
}) {
  const callerNumbers: CallerNumber[] | null = verified?.ok ? verified.callerNumbers : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3 className="text-lg">Caller number</h3>
        </CardTitle>
        <CardDescription>
          {simulated ? "Simulated calls come from the simulator's own number." : callerField.help}
        </CardDescription>
      </CardHeader>
      {simulated ? null : (
        <CardContent className="grid gap-2">
          <Label htmlFor={IDS.callerNumber}>{callerField.label}</Label>
          {callerNumbers && callerNumbers.length > 0 ? (
            <Select
              value={form.callerNumber || ACCOUNT_DEFAULT}
              onValueChange={(value) =>
                change({ callerNumber: value === ACCOUNT_DEFAULT ? "" : value }, ["callerNumber"])
              }
            >
              <SelectTrigger
                id={IDS.callerNumber}
                className="sm:max-w-md"
                {...fieldA11y(IDS.callerNumber, errors.callerNumber)}
              >
                <SelectValue placeholder="Choose a number" />
              </SelectTrigger>
              <SelectContent>
                {callerField.required ? null : (
                  <SelectItem value={ACCOUNT_DEFAULT}>The platform's own numbers</SelectItem>
                )}
                {form.callerNumber && !callerNumbers.some((n) => n.id === form.callerNumber) ? (
                  <SelectItem value={form.callerNumber}>
                    {form.callerNumber} (not listed)
                  </SelectItem>
                ) : null}
                {callerNumbers.map((option) => (
                  <SelectItem key={option.id} value={option.id}>
                    {callerNumberOptionLabel(callerField.kind, option)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          ) : (
            <Input
              id={IDS.callerNumber}
              className="sm:max-w-md"
              autoComplete="off"
              spellCheck={false}
              inputMode={platform === "vapi" ? "text" : "tel"}
              value={form.callerNumber}
              placeholder={callerField.placeholder}
              onChange={(e) => change({ callerNumber: e.target.value }, ["callerNumber"])}
              {...fieldA11y(IDS.callerNumber, errors.callerNumber)}
            />
          )}
          {verified?.ok && callerNumbers?.length === 0 ? (
            <p className="text-xs text-muted-foreground">
              The account has no numbers of its own yet.
            </p>
          ) : null}
          <FieldError fieldId={IDS.callerNumber} error={errors.callerNumber} />
        </CardContent>
      )}
    </Card>
  );
}
