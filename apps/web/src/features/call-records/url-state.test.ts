import type { OutcomeQuestion } from "@ringback/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callRecordsApiQuery,
  callRecordsSearch,
  customRangeError,
  DEFAULT_PARAMS,
  nextHeaderSort,
  outcomeColumns,
  outcomeFilterOptions,
  parseCallRecordsParams,
  parseDay,
  rangeInstants,
  sortDirection,
  toggleOutcomeColumn,
} from "./url-state";

const ASSISTANT = "5f0c3c1e-8a3b-4f2e-9d7a-0b1c2d3e4f50";
const parse = (query: string) => parseCallRecordsParams(new URLSearchParams(query));

describe("the page's URL", () => {
  it("reads every filter, and writes back the same URL", () => {
    const query = `search=sam&status=answered&assistant=${ASSISTANT}&range=custom&from=2026-11-01&to=2026-11-15&sort=duration&page=3`;
    const params = parse(query);
    expect(params).toEqual({
      search: "sam",
      status: "answered",
      sort: "duration",
      page: 3,
      assistant: ASSISTANT,
      range: "custom",
      from: "2026-11-01",
      to: "2026-11-15",
      outcome: null,
      cols: [],
    });
    expect(callRecordsSearch(params).toString()).toBe(query);
  });

  it("leaves defaults out", () => {
    expect(parse("")).toEqual(DEFAULT_PARAMS);
    expect(callRecordsSearch(DEFAULT_PARAMS).toString()).toBe("");
    expect(callRecordsSearch({ ...DEFAULT_PARAMS, search: "  ", page: 1 }).toString()).toBe("");
  });

  it("treats anything unknown or malformed as no filter (a hand-edited link never breaks)", () => {
    expect(
      parse("status=nope&sort=sideways&page=-2&assistant=not-an-id&range=forever&from=2026-13-40"),
    ).toEqual(DEFAULT_PARAMS);
    expect(parse("page=2.5").page).toBe(1);
    // Days only belong to a custom range.
    expect(parse("range=7d&from=2026-11-01&to=2026-11-15")).toMatchObject({
      range: "7d",
      from: null,
      to: null,
    });
    expect(parse("range=custom&from=2026-02-30&to=11/15/2026")).toMatchObject({
      range: "custom",
      from: null,
      to: null,
    });
    expect(
      callRecordsSearch({ ...DEFAULT_PARAMS, range: "today", from: "2026-11-01" }).get("from"),
    ).toBeNull();
  });

  it("filters by any of the statuses; a link with a status that no longer exists shows all", () => {
    for (const status of ["scheduled", "voicemail", "not-called", "canceled"] as const) {
      expect(parse(`status=${status}`).status).toBe(status);
      expect(callRecordsSearch({ ...DEFAULT_PARAMS, status }).toString()).toBe(`status=${status}`);
    }
    for (const old of ["completed", "invalid-number", "blocked-dnc", "blocked-hours"]) {
      expect(parse(`status=${old}`).status).toBeNull();
    }
  });

  it("says when a custom range ends before it starts", () => {
    expect(customRangeError({ from: "2026-11-15", to: "2026-11-01" })).toBe(
      "The end date is before the start date.",
    );
    expect(customRangeError({ from: "2026-11-01", to: "2026-11-01" })).toBeNull();
    expect(customRangeError({ from: "2026-11-01", to: null })).toBeNull();
  });
});

describe("outcomes in the URL (issue 14)", () => {
  const questions: OutcomeQuestion[] = [
    { key: "qualified", label: "Qualified?", type: "boolean" },
    { key: "budget", label: "Budget", type: "number" },
    { key: "plan", label: "Plan", type: "choice", choices: ["Basic", "Pro"] },
    { key: "notes", label: "Notes", type: "text" },
  ];

  it("reads and writes an outcome filter and the outcome columns", () => {
    const query = "outcome=qualified%3Ayes&cols=qualified%2Cbudget&page=2";
    const params = parse(query);
    expect(params).toMatchObject({ outcome: "qualified:yes", cols: ["qualified", "budget"] });
    expect(callRecordsSearch(params).toString()).toBe(query);
    // Written by hand, with a plain colon and comma, it reads the same.
    expect(parse("outcome=plan:Pro&cols=qualified,budget")).toMatchObject({
      outcome: "plan:Pro",
      cols: ["qualified", "budget"],
    });
  });

  it("drops malformed outcome filters and column keys, and repeats", () => {
    expect(parse("outcome=Qualified:yes").outcome).toBeNull();
    expect(parse("outcome=qualified").outcome).toBeNull();
    expect(parse("outcome=qualified:").outcome).toBeNull();
    expect(parse(`outcome=plan:${"x".repeat(61)}`).outcome).toBeNull();
    expect(parse("cols=qualified,,Budget,budget,qualified,1st").cols).toEqual([
      "qualified",
      "budget",
    ]);
    const many = Array.from({ length: 12 }, (_, i) => `k${i}`).join(",");
    expect(parse(`cols=${many}`).cols).toHaveLength(10);
  });

  it("sends the API the outcome filter but not the columns", () => {
    const query = callRecordsApiQuery({
      ...DEFAULT_PARAMS,
      outcome: "qualified:no",
      cols: ["qualified"],
    });
    expect(Object.fromEntries(query)).toEqual({ outcome: "qualified:no" });
  });

  it("offers Yes and No of yes/no questions and each option of list questions", () => {
    expect(outcomeFilterOptions(questions)).toEqual([
      { value: "qualified:yes", label: "Qualified?: Yes" },
      { value: "qualified:no", label: "Qualified?: No" },
      { value: "plan:Basic", label: "Plan: Basic" },
      { value: "plan:Pro", label: "Plan: Pro" },
    ]);
    expect(outcomeFilterOptions([])).toEqual([]);
  });

  it("keeps columns in the questions' order, and only known ones", () => {
    expect(toggleOutcomeColumn([], "budget", questions)).toEqual(["budget"]);
    expect(toggleOutcomeColumn(["budget"], "qualified", questions)).toEqual([
      "qualified",
      "budget",
    ]);
    expect(toggleOutcomeColumn(["qualified", "budget"], "qualified", questions)).toEqual([
      "budget",
    ]);
    expect(toggleOutcomeColumn(["gone", "budget"], "plan", questions)).toEqual(["budget", "plan"]);
    expect(outcomeColumns(["plan", "gone", "qualified"], questions).map((q) => q.key)).toEqual([
      "qualified",
      "plan",
    ]);
  });
});

describe("date ranges, in the user's time zone", () => {
  const zone = process.env.TZ;
  beforeAll(() => {
    // Node reads TZ when it changes: days here start at midnight in São Paulo (UTC−3).
    process.env.TZ = "America/Sao_Paulo";
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
  // 2026-11-20 01:30 in São Paulo is still the 19th in Hawaii and already the 20th in UTC.
  const now = new Date("2026-11-20T04:30:00.000Z");

  it("reads a typed day as that day's local midnight, and only a day that exists", () => {
    expect(parseDay("2026-11-20")?.toISOString()).toBe("2026-11-20T03:00:00.000Z");
    expect(parseDay("2028-02-29")?.toISOString()).toBe("2028-02-29T03:00:00.000Z");
    for (const value of ["2026-02-30", "2026-13-01", "2026-00-10", "2026-11-31", "1969-12-31"]) {
      expect(parseDay(value), value).toBeNull();
    }
    for (const value of ["2026-1-5", "20261120", "2026-11-20T00:00", " 2026-11-20", "", null]) {
      expect(parseDay(value), String(value)).toBeNull();
    }
  });

  it("starts Today and the last N days at local midnight, with no end", () => {
    expect(rangeInstants({ range: "today", from: null, to: null }, now)).toEqual({
      from: "2026-11-20T03:00:00.000Z",
    });
    expect(rangeInstants({ range: "7d", from: null, to: null }, now)).toEqual({
      from: "2026-11-14T03:00:00.000Z",
    });
    expect(rangeInstants({ range: "30d", from: null, to: null }, now)).toEqual({
      from: "2026-10-22T03:00:00.000Z",
    });
    expect(rangeInstants({ range: null, from: null, to: null }, now)).toEqual({});
  });

  it("runs a custom range from its first day's midnight to the midnight after its last", () => {
    expect(rangeInstants({ range: "custom", from: "2026-11-01", to: "2026-11-15" }, now)).toEqual({
      from: "2026-11-01T03:00:00.000Z",
      to: "2026-11-16T03:00:00.000Z",
    });
    expect(rangeInstants({ range: "custom", from: null, to: "2026-11-15" }, now)).toEqual({
      to: "2026-11-16T03:00:00.000Z",
    });
    expect(rangeInstants({ range: "custom", from: null, to: null }, now)).toEqual({});
  });

  it("sends the API instants instead of the preset, with the other filters", () => {
    const query = callRecordsApiQuery(
      { ...DEFAULT_PARAMS, search: "sam", assistant: ASSISTANT, range: "today", page: 2 },
      now,
    );
    expect(Object.fromEntries(query)).toEqual({
      search: "sam",
      assistant: ASSISTANT,
      page: "2",
      from: "2026-11-20T03:00:00.000Z",
    });
  });
});

describe("sortable headers", () => {
  it("say how the table is sorted (aria-sort)", () => {
    expect(sortDirection("newest", "date")).toBe("descending");
    expect(sortDirection("oldest", "date")).toBe("ascending");
    expect(sortDirection("duration", "date")).toBeNull();
    expect(sortDirection("duration", "duration")).toBe("descending");
    expect(sortDirection("newest", "duration")).toBeNull();
  });

  it("turn Last Called between newest and oldest, and Total Duration on and off", () => {
    expect(nextHeaderSort("newest", "date")).toBe("oldest");
    expect(nextHeaderSort("oldest", "date")).toBe("newest");
    expect(nextHeaderSort("duration", "date")).toBe("newest");
    expect(nextHeaderSort("newest", "duration")).toBe("duration");
    expect(nextHeaderSort("oldest", "duration")).toBe("duration");
    expect(nextHeaderSort("duration", "duration")).toBe("newest");
  });
});
