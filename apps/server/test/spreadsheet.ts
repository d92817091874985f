/**
 * How spreadsheets may read a CSV, to check that an export runs nothing in any of them. Two
 * readings, each with any separator (Excel in a German, French, Spanish, Italian or Dutch locale
 * splits on `;`):
 *
 * - `quoted-cells`: a cell that starts with a quote runs to the closing quote (`""` inside is a
 *   quote, and a separator or line break inside is text); what follows the closing quote up to
 *   the next separator joins the cell; a quote anywhere else is text (Excel reads this way).
 * - `no-quotes`: quotes are text; every separator and line break splits.
 *
 * Returns every cell of every line, in order.
 */
export function spreadsheetCells(
  csv: string,
  separator: ";" | "," | "\t",
  reading: "quoted-cells" | "no-quotes" = "quoted-cells",
): string[] {
  if (reading === "no-quotes") return csv.split(new RegExp(`[${separator}\\r\\n]`));
  const cells: string[] = [];
  let i = 0;
  while (i < csv.length) {
    let cell = "";
    if (csv[i] === '"') {
      i++;
      while (i < csv.length) {
        if (csv[i] === '"' && csv[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (csv[i] === '"') {
          i++;
          break;
        } else cell += csv[i++];
      }
    }
    while (i < csv.length && csv[i] !== separator && csv[i] !== "\r" && csv[i] !== "\n") {
      cell += csv[i++];
    }
    cells.push(cell);
    if (csv[i] === "\r" && csv[i + 1] === "\n") i++;
    i++;
  }
  return cells;
}

/** Every reading spreadsheetCells knows, with each separator. */
export const SPREADSHEET_READINGS = (["quoted-cells", "no-quotes"] as const).flatMap((reading) =>
  ([",", ";", "\t"] as const).map((separator) => ({ reading, separator })),
);

/**
 * Whether a spreadsheet would take the cell for a formula to run: it starts with = + - @ (or
 * their full-width forms), after any tabs and line breaks (which some readers drop), and is
 * more than a plain number (which is read as a value). One more thing is not a formula: a plain
 * number followed by `,"` — what a reader splitting on `;` makes of a line whose first cell is a
 * phone number (+14155550199), the number and then the rest of the line, each text cell quoted
 * (a string right after a number, with no operator between, is no formula).
 */
export function runsAsFormula(cell: string): boolean {
  const text = cell.replace(/^[\t\r\n]+/, "");
  return (
    /^[=+\-@＝＋－＠]/.test(text) &&
    !/^[+-]?\d+(\.\d+)?$/.test(text) &&
    !/^[+-]?\d+(\.\d+)?,"/.test(text)
  );
}

/** The cells of `csv` that some spreadsheet, in some reading, would run as a formula. */
export function formulaCells(csv: string): string[] {
  return SPREADSHEET_READINGS.flatMap(({ reading, separator }) =>
    spreadsheetCells(csv, separator, reading)
      .filter(runsAsFormula)
      .map((cell) => `${reading} ${JSON.stringify(separator)}: ${JSON.stringify(cell)}`),
  );
}
