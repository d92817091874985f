import type {
  CallGroupCount,
  CallGroupPage,
  CallRecordDetails,
  SignedLink,
} from "@ringback/contracts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callRecords, formAssistants, formSubmissions } from "../src/db/schema/index.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";

/**
 * Call Records finds the person — by phone in any format, email and the words of
 * their answers — filters by assistant and date range with totals that are right at every
 * boundary, and Call Details shows their answers and consent.
 */
describe("call records: the lead behind the call", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;
  const team = await createTeam(app.url, db);
  const org = team.organization.id;
  const owner = team.owner.client;
  const base = `/api/organizations/${org}/call-records`;

  const [front] = await db
    .insert(formAssistants)
    .values({
      organizationId: org,
      name: "Front desk",
      formId: "f1",
      formTitle: "Home Services",
      checkboxFieldId: "ok",
    })
    .returning();
  const [sales] = await db
    .insert(formAssistants)
    .values({ organizationId: org, name: "Sales", formId: "f2", formTitle: "Quote Request" })
    .returning();

  let responses = 0;
  /** A submission as the ingest stores it, with attempts [status, created at]. */
  async function lead(input: {
    name: string;
    /** As stored (E.164) and as the respondent typed it into the form. */
    phone: string;
    typed: string;
    email?: string;
    assistantId: string;
    help: string;
    hidden?: Record<string, string>;
    attempts: [string, string][];
  }) {
    responses += 1;
    const email = input.email ?? `${input.name.toLowerCase().replace(/\W+/g, ".")}@example.com`;
    const questions = [
      {
        id: "name",
        ref: "name",
        title: "What's your name?",
        type: "short_text",
        value: input.name,
      },
      {
        id: "help",
        ref: "help",
        title: "What can we help with?",
        type: "long_text",
        value: input.help,
      },
      {
        id: "budget",
        ref: null,
        title: "Budget",
        type: "multiple_choice",
        value: ["$15k to $50k"],
      },
      { id: "phone", ref: null, title: "Phone number", type: "phone_number", value: input.typed },
      { id: "ok", ref: null, title: "May we call you?", type: "yes_no", value: true },
      ...Object.entries(input.hidden ?? {}).map(([key, value]) => ({
        id: `hidden:${key}`,
        ref: key,
        title: key,
        type: "hidden",
        value,
      })),
    ];
    const [submission] = await db
      .insert(formSubmissions)
      .values({
        organizationId: org,
        assistantId: input.assistantId,
        formId: "f1",
        providerResponseId: `r${responses}`,
        respondentName: input.name,
        respondentEmail: email,
        respondentPhoneNumber: input.phone,
        status: "call_scheduled",
        answers: { answers: {}, hidden: input.hidden ?? {}, questions, landedAt: null, raw: {} },
        submittedAt: new Date("2026-11-01T09:59:00Z"),
      })
      .returning();
    const ids: string[] = [];
    for (const [index, [status, at]] of input.attempts.entries()) {
      const [call] = await db
        .insert(callRecords)
        .values({
          organizationId: org,
          submissionId: submission!.id,
          assistantId: input.assistantId,
          callAttempt: index + 1,
          status: status as "answered",
          duration: 30,
          createdAt: new Date(at),
        })
        .returning();
      ids.push(call!.id);
    }
    return { submissionId: submission!.id, calls: ids };
  }

  // Latest calls spread over UTC days so that ranges in other time zones cut through them.
  const sam = await lead({
    name: "Sam Rivera",
    phone: "+14155550123",
    typed: "(415) 555-0123",
    assistantId: front!.id,
    help: "Kitchen renovation with an island",
    hidden: { utm_campaign: "spring-offer" },
    attempts: [
      ["no-answer", "2026-11-01T10:00:00Z"],
      ["answered", "2026-11-02T23:30:00Z"],
    ],
  });
  const ana = await lead({
    name: "Ana Lima",
    phone: "+447911123456",
    typed: "07911 123456",
    assistantId: sales!.id,
    help: "Loft conversion into an office",
    attempts: [["voicemail", "2026-11-03T01:00:00Z"]],
  });
  await lead({
    name: "Bruno Costa",
    phone: "+14155559876",
    typed: "415 555 9876",
    assistantId: front!.id,
    help: "New roof before winter",
    attempts: [["busy", "2026-11-03T15:00:00Z"]],
  });
  await lead({
    name: "Carla Dias",
    phone: "+13125550199",
    typed: "312.555.0199",
    assistantId: sales!.id,
    help: "Bathroom with a walk-in shower",
    attempts: [["answered", "2026-11-04T02:30:00Z"]],
  });
  await lead({
    name: "Davi Rocha",
    phone: "+13125550142",
    typed: "(312) 555-0142",
    assistantId: front!.id,
    help: "Paint the outside",
    attempts: [["failed", "2026-11-05T12:00:00Z"]],
  });
  const eva = await lead({
    name: "Eva Nunes",
    phone: "+13035550111",
    typed: "303-555-0111",
    assistantId: front!.id,
    help: "Solar panels",
    attempts: [["in-progress", "2026-11-06T23:59:00Z"]],
  });
  // A call without a submission (and so without an assistant's form or answers).
  const [orphan] = await db
    .insert(callRecords)
    .values({
      organizationId: org,
      status: "voicemail",
      duration: 10,
      createdAt: new Date("2026-11-04T12:00:00Z"),
    })
    .returning();

  const list = (query = "") => owner.json<CallGroupPage>(`${base}${query}`);
  const names = async (query: string) =>
    (await list(query)).groups.map((g) => g.respondent.name ?? g.id).sort();
  const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;

  it("shows each group's phone number, as stored and as people read it", async () => {
    const page = await list("?search=rivera");
    expect(page.groups[0]!.respondent).toEqual({
      name: "Sam Rivera",
      email: "sam.rivera@example.com",
      phone: "+14155550123",
      phoneDisplay: "+1 415 555 0123",
    });
  });

  it("finds a lead by phone number in any format", async () => {
    expect(await names(q({ search: "4155550123" }))).toEqual(["Sam Rivera"]);
    expect(await names(q({ search: "+1 (415) 555-0123" }))).toEqual(["Sam Rivera"]);
    expect(await names(q({ search: "415.555.0123" }))).toEqual(["Sam Rivera"]);
    expect(await names(q({ search: "+14155550123" }))).toEqual(["Sam Rivera"]);
    // Partial digits, however grouped.
    expect(await names(q({ search: "415-555" }))).toEqual(["Bruno Costa", "Sam Rivera"]);
    expect(await names(q({ search: "555 01" }))).toEqual([
      "Carla Dias",
      "Davi Rocha",
      "Eva Nunes",
      "Sam Rivera",
    ]);
    // A national number with its trunk 0, and an international prefix.
    expect(await names(q({ search: "07911 123456" }))).toEqual(["Ana Lima"]);
    expect(await names(q({ search: "0044 7911 123456" }))).toEqual(["Ana Lima"]);
    expect(await names(q({ search: "+44 7911 123 456" }))).toEqual(["Ana Lima"]);
    expect((await list(q({ search: "4155550999" }))).total).toBe(0);
  });

  it("finds a lead by email and by the words of their answers, with the total", async () => {
    expect(await names(q({ search: "SAM.RIVERA@example" }))).toEqual(["Sam Rivera"]);
    expect(await names(q({ search: "island" }))).toEqual(["Sam Rivera"]);
    expect(await names(q({ search: "loft conv" }))).toEqual(["Ana Lima"]);
    expect(await names(q({ search: "walk-in" }))).toEqual(["Carla Dias"]);
    // Choices, and a hidden field the form's link carried.
    expect((await list(q({ search: "$15k to $50k" }))).total).toBe(6);
    expect(await names(q({ search: "spring-offer" }))).toEqual(["Sam Rivera"]);
    // The form title still counts, and a search pages with its total.
    expect((await list(q({ search: "home services" }))).total).toBe(4);
    const beyond = await list(q({ search: "home services", page: "3" }));
    expect(beyond).toMatchObject({ groups: [], total: 4, page: 3 });
  });

  it("gives the same page and total whether a search is read as narrow or broad", async () => {
    const { countCallGroups, listCallGroups } = await import("../src/domain/calls/call-records.ts");
    const filters = [
      { search: "555" },
      { search: "555", sort: "oldest" as const, page: 2 },
      { search: "example.com", sort: "duration" as const },
      { search: "415", assistant: front!.id },
      { search: "home", page: 9 },
      { search: "nobody" },
      // Several words: a narrow search finds them by each word, then checks the whole.
      { search: "sam.rivera@example" },
      { search: "with an island" },
      { search: "an island with" },
      { search: "$15k to $50k", sort: "oldest" as const },
      { search: "walk-in" },
    ];
    for (const filter of filters) {
      const narrow = await listCallGroups(db, org, filter, { broadSearch: 1_000_000 });
      const broad = await listCallGroups(db, org, filter, { broadSearch: 0 });
      // A broad search's page leaves its total to the count, which both readings agree on.
      expect(broad).toEqual({ ...narrow, total: null });
      const { page: _, ...counted } = filter as typeof filter & { page?: number };
      for (const broadSearch of [0, 1_000_000]) {
        expect(await countCallGroups(db, org, counted, { broadSearch })).toEqual({
          total: narrow.total,
        });
      }
    }
    expect(await countCallGroups(db, org, { search: "555" }, { broadSearch: 0 })).toEqual({
      total: 5,
    });
    // Every word present, but not as typed together: no match either way.
    expect((await listCallGroups(db, org, { search: "an island with" })).total).toBe(0);
    expect((await listCallGroups(db, org, { search: "with an island" })).total).toBe(1);
  });

  it("finds corrected answers at once (the submission's trigger keeps the search text)", async () => {
    expect((await list(q({ search: "attic" }))).total).toBe(0);
    const [row] = await db
      .select({ answers: formSubmissions.answers })
      .from(formSubmissions)
      .where(eq(formSubmissions.id, ana.submissionId));
    const stored = row!.answers as { questions: { id: string; value: unknown }[] };
    for (const question of stored.questions) {
      if (question.id === "help") question.value = "Attic insulation";
    }
    await db
      .update(formSubmissions)
      .set({ answers: stored })
      .where(eq(formSubmissions.id, ana.submissionId));
    expect(await names(q({ search: "attic" }))).toEqual(["Ana Lima"]);
    expect((await list(q({ search: "loft" }))).total).toBe(0);
  });

  it("counts what each filter lists through GET …/count, searched or not", async () => {
    const counted = (params: Record<string, string>) =>
      owner.json<CallGroupCount>(`${base}/count${q(params)}`);
    const cases: Record<string, string>[] = [
      {},
      { status: "answered" },
      { assistant: front!.id },
      { search: "415", assistant: front!.id },
      { search: "rivera" },
      { search: "loft" },
      { from: sp("2026-11-02"), to: sp("2026-11-06") },
      // The page number is the page's business: the count ignores it.
      { search: "555", page: "2" },
    ];
    for (const params of cases) {
      const listed = await list(q(params));
      expect(await counted(params), JSON.stringify(params)).toEqual({
        total: listed.total ?? expect.any(Number),
      });
    }
    expect((await counted({ search: "555" })).total).toBe(5);
  });

  it("filters by assistant, with the totals right", async () => {
    expect(await names(q({ assistant: front!.id }))).toEqual([
      "Bruno Costa",
      "Davi Rocha",
      "Eva Nunes",
      "Sam Rivera",
    ]);
    expect((await list(q({ assistant: sales!.id }))).total).toBe(2);
    expect((await list(q({ assistant: sales!.id, status: "answered" }))).total).toBe(1);
    expect((await list(q({ assistant: front!.id, search: "415" }))).total).toBe(2);
    expect((await list(q({ assistant: front!.id, sort: "duration" }))).groups).toHaveLength(4);
    // Not an assistant's id at all: no filter, as the page's other lenient parameters.
    expect((await list(q({ assistant: "nope" }))).total).toBe(7);
    // An assistant of no group.
    expect((await list(q({ assistant: "00000000-0000-4000-8000-000000000001" }))).total).toBe(0);
  });

  // Ranges as the browser sends them for days in São Paulo (UTC−3): they start at 03:00 UTC,
  // so each cuts through UTC days, which the counters hold whole.
  const sp = (day: string) => `${day}T00:00:00-03:00`;

  it("filters by a date range in the user's time zone, with the totals right", async () => {
    const range = async (params: Record<string, string>) => {
      const page = await list(q(params));
      // The total is what is listed (every case here fits on one page).
      expect(page.total).not.toBeNull();
      expect(page.groups).toHaveLength(page.total!);
      return page.groups.map((g) => g.respondent.name ?? "no submission").sort();
    };
    // One day: 3 November in São Paulo. Ana's call at 01:00 UTC was still the 2nd there.
    expect(await range({ from: sp("2026-11-03"), to: sp("2026-11-04") })).toEqual([
      "Bruno Costa",
      "Carla Dias",
    ]);
    // 2 to 5 November: three whole UTC days from the counters, and the edges counted.
    expect(await range({ from: sp("2026-11-02"), to: sp("2026-11-06") })).toEqual([
      "Ana Lima",
      "Bruno Costa",
      "Carla Dias",
      "Davi Rocha",
      "Sam Rivera",
      "no submission",
    ]);
    // Open-ended, like Today and Last 7 days.
    expect(await range({ from: sp("2026-11-04") })).toEqual([
      "Davi Rocha",
      "Eva Nunes",
      "no submission",
    ]);
    expect(await range({ to: sp("2026-11-03") })).toEqual(["Ana Lima", "Sam Rivera"]);
    // UTC midnights exactly: no edges at all.
    expect(
      await range({ from: "2026-11-03T00:00:00.000Z", to: "2026-11-05T00:00:00.000Z" }),
    ).toEqual(["Ana Lima", "Bruno Costa", "Carla Dias", "no submission"]);
    // Combined with status, assistant and search.
    expect(
      await range({ from: sp("2026-11-02"), to: sp("2026-11-06"), status: "answered" }),
    ).toEqual(["Carla Dias", "Sam Rivera"]);
    expect(
      await range({ from: sp("2026-11-02"), to: sp("2026-11-06"), assistant: front!.id }),
    ).toEqual(["Bruno Costa", "Davi Rocha", "Sam Rivera"]);
    expect(await range({ from: sp("2026-11-02"), to: sp("2026-11-06"), search: "312555" })).toEqual(
      ["Carla Dias", "Davi Rocha"],
    );
    // An empty or backwards range, and dates that are not dates.
    expect(await range({ from: sp("2026-11-06"), to: sp("2026-11-02") })).toEqual([]);
    expect((await list(q({ from: "yesterday", to: "2026-11-99" }))).total).toBe(7);
  });

  it("keeps the day and assistant totals right as calls change and assistants go", async () => {
    // A whole UTC day: from the counters alone.
    const day = (d: string) =>
      list(q({ from: `${d}T00:00:00Z`, to: new Date(Date.parse(d) + 86_400_000).toISOString() }));
    expect((await day("2026-11-06")).total).toBe(1);
    // Eva's retry, a day later: her group moves to the 7th.
    await db.insert(callRecords).values({
      organizationId: org,
      submissionId: eva.submissionId,
      assistantId: front!.id,
      callAttempt: 2,
      status: "answered",
      duration: 40,
      createdAt: new Date("2026-11-07T10:00:00Z"),
    });
    expect((await day("2026-11-06")).total).toBe(0);
    expect((await day("2026-11-07")).total).toBe(1);
    expect((await list(q({ from: "2026-11-06T00:00:00Z", status: "answered" }))).total).toBe(1);
    // Deleting an assistant keeps its calls (without it) in every total.
    await db.delete(formAssistants).where(eq(formAssistants.id, sales!.id));
    expect((await list(q({ assistant: sales!.id }))).total).toBe(0);
    expect((await list()).total).toBe(7);
    expect((await list(q({ from: sp("2026-11-02"), to: sp("2026-11-06") }))).total).toBe(6);
    // The counters equal a count of call_groups, for every key they hold.
    const { rows } = await db.execute<{ drift: number }>(sql`
      select count(*)::int as drift from (
        select assistant_key, day, latest_status, sum(groups) as n from call_group_day_counts
        where organization_id = ${org} group by 1, 2, 3
      ) c full join (
        select coalesce(assistant_id, '00000000-0000-0000-0000-000000000000') as assistant_key,
          (latest_call_at at time zone 'UTC')::date as day, latest_status, count(*) as n
        from call_groups where organization_id = ${org} group by 1, 2, 3
      ) g using (assistant_key, day, latest_status)
      where coalesce(c.n, 0) <> coalesce(g.n, 0)`);
    expect(rows[0]!.drift).toBe(0);
  });

  it("shows the person in Call Details: contact lines, answers in form order, consent", async () => {
    const details = await owner.json<CallRecordDetails>(`${base}/${sam.calls[1]}`);
    expect(details).toMatchObject({
      callAttempt: 2,
      formTitle: "Home Services",
      assistantName: "Front desk",
      respondent: { name: "Sam Rivera", email: "sam.rivera@example.com", phone: "+14155550123" },
      submittedAt: "2026-11-01T09:59:00.000Z",
      consent: { question: "May we call you?", value: true },
    });
    expect(details.answers.map((a) => [a.title, a.value])).toEqual([
      ["What's your name?", "Sam Rivera"],
      ["What can we help with?", "Kitchen renovation with an island"],
      ["Budget", ["$15k to $50k"]],
      ["Phone number", "(415) 555-0123"],
      ["May we call you?", true],
      ["utm_campaign", "spring-offer"],
    ]);
    expect(details.answers.at(-1)!.type).toBe("hidden");
    // The first attempt is the same person.
    expect((await owner.json<CallRecordDetails>(`${base}/${sam.calls[0]}`)).answers).toHaveLength(
      6,
    );
    // No availability field on the assistant: no consent line. No submission: no answers.
    const bruno = (await list("?search=bruno")).groups[0]!;
    const carla = await owner.json<CallRecordDetails>(
      `${base}/${(await list("?search=carla")).groups[0]!.latestCallId}`,
    );
    expect(carla.consent).toBeNull();
    expect(carla.answers).toHaveLength(5);
    expect((await owner.json<CallRecordDetails>(`${base}/${bruno.latestCallId}`)).consent).toEqual({
      question: "May we call you?",
      value: true,
    });
    const alone = await owner.json<CallRecordDetails>(`${base}/${orphan!.id}`);
    expect(alone).toMatchObject({ answers: [], consent: null, submittedAt: null });
    // Another organization cannot read them.
    const stranger = await createTeam(app.url, db, { label: "stranger" });
    expect((await stranger.owner.client.request(`${base}/${sam.calls[1]}`)).status).toBe(404);
  });

  it("exports what the filters show", async () => {
    const link = await owner.json<SignedLink>(
      `${base}/export-link${q({ assistant: front!.id, from: sp("2026-11-02"), to: sp("2026-11-06"), search: "415" })}`,
    );
    const csv = await (await fetch(app.url + link.url)).text();
    const lines = csv.trim().split("\r\n");
    // Sam's two attempts and Bruno's one.
    expect(lines).toHaveLength(1 + 3);
    expect(lines.slice(1).every((l) => /Sam Rivera|Bruno Costa/.test(l))).toBe(true);
  });
});
