/** A multi-select's choices (the Call Records and audit trail filters). */

/** The list after ticking or unticking one value, in the known list's order. */
export function toggleValue<T extends string>(
  known: readonly T[],
  chosen: readonly T[],
  value: T,
): T[] {
  const next = new Set(chosen);
  if (next.has(value)) next.delete(value);
  else next.add(value);
  return known.filter((k) => next.has(k));
}

/**
 * A multi-select filter's trigger: "All statuses" with nothing chosen, the one chosen
 * ("Voicemail"), or how many ("3 statuses").
 */
export function selectionSummary<T extends string>({
  options,
  values,
  allLabel,
  countLabel,
}: {
  options: readonly { value: T; label: string }[];
  values: readonly T[];
  allLabel: string;
  countLabel: (count: number) => string;
}): string {
  if (values.length === 0) return allLabel;
  if (values.length === 1) return options.find((o) => o.value === values[0])?.label ?? allLabel;
  return countLabel(values.length);
}
