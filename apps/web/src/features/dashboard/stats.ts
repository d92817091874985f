/**
 * Average attempts per form, shown with one decimal when attempts exceed unique
 * forms (every form called once reads "1").
 */
export function formatAverageAttempts(totalAttempts: number, uniqueFormsCalled: number): string {
  if (uniqueFormsCalled <= 0) return "0";
  if (totalAttempts > uniqueFormsCalled) return (totalAttempts / uniqueFormsCalled).toFixed(1);
  return String(Math.round(totalAttempts / uniqueFormsCalled));
}
