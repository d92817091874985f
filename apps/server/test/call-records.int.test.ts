import type {
  CallGroupPage,
  CallRecordDetails,
  ConsentEvidence,
  SignedLink,
} from "@ringback/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  callGroups,
  callRecords,
  formAssistants,
  formSubmissions,
} from "../src/db/schema/index.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { formulaCells, spreadsheetCells } from "./spreadsheet.ts";

describe("the call records API: grouped, searched, filtered, sorted and paged on the server", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;
  const team = await createTeam(app.url, db);
  const org = team.organization.id;
  const owner = team.owner.client;
  const base = `/api/organizations/${org}/call-records`;

  const [assistant] = await db
    .insert(formAssistants)
    .values({ organizationId: org, name: "Front desk", formId: "f1", formTitle: "Website Enquiry" })
    .returning();
  const [other] = await db
    .insert(formAssistants)
    .values({ organizationId: org, name: "Sales", formId: "f2", formTitle: "Demo 100% Request" })
    .returning();

  const t0 = Date.parse("2026-11-01T10:00:00Z");
  const at = (minutes: number) => new Date(t0 + minutes * 60_000);
  let responses = 0;
  /** A submission with attempts (status, duration seconds), attempt i created at minute + i. */
  async function seed(input: {
    name: string;
    email?: string;
    assistantId?: string;
    minute: number;
    attempts: [string, number | null][];
    consent?: ConsentEvidence;
  }) {
    responses += 1;
    const [submission] = await db
      .insert(formSubmissions)
      .values({
        organizationId: org,
        assistantId: input.assistantId ?? assistant!.id,
        formId: "f1",
        providerResponseId: `r${responses}`,
        respondentName: input.name,
        respondentEmail:
          input.email ?? `${input.name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
        respondentPhoneNumber: "+14155550100",
        status: "call_scheduled",
        consent: input.consent ?? null,
      })
      .returning();
    for (const [index, [status, duration]] of input.attempts.entries()) {
      await db.insert(callRecords).values({
        organizationId: org,
        submissionId: submission!.id,
        assistantId: input.assistantId ?? assistant!.id,
        callAttempt: index + 1,
        status: status as "answered",
        duration,
        createdAt: at(input.minute + index),
        callSummary: `Summary ${input.name} ${index + 1}`,
        transcriptJson: [{ speaker: "assistant", text: `Hello ${input.name}` }],
      });
    }
    return submission!.id;
  }

  // 14 groups: names, statuses, durations and times chosen to exercise every rule.
  const anaConsent: ConsentEvidence = {
    question: {
      id: "q-call",
      title: "Can we call you, today?",
      description: 'We call within minutes. Reply "stop" to opt out.',
    },
    answer: "Yes",
    form: { id: "f1", lastUpdatedAt: "2026-10-30T09:00:00.000Z" },
    response: {
      id: "r1",
      landedAt: "2026-11-01T09:58:00.000Z",
      submittedAt: "2026-11-01T09:59:30.000Z",
    },
    phone: { typed: "(415) 555-0100", normalized: "+14155550100" },
    recordedAt: "2026-11-01T09:59:31.000Z",
  };
  const ana = await seed({
    name: "Ana Lima",
    minute: 0,
    attempts: [
      ["no-answer", 0],
      ["answered", 95],
    ],
    consent: anaConsent,
  });
  await seed({ name: "Bruno Costa", minute: 10, attempts: [["busy", null]] });
  await seed({ name: "Carla Dias", minute: 20, attempts: [["voicemail", 30]] });
  await seed({ name: "Davi Rocha", minute: 30, attempts: [["failed", null]] });
  await seed({ name: "Eva Nunes", minute: 40, attempts: [["in-progress", null]] });
  await seed({ name: "Fábio Reis", minute: 50, attempts: [["answered", 95]] }); // duration tie with Ana
  await seed({
    name: "=cmd|' /C calc'!A0",
    email: "evil@example.com",
    minute: 60,
    attempts: [["answered", 5]],
  });
  for (let i = 0; i < 6; i++) {
    await seed({
      name: `Lead ${i}`,
      minute: 100 + i * 10,
      attempts: [
        ["no-answer", 0],
        ["no-answer", 0],
        ["busy", 0],
      ],
    });
  }
  await seed({
    name: "Zoe Demo",
    assistantId: other!.id,
    minute: 200,
    attempts: [["answered", 600]],
  });
  // A call record without a submission is a group of its own.
  const [orphan] = await db
    .insert(callRecords)
    .values({
      organizationId: org,
      callAttempt: 1,
      status: "voicemail",
      duration: 42,
      createdAt: at(300),
    })
    .returning();
  // Another organization's calls never show.
  const stranger = await createTeam(app.url, db, { label: "stranger" });
  const [theirs] = await db
    .insert(formAssistants)
    .values({
      organizationId: stranger.organization.id,
      name: "Theirs",
      formId: "f9",
      formTitle: "Website Enquiry",
    })
    .returning();
  const [theirSubmission] = await db
    .insert(formSubmissions)
    .values({
      organizationId: stranger.organization.id,
      assistantId: theirs!.id,
      formId: "f9",
      providerResponseId: "x1",
      respondentName: "Ana Outsider",
      status: "call_scheduled",
    })
    .returning();
  await db.insert(callRecords).values({
    organizationId: stranger.organization.id,
    submissionId: theirSubmission!.id,
    callAttempt: 1,
    status: "answered",
    duration: 10,
    createdAt: at(400),
  });

  const list = (query = "") => owner.json<CallGroupPage>(`${base}${query}`);
  const names = (page: CallGroupPage) => page.groups.map((g) => g.respondent.name ?? g.id);

  it("lists groups newest first, 10 a page, with the total and each group's attempts in order", async () => {
    const first = await list();
    expect(first.total).toBe(15);
    expect(first.pageSize).toBe(10);
    expect(first.groups).toHaveLength(10);
    expect(names(first).slice(0, 3)).toEqual([orphan!.id, "Zoe Demo", "Lead 5"]);
    const second = await list("?page=2");
    expect(second.groups).toHaveLength(5);
    // No group on both pages, none missing; a group's attempts never split across pages.
    const all = [...first.groups, ...second.groups];
    expect(new Set(all.map((g) => g.id)).size).toBe(15);
    for (const group of all) {
      expect(group.attempts.map((a) => a.callAttempt)).toEqual(group.attempts.map((_, i) => i + 1));
    }
    const anaGroup = all.find((g) => g.id === ana)!;
    expect(anaGroup).toMatchObject({
      formTitle: "Website Enquiry",
      assistantName: "Front desk",
      latestStatus: "answered",
      totalDuration: 95,
      respondent: { name: "Ana Lima", email: "ana.lima@example.com", phone: "+14155550100" },
    });
    expect(anaGroup.attempts.map((a) => a.status)).toEqual(["no-answer", "answered"]);
    const orphanGroup = all.find((g) => g.id === orphan!.id)!;
    expect(orphanGroup).toMatchObject({
      submissionId: null,
      latestStatus: "voicemail",
      totalDuration: 42,
    });
    expect(all.some((g) => g.respondent.name === "Ana Outsider")).toBe(false);
    // Past the end: no groups, the same total.
    expect(await list("?page=9")).toMatchObject({ groups: [], total: 15, page: 9 });
    // A page size the user chose (10, 25, 50 or 100); any other is the default 10.
    const wide = await list("?pageSize=25");
    expect(wide).toMatchObject({ pageSize: 25, total: 15 });
    expect(wide.groups).toHaveLength(15);
    expect((await list("?pageSize=7")).pageSize).toBe(10);
    expect((await list("?pageSize=10&page=2")).groups).toHaveLength(5);
  });

  it("searches names, emails and form titles, case-insensitively, taking % literally", async () => {
    expect(names(await list("?search=ana%20LI"))).toEqual(["Ana Lima"]);
    expect(names(await list("?search=EVIL@"))).toEqual(["=cmd|' /C calc'!A0"]);
    expect(names(await list("?search=demo"))).toEqual(["Zoe Demo"]);
    expect((await list("?search=website%20enq")).total).toBe(13);
    expect(names(await list("?search=100%25"))).toEqual(["Zoe Demo"]);
    expect((await list("?search=0%25")).total).toBe(1);
    expect((await list("?search=nobody-at-all")).total).toBe(0);
  });

  it("filters on any attempt's status, several at once, and on the lead outcome", async () => {
    const count = async (query: string) => (await list(query)).total;
    expect(await count("?status=answered")).toBe(4); // Ana (after a no-answer), Fábio, the formula, Zoe
    expect(await count("?status=voicemail")).toBe(2); // Carla and the call without a submission
    expect(await count("?status=in-progress")).toBe(1);
    expect(await count("?status=failed")).toBe(1);
    expect(await count("?status=busy")).toBe(7); // Bruno and the six leads whose third attempt was busy
    // Earlier attempts count: Ana's first was not answered, and so were the six leads' first two.
    expect(await count("?status=no-answer")).toBe(7);
    expect(names(await list("?status=no-answer&search=ana"))).toEqual(["Ana Lima"]);
    // Several statuses: any of them (Bruno and the six by busy, Ana by no-answer, Davi by failed).
    expect(await count("?status=busy,no-answer,failed")).toBe(9);
    // Unknown values are left out; none known is All (a hand-edited URL does not break the page).
    expect(await count("?status=whatever,failed")).toBe(1);
    expect(await count("?status=whatever")).toBe(15);
    // The lead outcome: reached (an answered attempt), not reached yet (one still pending).
    expect(await count("?lead=reached")).toBe(4);
    expect(await count("?lead=not-reached-yet")).toBe(1);
    expect(await count("?lead=reached,not-reached-yet")).toBe(5);
    expect(await count("?lead=not-reached")).toBe(15 - 5);
    // GET …/count says the same.
    const counted = await owner.json<{ total: number }>(
      `${base}/count?status=busy,no-answer,failed`,
    );
    expect(counted.total).toBe(9);
    expect(names(await list("?status=answered&search=ana"))).toEqual(["Ana Lima"]);
  });

  it("sorts oldest first, and by total duration with ties broken by the newest call", async () => {
    expect(names(await list("?sort=oldest")).slice(0, 2)).toEqual(["Ana Lima", "Bruno Costa"]);
    const byDuration = names(await list("?sort=duration"));
    // Zoe 600 s; Fábio and Ana both 95 s: Fábio's latest call is the newer.
    expect(byDuration.slice(0, 4)).toEqual(["Zoe Demo", "Fábio Reis", "Ana Lima", orphan!.id]);
    // Ties in every key but the id still page without overlap.
    const pages = [
      ...(await list("?sort=duration&page=1")).groups,
      ...(await list("?sort=duration&page=2")).groups,
    ];
    expect(new Set(pages.map((g) => g.id)).size).toBe(15);
  });

  it("keeps the read model right when a call changes", async () => {
    const [latest] = await db
      .select()
      .from(callRecords)
      .where(eq(callRecords.submissionId, ana))
      .orderBy(callRecords.callAttempt);
    await db.update(callRecords).set({ duration: 20 }).where(eq(callRecords.id, latest!.id));
    const [group] = await db.select().from(callGroups).where(eq(callGroups.id, ana));
    expect(group).toMatchObject({ attemptCount: 2, totalDuration: 115, latestStatus: "answered" });
    await db.update(callRecords).set({ duration: 0 }).where(eq(callRecords.id, latest!.id));
    // The totals (kept by a trigger, not counted per request) follow a status change.
    const bruno = (await list("?search=bruno")).groups[0]!;
    await db
      .update(callRecords)
      .set({ status: "answered" })
      .where(eq(callRecords.id, bruno.latestCallId));
    expect((await list("?status=answered")).total).toBe(5);
    expect((await list("?status=busy")).total).toBe(6);
    expect((await list()).total).toBe(15);
    await db
      .update(callRecords)
      .set({ status: "busy" })
      .where(eq(callRecords.id, bruno.latestCallId));
    expect((await list("?status=busy")).total).toBe(7);
  });

  it("shows one attempt's summary and transcript", async () => {
    const page = await list("?search=carla");
    const details = await owner.json<CallRecordDetails>(`${base}/${page.groups[0]!.latestCallId}`);
    expect(details).toMatchObject({
      groupId: page.groups[0]!.id,
      status: "voicemail",
      summary: "Summary Carla Dias 1",
      transcript: [{ speaker: "assistant", text: "Hello Carla Dias" }],
      respondent: { name: "Carla Dias" },
      formTitle: "Website Enquiry",
    });
    expect((await owner.request(`${base}/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await owner.request(`${base}/not-an-id`)).status).toBe(404);
  });

  it("exports the current filter as CSV through a signed link, safe to open in a spreadsheet", async () => {
    const link = await owner.json<SignedLink>(`${base}/export-link?status=answered&sort=oldest`);
    const response = await fetch(app.url + link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(
      /attachment; filename="call-records-/,
    );
    const lines = (await response.text()).trim().split("\r\n");
    // Every text cell is quoted (numbers are not).
    expect(lines[0]).toBe(
      [
        "Form",
        "Respondent",
        "Email",
        "Phone",
        "Attempt",
        "Status",
        "Ended reason",
        "Duration (seconds)",
        "Called at",
        "Latest status",
        "Lead outcome",
        "Total duration (seconds)",
        "Summary",
        "Recording link",
        "Form answers",
        "Test call",
        "Consent question",
        "Consent question description",
        "Consent answer",
        "Consent given at",
        "Form opened at",
        "Response ID",
        "Phone as typed",
        "Form ID",
        "Form last updated",
      ]
        .map((cell) => `"${cell}"`)
        .join(","),
    );
    // Answered groups, oldest first, every attempt: Ana (2), Fábio, the formula, Zoe.
    expect(lines).toHaveLength(1 + 5);
    // The E.164 number is a plain number: written as it is (quoted), + kept.
    expect(lines[1]).toMatch(
      /^"Website Enquiry","Ana Lima","ana\.lima@example\.com","\+14155550100",1,"no-answer",,0,/,
    );
    // What Ana agreed to, on each of her attempts; a submission stored without evidence leaves
    // those cells empty.
    const anaEvidence =
      '"Can we call you, today?","We call within minutes. Reply ""stop"" to opt out.","Yes",' +
      '"2026-11-01T09:59:30.000Z","2026-11-01T09:58:00.000Z","r1","(415) 555-0100","f1","2026-10-30T09:00:00.000Z"';
    // The lead's outcome in words, after the latest status.
    // Then each attempt's summary (no recording, no form answers were stored for these).
    expect(
      lines[1]!.endsWith(`,"answered","Reached",95,"Summary Ana Lima 1",,,,${anaEvidence}`),
    ).toBe(true);
    expect(
      lines[2]!.endsWith(`,"answered","Reached",95,"Summary Ana Lima 2",,,,${anaEvidence}`),
    ).toBe(true);
    expect(lines[3]).toMatch(
      /^"Website Enquiry","Fábio Reis",.*,"answered","Reached",95,"Summary Fábio Reis 1",,,,,,,,,,,,$/,
    );
    // A cell that a spreadsheet would run as a formula is defused.
    expect(lines.some((l) => l.includes(`"'=cmd|' /C calc'!A0"`))).toBe(true);
    expect(lines.some((l) => l.includes(`,"=cmd`))).toBe(false);
    // Batches are stitched without loss however small they are.
    const { exportCallRecords } = await import("../src/domain/calls/call-records-export.ts");
    let csv = "";
    for await (const chunk of exportCallRecords(db, org, { sort: "duration" }, { batchSize: 2 }))
      csv += chunk;
    expect(csv.trim().split("\r\n")).toHaveLength(1 + 2 + 1 + 1 + 1 + 1 + 1 + 1 + 6 * 3 + 1 + 1);
  });

  it("keeps other organizations out and refuses a search that is too long", async () => {
    expect((await stranger.owner.client.request(base)).status).toBe(404);
    expect((await stranger.owner.client.request(`${base}/${ana}`)).status).toBe(404);
    expect((await stranger.owner.client.request(`${base}/export-link`)).status).toBe(404);
    expect((await fetch(`${app.url}${base}/export.csv`)).status).toBe(401);
    const member = await team.member.client.json<CallGroupPage>(base);
    expect(member.total).toBe(15);
    const long = await owner.request(`${base}?search=${"a".repeat(201)}`);
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { message: string } }).error.message).toBe(
      "The search is too long (at most 200 characters).",
    );
  });

  // Last: it adds a group the counts above do not expect.
  it("exports a name or answer like Ann;=1+1; so that no spreadsheet runs it, whatever it splits on", async () => {
    await seed({
      name: "Ann;=1+1;",
      email: "ann@example.com",
      minute: 400,
      attempts: [["answered", 7]],
      consent: {
        ...anaConsent,
        answer: "Yes;@SUM(A1)",
        phone: { typed: "+1 415;-1+1", normalized: "+14155550100" },
      },
    });
    const link = await owner.json<SignedLink>(`${base}/export-link?search=ann%40example.com`);
    const csv = await (await fetch(app.url + link.url)).text();
    expect(csv.trim().split("\r\n")).toHaveLength(2);
    expect(formulaCells(csv)).toEqual([]);
    // Read with the file's own separator, the text is there, marked as text where it matters.
    const row = spreadsheetCells(csv.trim().split("\r\n")[1]!, ",");
    expect(row.slice(0, 4)).toEqual([
      "Website Enquiry",
      "Ann;'=1+1;",
      "ann@example.com",
      "+14155550100",
    ]);
    expect(row).toContain("Yes;'@SUM(A1)");
    expect(row).toContain("'+1 415;'-1+1");
  });
});
