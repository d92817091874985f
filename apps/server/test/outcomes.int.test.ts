import type {
  Assistant,
  CallGroupPage,
  CallRecordDetails,
  OutcomeQuestion,
  SignedLink,
} from "@ringback/contracts";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callGroups, callRecords, simulatorCalls } from "../src/db/schema/index.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";

/**
 * An assistant's outcome questions go to the voice provider (Bland's
 * analysis_schema), the simulator answers them from what was said on the call (never at random),
 * and the answers are stored with the call, shown in Call Details, filterable in Call Records and
 * exported in the CSV.
 */
describe("outcomes", async () => {
  const app = await startTestRingback({
    env: { CODE_SENDS_PER_IP: "1000", CALL_SIMULATOR_RING_MS: "30", CALL_SIMULATOR_TURN_MS: "10" },
  });
  const db = app.database.db;
  const team = await createTeam(app.url, db);
  const org = team.organization.id;
  const owner = team.owner.client;
  const calls = await activeAssistant({
    url: app.url,
    db,
    secretKey: app.config.secretKey,
    owner,
    organizationId: org,
    // The simulated respondent answers these: why they got in touch, a budget of about five
    // thousand dollars, a start within the next month.
    script:
      "Hi {name}, thanks for your enquiry! Do you have a minute? What prompted you to get in touch? Ask about their budget. When would you like to start?",
  });
  const questions: OutcomeQuestion[] = [
    { key: "qualified", label: "Qualified?", type: "boolean", description: "Wants a quote" },
    { key: "budget", label: "Budget", type: "number" },
    { key: "demo_date", label: "Best time for a demo", type: "date" },
    { key: "plan", label: "Plan", type: "choice", choices: ["Basic", "Pro"] },
    { key: "interested", label: "Interested?", type: "boolean" },
  ];
  const base = `/api/organizations/${org}/call-records`;

  it("saves up to 10 questions and refuses bad ones with the reason", async () => {
    const put = (json: unknown, client = owner) =>
      client.request(`${calls.path}/outcomes`, { method: "PUT", json });
    const bad = await put({ questions: [{ key: "Bad Key", label: "x", type: "boolean" }] });
    expect(bad.status).toBe(400);
    expect(
      (
        await put({
          questions: [
            { key: "a", label: "A", type: "text" },
            { key: "a", label: "B", type: "text" },
          ],
        })
      ).status,
    ).toBe(400);
    expect((await put({ questions }, team.member.client)).status).toBe(403);
    const saved = await put({ questions });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as Assistant).outcome_questions).toEqual(questions);
  });

  it("sends them to the provider, stores the answers typed, and shows them in Call Details", async () => {
    // Seven people who talk, and one who asks not to be called again (0006).
    const phones = [
      ...Array.from({ length: 7 }, (_, i) => `+1415555${String(2100 + i)}`),
      "+14155550006",
    ];
    for (const [i, phone] of phones.entries()) {
      expect((await calls.deliver(calls.delivery({ phone, token: `out-${i}` }))).status).toBe(200);
    }
    const attempts = await Promise.all(phones.map((_, i) => calls.settled(`out-${i}`, 1)));
    // The request carried the questions as Bland's analysis_schema.
    const [dialled] = await db
      .select()
      .from(simulatorCalls)
      .where(eq(simulatorCalls.phoneNumber, phones[0]!));
    expect(dialled!.analysisSchema).toEqual({
      qualified: "boolean",
      budget: "number",
      demo_date: "YYYY-MM-DD",
      plan: "one of: Basic | Pro",
      interested: "boolean",
    });
    for (const [index, [attempt]] of attempts.entries()) {
      expect(attempt!.status).toBe("answered");
      // What the respondent said, typed: a need, a budget, a timeline (so qualified) — and no
      // word of a demo day or a plan, which stay unknown.
      expect(attempt!.outcomes).toEqual(
        index < 7
          ? { qualified: true, budget: 5000, demo_date: null, plan: null, interested: true }
          : // "Please stop calling me": not interested, and nothing else said.
            { qualified: null, budget: null, demo_date: null, plan: null, interested: false },
      );
    }
    // The same evidence, the same answers: never one made up from the number.
    expect(new Set(attempts.slice(0, 7).map(([a]) => JSON.stringify(a!.outcomes))).size).toBe(1);

    const [first] = attempts[0]!;
    const details = await owner.json<CallRecordDetails>(`${base}/${first!.id}`);
    expect(details.outcomes).toEqual([
      { key: "qualified", label: "Qualified?", type: "boolean", value: first!.outcomes!.qualified },
      { key: "budget", label: "Budget", type: "number", value: first!.outcomes!.budget },
      {
        key: "demo_date",
        label: "Best time for a demo",
        type: "date",
        value: first!.outcomes!.demo_date,
      },
      { key: "plan", label: "Plan", type: "choice", value: first!.outcomes!.plan },
      { key: "interested", label: "Interested?", type: "boolean", value: true },
    ]);
    // The group carries them too.
    const [group] = await db
      .select()
      .from(callGroups)
      .where(eq(callGroups.id, first!.submissionId!));
    expect(group!.outcomes).toEqual(first!.outcomes);
  });

  it("filters Call Records by a yes/no or list answer, with exact totals", async () => {
    const rows = await db.select().from(callRecords).where(eq(callRecords.organizationId, org));
    const yes = rows.filter((r) => r.outcomes?.qualified === true).length;
    const no = rows.filter((r) => r.outcomes?.qualified === false).length;
    const pro = rows.filter((r) => r.outcomes?.plan === "Pro").length;
    expect([yes, no, pro]).toEqual([7, 0, 0]);
    const page = (query: string) => owner.json<CallGroupPage>(`${base}?${query}`);
    const yesPage = await page("outcome=qualified:yes");
    expect(yesPage.total).toBe(yes);
    expect(yesPage.groups.every((g) => g.outcomes?.qualified === true)).toBe(true);
    expect((await page("outcome=qualified:no")).total).toBe(no);
    // The one who opted out said no to "Interested?"; the others yes.
    const notInterested = await page("outcome=interested:no");
    expect(notInterested.total).toBe(1);
    expect(notInterested.groups[0]!.outcomes).toMatchObject({ interested: false, qualified: null });
    expect((await page("outcome=interested:yes")).total).toBe(7);
    expect((await page("outcome=plan:Pro")).total).toBe(pro);
    expect((await page("outcome=plan:Nope")).total).toBe(0);
    // A malformed filter is ignored, never a 500.
    expect((await page("outcome=%27;drop")).total).toBe(rows.length);
    expect(
      await owner
        .json<{ key: string }[]>(`${base}/outcome-questions`)
        .then((q) => q.map((x) => x.key)),
    ).toEqual(["qualified", "budget", "demo_date", "plan", "interested"]);
  });

  it("exports the answers as columns of the CSV", async () => {
    const { url } = await owner.json<SignedLink>(`${base}/export-link?outcome=qualified:yes`);
    const csv = await (await fetch(app.url + url)).text();
    const [header, ...lines] = parse(csv) as string[][];
    expect(header!.slice(-5)).toEqual([
      "Outcome: Qualified?",
      "Outcome: Budget",
      "Outcome: Best time for a demo",
      "Outcome: Plan",
      "Outcome: Interested?",
    ]);
    expect(lines).toHaveLength(7);
    for (const cells of lines) {
      // Unknown answers are empty cells.
      expect(cells.slice(-5)).toEqual(["Yes", "5000", "", "", "Yes"]);
    }
  });
});
