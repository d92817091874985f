import { describe, expect, it } from "vitest";
import { deliveriesKey, webhookEndpointsKey } from "@/features/webhooks/queries";
import { changedTables, everyLiveKind, isStale, liveKinds, reconnectDelay } from "./live-updates";

describe("reconnectDelay", () => {
  it("doubles from a second and stops at 15 s", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelay)).toEqual([
      1000, 2000, 4000, 8000, 15_000, 15_000, 15_000,
    ]);
  });
});

describe("isStale", () => {
  const query = (queryKey: readonly unknown[], dataUpdatedAt: number) =>
    ({ queryKey, state: { dataUpdatedAt } }) as unknown as Parameters<typeof isStale>[0];
  /** The cutoffs a change event to `tables` sets (every query loaded before now). */
  const change = (...tables: string[]) =>
    new Map(liveKinds(tables).map((kind) => [kind, Number.POSITIVE_INFINITY]));
  const openedAt = 10_000;
  const opened = new Map(everyLiveKind().map((kind) => [kind, openedAt]));

  it("refetches on a call or submission change every call and submission query of the organization", () => {
    for (const table of ["call_records", "form_submissions"]) {
      for (const kind of ["stats", "assistants", "call-records"]) {
        expect(isStale(query(["organization", "org1", kind], 20_000), "org1", change(table))).toBe(
          true,
        );
      }
      // Not the Webhooks page's: a call's progress is not a delivery's.
      expect(
        isStale(query(deliveriesKey("org1", "endpoint1"), 20_000), "org1", change(table)),
      ).toBe(false);
    }
  });

  it("refetches on a webhook delivery's change the endpoints and every delivery log, and nothing else", () => {
    const delivery = change("webhook_deliveries");
    expect(isStale(query(deliveriesKey("org1", "endpoint1"), 20_000), "org1", delivery)).toBe(true);
    expect(isStale(query(deliveriesKey("org1", "endpoint2"), 20_000), "org1", delivery)).toBe(true);
    expect(isStale(query(webhookEndpointsKey("org1"), 20_000), "org1", delivery)).toBe(true);
    // A busy endpoint does not refetch the dashboard or Call Records.
    for (const kind of ["stats", "assistants", "call-records"]) {
      expect(isStale(query(["organization", "org1", kind], 0), "org1", delivery)).toBe(false);
    }
    // Another organization's log is not this one's.
    expect(isStale(query(deliveriesKey("org2", "endpoint1"), 0), "org1", delivery)).toBe(false);
  });

  it("refetches everything live for a table it does not know (a newer server)", () => {
    const unknown = change("something_new");
    for (const key of [["organization", "org1", "stats"], deliveriesKey("org1", "endpoint1")]) {
      expect(isStale(query(key, 20_000), "org1", unknown)).toBe(true);
    }
  });

  it("on a stream that opened, refetches only what was loaded before it was asked for", () => {
    expect(isStale(query(["organization", "org1", "stats"], 9_999), "org1", opened)).toBe(true);
    expect(isStale(query(deliveriesKey("org1", "e1"), 9_999), "org1", opened)).toBe(true);
    // Loaded while the stream was opening (the page's first load): not fetched twice.
    expect(isStale(query(["organization", "org1", "stats"], 10_000), "org1", opened)).toBe(false);
    expect(isStale(query(deliveriesKey("org1", "e1"), 10_450), "org1", opened)).toBe(false);
  });

  it("leaves other organizations, the forms and anything else alone", () => {
    const all = change("call_records", "webhook_deliveries");
    expect(isStale(query(["organization", "org2", "stats"], 0), "org1", all)).toBe(false);
    expect(isStale(query(["organization", "org1", "forms"], 0), "org1", all)).toBe(false);
    expect(isStale(query(["organization", "org1", "api-keys"], 0), "org1", all)).toBe(false);
    expect(isStale(query(["session"], 0), "org1", all)).toBe(false);
  });
});

describe("changedTables", () => {
  it("reads each change event's table, and skips other events", () => {
    expect(
      changedTables([
        "event: ready\ndata: {}",
        'event: change\ndata: {"table":"webhook_deliveries","id":"d1"}',
        ": keep-alive",
        'event: change\ndata: {"table":"call_records","id":"c1"}',
        "event: change\ndata: not json",
      ]),
    ).toEqual(["webhook_deliveries", "call_records", ""]);
  });
});
