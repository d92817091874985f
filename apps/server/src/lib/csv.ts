/**
 * The one way Ringback writes CSV: every export (Call Records, the do-not-call list) builds its
 * lines with csvRow. A CSV is opened in spreadsheets, and a spreadsheet runs a cell that starts
 * like a formula, so each cell is written to stay inert whatever separator the reader splits on
 * (Excel in German, French, Spanish, Italian or Dutch splits on `;`, not `,`).
 */

/** What a spreadsheet may read as the start of a formula (= + - @, or their full-width forms). */
const FORMULA = "=+\\-@\\uFF1D\\uFF0B\\uFF0D\\uFF20";
/** A cell starting like a formula, or with a character a reader may drop or split on first. */
const CELL_START = new RegExp(`^[${FORMULA}\\t\\r\\n\\0]`);
/** A number and nothing else: a spreadsheet reads it as a value, never as a formula to run. */
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
/**
 * Where a reader splitting on something other than `,` starts a new cell inside one of ours
 * (`;`, `,`, a tab or a line break), with the quotes it may read as the new cell's own, followed
 * by the start of a formula.
 */
const INNER_FORMULA = new RegExp(`([;,\\t\\r\\n]"*)(?=[${FORMULA}])`, "g");

/**
 * One cell:
 *
 * - Every text cell is quoted (inner quotes doubled), so a reader that splits on `,` never splits
 *   it, and a reader that splits on `;` keeps a first cell whole.
 * - A text cell that starts with `=`, `+`, `-`, `@` (or their full-width forms, which some
 *   spreadsheets take for them), a tab, a carriage return, a line feed or a NUL gets a leading
 *   apostrophe, which spreadsheets read as "this is text" (OWASP's advice against CSV injection).
 * - Except a plain number: an optional sign, digits and at most one decimal point, nothing else
 *   (`+14155550199`, `-2.5`). A spreadsheet reads it as a number and can run nothing from it, and
 *   an E.164 phone number keeps its `+` in the file (a spreadsheet may still show it as the
 *   number 14155550199). Anything more — `+1+1`, `+1 (415) 555-0100` as a respondent typed it,
 *   `-2+3+cmd|' /c calc'!A0` — is not a plain number and gets the apostrophe.
 * - Quoting alone does not stop a reader that splits on `;`: such a reader (Excel in those
 *   locales) honours a quote only where one of its own cells starts, so from the second of our
 *   cells on it splits `Ann;=1+1;` into `…Ann`, `=1+1` and runs the formula. So the start of a
 *   formula right after a `;`, `,`, tab or line break inside the text (after any quotes there)
 *   gets the apostrophe too: `Ann;=1+1;` is written `"Ann;'=1+1;"`. The apostrophe then shows
 *   in the text, a small price for text that holds a separator followed by = + - or @.
 *
 * Numbers given as numbers (durations, attempt counts) are written as they are, unquoted; null
 * and undefined are an empty cell.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const start = CELL_START.test(value) && !PLAIN_NUMBER.test(value) ? "'" : "";
  const text = start + value.replace(INNER_FORMULA, (before: string) => `${before}'`);
  return `"${text.replaceAll('"', '""')}"`;
}

/** One CSV line: the cells (csvCell each), comma-separated, ending in CRLF (RFC 4180). */
export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
