import type { OutcomeQuestion } from "@ringback/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectionSummary, toggleValue } from "@/lib/selection";
import {
  activeFilters,
  callRecordsApiQuery,
  callRecordsSearch,
  clearFilters,
  customRangeError,
  customRangeLabel,
  DEFAULT_PARAMS,
  filterableLeadOutcomes,
  hasActiveFilters,
  nextHeaderSort,
  outcomeColumns,
  outcomeFilterOptions,
  parseCallRecordsParams,
  parseDay,
  parsePageSize,
  parseValueList,
  rangeInstants,
  sortDirection,
  toggleOutcomeColumn,
} from "./url-state";

const ASSISTANT = "5f0c3c1e-8a3b-4f2e-9d7a-0b1c2d3e4f50";
const parse = (query: string) => parseCallRecordsParams(new URLSearchParams(query));

describe("the page's URL", () => {
  it("reads every filter, and writes back the same URL", () => {
    const query = `search=sam&status=answered%2Cvoicemail&lead=reached%2Cnot-reached&assistant=${ASSISTANT}&range=custom&from=2026-11-01&to=2026-11-15&sort=duration&page=3&pageSize=50`;
    const params = parse(query);
    expect(params).toEqual({
      search: "sam",
      status: ["answered", "voicemail"],
      lead: ["reached", "not-reached"],
      sort: "duration",
      page: 3,
      pageSize: 50,
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
      parse(
        "status=nope&lead=maybe&sort=sideways&page=-2&pageSize=20&assistant=not-an-id&range=forever&from=2026-13-40",
      ),
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
      // An old link's single status reads as a list of one, and is written back the same.
      expect(parse(`status=${status}`).status).toEqual([status]);
      expect(callRecordsSearch({ ...DEFAULT_PARAMS, status: [status] }).toString()).toBe(
        `status=${status}`,
      );
    }
    for (const old of ["completed", "invalid-number", "blocked-dnc", "blocked-hours"]) {
      expect(parse(`status=${old}`).status).toEqual([]);
    }
  });

  it("reads status and lead lists: known values once each, in their own order", () => {
    // By hand with plain commas, as the page writes them (%2C), or as repeated keys.
    expect(parse("status=no-answer,voicemail").status).toEqual(["voicemail", "no-answer"]);
    expect(parse("status=no-answer%2Cvoicemail").status).toEqual(["voicemail", "no-answer"]);
    expect(parse("status=busy&status=answered").status).toEqual(["answered", "busy"]);
    expect(parse("status=busy,,completed, failed ,busy").status).toEqual(["busy", "failed"]);
    expect(parse("lead=not-reached,reached,opted-out").lead).toEqual([
      "reached",
      "not-reached",
      "opted-out",
    ]);
    // Meeting booked is not offered (nothing sets it yet): a link asking for it is no filter.
    expect(parse("lead=meeting-booked").lead).toEqual([]);
    expect(parse("lead=meeting-booked,transferred").lead).toEqual(["transferred"]);
    expect(filterableLeadOutcomes).not.toContain("meeting-booked");
    expect(parseValueList(["a", "b", "c"] as const, ["c,a", "x"])).toEqual(["a", "c"]);
    expect(parseValueList(["a", "b"] as const, [])).toEqual([]);
  });

  it("writes lists in their own order, whichever order they were ticked in", () => {
    const statuses = ["answered", "voicemail", "no-answer"] as const;
    expect(toggleValue(statuses, [], "no-answer")).toEqual(["no-answer"]);
    expect(toggleValue(statuses, ["no-answer"], "answered")).toEqual(["answered", "no-answer"]);
    expect(toggleValue(statuses, ["answered", "no-answer"], "answered")).toEqual(["no-answer"]);
    expect(
      callRecordsSearch({
        ...DEFAULT_PARAMS,
        status: ["voicemail", "no-answer"],
        lead: ["voicemail-left"],
      }).toString(),
    ).toBe("status=voicemail%2Cno-answer&lead=voicemail-left");
  });

  it("sums up a list's choice for its trigger: all, the one chosen, or how many", () => {
    const summary = (values: ("answered" | "voicemail" | "busy")[]) =>
      selectionSummary({
        options: [
          { value: "answered", label: "Answered" },
          { value: "voicemail", label: "Voicemail" },
          { value: "busy", label: "Busy" },
        ],
        values,
        allLabel: "All statuses",
        countLabel: (count) => `${count} statuses`,
      });
    expect(summary([])).toBe("All statuses");
    expect(summary(["voicemail"])).toBe("Voicemail");
    expect(summary(["answered", "voicemail", "busy"])).toBe("3 statuses");
  });

  it("reads a page size that is offered, and leaves the default out", () => {
    for (const size of [10, 25, 50, 100] as const) expect(parsePageSize(String(size))).toBe(size);
    for (const other of ["20", "1000", "0", "-10", "25.5", "abc", "", null]) {
      expect(parsePageSize(other), String(other)).toBe(10);
    }
    expect(callRecordsSearch({ ...DEFAULT_PARAMS, pageSize: 10 }).toString()).toBe("");
    expect(callRecordsSearch({ ...DEFAULT_PARAMS, pageSize: 25, page: 2 }).toString()).toBe(
      "page=2&pageSize=25",
    );
  });

  it("sends the API the status and lead lists and the page size", () => {
    const query = callRecordsApiQuery({
      ...DEFAULT_PARAMS,
      status: ["voicemail", "busy"],
      lead: ["not-reached-yet"],
      pageSize: 100,
    });
    expect(Object.fromEntries(query)).toEqual({
      status: "voicemail,busy",
      lead: "not-reached-yet",
      pageSize: "100",
    });
  });

  it("says when a custom range ends before it starts", () => {
    expect(customRangeError({ from: "2026-11-15", to: "2026-11-01" })).toBe(
      "The end date is before the start date.",
    );
    expect(customRangeError({ from: "2026-11-01", to: "2026-11-01" })).toBeNull();
    expect(customRangeError({ from: "2026-11-01", to: null })).toBeNull();
  });
});

describe("clearing filters", () => {
  const filtered = parse(
    `search=sam&status=voicemail&lead=reached&assistant=${ASSISTANT}&range=custom&from=2026-11-01&outcome=qualified%3Ayes&cols=qualified&sort=oldest&page=4&pageSize=25`,
  );

  it("resets the search and every filter, and keeps the sort, the columns and the page size", () => {
    const cleared = clearFilters(filtered);
    expect(cleared).toEqual({
      ...DEFAULT_PARAMS,
      sort: "oldest",
      cols: ["qualified"],
      pageSize: 25,
    });
    expect(callRecordsSearch(cleared).toString()).toBe("cols=qualified&sort=oldest&pageSize=25");
    expect(hasActiveFilters(cleared)).toBe(false);
  });

  it("says whether anything narrows the list: the search or a filter, not the sort or columns", () => {
    expect(hasActiveFilters(DEFAULT_PARAMS)).toBe(false);
    expect(hasActiveFilters(filtered)).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_PARAMS, search: "  " })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_PARAMS, search: "sam" })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_PARAMS, lead: ["opted-out"] })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_PARAMS, range: "today" })).toBe(true);
    expect(
      hasActiveFilters({ ...DEFAULT_PARAMS, sort: "duration", cols: ["qualified"], pageSize: 50 }),
    ).toBe(false);
  });

  it("lists each filter in force as a chip whose removal takes that one away", () => {
    const params = {
      ...DEFAULT_PARAMS,
      status: ["voicemail", "no-answer"],
      lead: ["reached"],
      range: "7d",
      page: 3,
    } satisfies typeof DEFAULT_PARAMS;
    const chips = activeFilters(params);
    expect(chips.map((c) => c.label)).toEqual(["Voicemail", "No answer", "Reached", "Last 7 days"]);
    expect(new Set(chips.map((c) => c.key)).size).toBe(chips.length);
    expect(chips[0]!.remove).toEqual({ status: ["no-answer"], page: 1 });
    expect(chips[2]!.remove).toEqual({ lead: [], page: 1 });
    expect(chips[3]!.remove).toEqual({ range: null, from: null, to: null, page: 1 });
    expect(activeFilters(DEFAULT_PARAMS)).toEqual([]);
    // The search is in its own box: no chip.
    expect(activeFilters({ ...DEFAULT_PARAMS, search: "sam" })).toEqual([]);
  });

  it("names the assistant, the dates and the outcome's answer", () => {
    const params = {
      ...DEFAULT_PARAMS,
      assistant: ASSISTANT,
      range: "custom",
      from: "2026-11-01",
      to: "2026-11-15",
      outcome: "qualified:yes",
    } satisfies typeof DEFAULT_PARAMS;
    expect(
      activeFilters(params, { assistant: "Front desk", outcome: "Qualified?: Yes" }).map(
        (c) => c.label,
      ),
    ).toEqual(["Front desk", "Nov 1 – Nov 15", "Qualified?: Yes"]);
    // Before the names have loaded.
    expect(activeFilters(params).map((c) => c.label)).toEqual([
      "Another assistant",
      "Nov 1 – Nov 15",
      "qualified: yes",
    ]);
    expect(customRangeLabel({ from: "2026-11-01", to: null })).toBe("From Nov 1");
    expect(customRangeLabel({ from: null, to: "2026-11-15" })).toBe("Until Nov 15");
    expect(customRangeLabel({ from: null, to: null })).toBe("Custom range");
  });
});

describe("outcomes in the URL", () => {
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
