/**
 * Form errors under their fields: every field's error at once, tied to its input
 * with aria-invalid and aria-describedby, not only in a toast.
 */
export function fieldErrorId(fieldId: string): string {
  return `${fieldId}-error`;
}

/** The input's attributes for its hint and error: spread onto the <Input>. */
export function fieldA11y(
  fieldId: string,
  error: string | null | undefined,
  hintId?: string,
): { "aria-invalid": boolean; "aria-describedby": string | undefined } {
  const describedBy = [hintId, error ? fieldErrorId(fieldId) : null].filter(Boolean).join(" ");
  return { "aria-invalid": Boolean(error), "aria-describedby": describedBy || undefined };
}

export function FieldError({
  fieldId,
  error,
}: {
  fieldId: string;
  error: string | null | undefined;
}) {
  if (!error) return null;
  return (
    <p id={fieldErrorId(fieldId)} className="text-sm text-destructive">
      {error}
    </p>
  );
}

/** Moves focus to the first field named in `errors`, in form order, after a failed submit. */
export function focusFirstError(
  fieldIds: readonly string[],
  errors: Record<string, unknown>,
): void {
  const first = fieldIds.find((id) => errors[id]);
  if (first) document.getElementById(first)?.focus();
}
