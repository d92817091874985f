import { type Assistant, type CallGroupPage, endedReasonLabels } from "@ringback/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { simulatorCalls } from "../src/db/schema/index.ts";
import { DELIVERY_ASSISTANT_TTL_MS } from "../src/domain/submissions/delivery-assistants.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { waitFor } from "./webhook-receiver.ts";

/** The hour (0–23) in a zone now. */
const hourIn = (timeZone: string, at = new Date()) =>
  Number(
    new Intl.DateTimeFormat("en-US", { hour: "numeric", hourCycle: "h23", timeZone }).format(at),
  );

/** Numbers of places far enough apart that one is always at night and one always by day. */
const PLACES = [
  { number: "+12125550142", zone: "America/New_York" },
  { number: "+442079460142", zone: "Europe/London" },
  { number: "+81312345678", zone: "Asia/Tokyo" },
  { number: "+61291234567", zone: "Australia/Sydney" },
  { number: "+18085550142", zone: "Pacific/Honolulu" },
];

/**
 * The law's calling hours end to end, with each respondent in their own number's time zone (this app does
 * not move them where it is noon, as the other tests' apps do): an attempt to a number where it
 * is night waits for 08:00 there and is not dialled; one where it is day is dialled now. And no
 * assistant can be given a window outside 08:00–21:00.
 */
describe("calling hours that follow the law", async () => {
  const app = await startTestRingback({
    env: {
      CODE_SENDS_PER_IP: "1000",
      CALL_SIMULATOR_RING_MS: "30",
      CALL_SIMULATOR_TURN_MS: "10",
      RESPONDENT_TIME_ZONE_FOR_TESTS: "",
    },
  });
  const db = app.database.db;
  const team = await createTeam(app.url, db);
  const org = team.organization.id;
  const calls = await activeAssistant({
    url: app.url,
    db,
    secretKey: app.config.secretKey,
    owner: team.owner.client,
    organizationId: org,
  });

  it("waits for 08:00 where the respondent is at night, and calls now where it is day", async () => {
    // Both looked up with a margin, so that neither changes sides during the test.
    const night = PLACES.find((p) => {
      const h = hourIn(p.zone);
      return h >= 22 || h < 7;
    });
    const day = PLACES.find((p) => {
      const h = hourIn(p.zone);
      return h >= 9 && h < 20;
    });
    expect(night, "a place at night").toBeDefined();
    expect(day, "a place by day").toBeDefined();

    expect(
      (await calls.deliver(calls.delivery({ phone: night!.number, token: "night" }))).status,
    ).toBe(200);
    expect((await calls.deliver(calls.delivery({ phone: day!.number, token: "day" }))).status).toBe(
      200,
    );

    const [answered] = await calls.settled("day", 1);
    expect(answered).toMatchObject({ status: "answered", dialState: "dialed" });

    const [waiting] = await waitFor(async () => {
      const rows = await calls.attemptsFor("night");
      return rows[0] ? rows : undefined;
    });
    expect(waiting).toMatchObject({ dialState: "scheduled", status: "scheduled" });
    // Due at 08:00 the respondent's time, within the next 11 hours.
    const due = waiting!.scheduledFor;
    expect(due.getTime()).toBeGreaterThan(Date.now());
    expect(due.getTime()).toBeLessThan(Date.now() + 11 * 3_600_000);
    expect(
      new Intl.DateTimeFormat("en-GB", {
        hour: "2-digit",
        minute: "2-digit",
        timeZone: night!.zone,
      }).format(due),
    ).toBe("08:00");
    const dialled = await db
      .select()
      .from(simulatorCalls)
      .where(eq(simulatorCalls.phoneNumber, night!.number));
    expect(dialled).toEqual([]);
  });

  it("refuses a calling window outside 08:00–21:00, and says why", async () => {
    const current = await team.owner.client.json<Assistant>(calls.path);
    const settings = { ...current.call_settings, retryDelayMinutes: 10 };
    const put = (json: unknown) =>
      team.owner.client.request(`${calls.path}/settings`, { method: "PUT", json });
    for (const window of [
      { callingWindowStart: "07:59", callingWindowEnd: "20:00" },
      { callingWindowStart: "09:00", callingWindowEnd: "21:01" },
      { callingWindowStart: "00:00", callingWindowEnd: "23:59" },
    ]) {
      const response = await put({ ...settings, ...window });
      expect(response.status, JSON.stringify(window)).toBe(400);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message).toContain("only between 08:00 and 21:00");
    }
    const lawful = await put({
      ...settings,
      callingWindowStart: "08:00",
      callingWindowEnd: "21:00",
      skipSundays: true,
      skipHolidays: true,
    });
    expect(lawful.status).toBe(200);
    expect(((await lawful.json()) as Assistant).call_settings).toMatchObject({
      callingWindowStart: "08:00",
      callingWindowEnd: "21:00",
      skipSundays: true,
      skipHolidays: true,
    });
  });

  it("never dials a number whose state leaves no lawful time in the window, and says why", async () => {
    const current = await team.owner.client.json<Assistant>(calls.path);
    const evenings = await team.owner.client.request(`${calls.path}/settings`, {
      method: "PUT",
      json: {
        ...current.call_settings,
        callingWindowStart: "20:00",
        callingWindowEnd: "21:00",
        skipSundays: false,
        skipHolidays: false,
      },
    });
    expect(evenings.status).toBe(200);
    // Deliveries are read with the assistant as each process last read it (up to a TTL old): the
    // earlier tests' 08:00–21:00 would schedule the attempt for Florida's next 08:00 when it is
    // past 20:00 there, and this test would depend on the hour it runs at.
    await new Promise((resolve) => setTimeout(resolve, DELIVERY_ASSISTANT_TTL_MS + 100));
    // Miami: Florida's hours end at 20:00, so 20:00–21:00 leaves nothing, whatever the hour now.
    const miami = "+13055550188";
    expect((await calls.deliver(calls.delivery({ phone: miami, token: "florida" }))).status).toBe(
      200,
    );
    const [attempt] = await calls.settled("florida", 1);
    expect(attempt).toMatchObject({
      status: "not-called",
      endedReason: "blocked-hours",
      dialState: "canceled",
      errorMessage: "Not called: no lawful time in this assistant's calling window",
      dialRequestedAt: null,
    });
    // Not dialled, and no retry: the attempt stays the only one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await calls.attemptsFor("florida")).toHaveLength(1);
    const dialled = await db
      .select()
      .from(simulatorCalls)
      .where(eq(simulatorCalls.phoneNumber, miami));
    expect(dialled).toEqual([]);
    // Call Records lists it as not called, with its reason in words; the lead was not reached.
    const page = await team.owner.client.json<CallGroupPage>(
      `/api/organizations/${org}/call-records?status=not-called`,
    );
    expect(page.groups.map((group) => group.latestStatus)).toEqual(["not-called"]);
    expect(page.groups[0]!.leadOutcome).toBe("not-reached");
    expect(endedReasonLabels[page.groups[0]!.attempts[0]!.endedReason!]).toBe(
      "Not called: no lawful time in this assistant's calling window",
    );
  });
});
