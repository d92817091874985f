import type {
  AuditEventPage,
  DoNotCallEntry,
  DoNotCallImportReport,
  DoNotCallPage,
  OrganizationCallSettings,
  SignedLink,
} from "@ringback/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEvents, doNotCallEntries } from "../src/db/schema/index.ts";
import { activeAssistant } from "./call-helpers.ts";
import { startTestRingback } from "./harness.ts";
import { createTeam } from "./organization-harness.ts";
import { formulaCells, spreadsheetCells } from "./spreadsheet.ts";
import { waitFor } from "./webhook-receiver.ts";

/**
 * The organization's do-not-call list over the API — everyone reads and
 * searches it, owners and admins add (any format, read as E.164), remove, import (preview and a
 * per-row report) and export it; every change is in the audit trail, which only owners and
 * admins read. Also the per-number cap setting.
 */
describe("the do-not-call list", async () => {
  const app = await startTestRingback({ env: { CODE_SENDS_PER_IP: "1000" } });
  const db = app.database.db;
  const team = await createTeam(app.url, db);
  const org = team.organization.id;
  const base = `/api/organizations/${org}`;
  const { owner, admin, member } = team;

  const add = (client = owner.client, json: unknown = {}) =>
    client.request(`${base}/do-not-call`, { method: "POST", json });
  const list = (query = "", client = member.client) =>
    client.json<DoNotCallPage>(`${base}/do-not-call${query}`);

  it("adds a number typed any way as E.164, with who added it, and keeps one entry per number", async () => {
    const response = await add(admin.client, {
      phoneNumber: "(415) 555-0199",
      reason: "Asked by email",
    });
    expect(response.status).toBe(201);
    const { entry } = (await response.json()) as { entry: DoNotCallEntry };
    expect(entry).toMatchObject({
      phoneNumber: "+14155550199",
      reason: "Asked by email",
      source: "manual",
      callRecordId: null,
    });
    expect(entry.addedBy).toBeTruthy();
    expect(entry.addedBy).not.toBe("A member");
    // The same number again in another format: 200, the first entry kept.
    const again = await add(owner.client, { phoneNumber: "+1 415 555 0199", reason: "Other" });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { entry: DoNotCallEntry }).entry.reason).toBe("Asked by email");
    // No reason given: a default one.
    const bare = await add(owner.client, { phoneNumber: "+44 20 7946 0958" });
    expect(((await bare.json()) as { entry: DoNotCallEntry }).entry).toMatchObject({
      phoneNumber: "+442079460958",
      reason: "Added to the do-not-call list",
    });
  });

  it("refuses what is not a phone number with a clear message and stores nothing", async () => {
    const before = (await list()).total;
    for (const phoneNumber of ["hello", "123", "", "+1 555", "9".repeat(41)]) {
      const response = await add(owner.client, { phoneNumber, reason: "x" });
      expect(response.status, phoneNumber).toBe(400);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message.length).toBeGreaterThan(5);
    }
    const tooLong = await add(owner.client, {
      phoneNumber: "+14155550100",
      reason: "r".repeat(201),
    });
    expect(tooLong.status).toBe(400);
    expect((await list()).total).toBe(before);
  });

  it("cancels the pending attempts to a number added by hand", async () => {
    const calls = await activeAssistant({
      url: app.url,
      db,
      secretKey: app.config.secretKey,
      owner: owner.client,
      organizationId: org,
    });
    // An evening window: closed now where the tests' respondents are (about noon), so the
    // attempt waits.
    const { formAssistants } = await import("../src/db/schema/index.ts");
    await db
      .update(formAssistants)
      .set({ callingWindowStart: "20:00", callingWindowEnd: "20:30" })
      .where(eq(formAssistants.id, calls.assistantId));
    expect(
      (await calls.deliver(calls.delivery({ phone: "+1 415 555 0198", token: "waits" }))).status,
    ).toBe(200);
    await waitFor(async () => {
      const rows = await calls.attemptsFor("waits");
      return rows[0]?.dialState === "scheduled" &&
        rows[0].scheduledFor &&
        rows[0].scheduledFor.getTime() > Date.now() + 60_000
        ? rows
        : undefined;
    });
    const response = await add(admin.client, { phoneNumber: "415-555-0198", reason: "Called in" });
    expect(((await response.json()) as { canceledAttempts: number }).canceledAttempts).toBe(1);
    const [attempt] = await calls.attemptsFor("waits");
    expect(attempt).toMatchObject({
      status: "not-called",
      endedReason: "blocked-dnc",
      dialState: "canceled",
    });
  });

  it("lets every member read and search it, paged on the server", async () => {
    for (let i = 0; i < 30; i++) {
      const response = await add(owner.client, {
        phoneNumber: `+1 212 555 ${String(1000 + i)}`,
        reason: i % 2 ? "Wrong number" : "Complained",
      });
      expect(response.status).toBe(201);
    }
    const first = await list();
    expect(first.items).toHaveLength(25);
    expect(first.pageSize).toBe(25);
    expect(first.total).toBeGreaterThanOrEqual(33);
    // Newest first.
    expect(first.items[0]!.phoneNumber).toBe("+12125551029");
    const second = await list("?page=2");
    expect(second.items.length).toBe(first.total - 25);
    expect(new Set([...first.items, ...second.items].map((e) => e.id)).size).toBe(first.total);
    // Any part of the number, in any format, or of the reason.
    expect(
      (await list(`?search=${encodeURIComponent("(212) 555-1007")}`)).items.map(
        (e) => e.phoneNumber,
      ),
    ).toEqual(["+12125551007"]);
    expect((await list("?search=wrong")).total).toBe(15);
    expect((await list("?search=nobody-wrote-this")).items).toEqual([]);
  });

  it("follows the permission table: members read, owners and admins change, import, export and read the trail", async () => {
    const [entry] = (await list()).items;
    expect((await add(member.client, { phoneNumber: "+14155550111" })).status).toBe(403);
    const forbidden = [
      member.client.request(`${base}/do-not-call/${entry!.id}`, { method: "DELETE" }),
      member.client.request(`${base}/do-not-call/import`, {
        method: "POST",
        json: { csv: "+14155550111", dryRun: true },
      }),
      member.client.request(`${base}/do-not-call/export-link`),
      member.client.request(`${base}/audit-events`),
      member.client.request(`${base}/call-settings`, {
        method: "PUT",
        json: { maxCallsPerNumberPerDay: 5 },
      }),
    ];
    for (const response of await Promise.all(forbidden)) expect(response.status).toBe(403);
    // Another organization's owner sees nothing of it.
    const other = await createTeam(app.url, db, { label: "stranger" });
    expect((await other.owner.client.request(`${base}/do-not-call`)).status).toBe(404);
    expect(
      (
        await other.owner.client.request(
          `/api/organizations/${other.organization.id}/do-not-call/${entry!.id}`,
          { method: "DELETE" },
        )
      ).status,
    ).toBe(404);
  });

  it("removes a number, and the audit trail says who did what, before and after", async () => {
    const added = await add(admin.client, { phoneNumber: "+1 415 555 0177", reason: "Temp" });
    const { entry } = (await added.json()) as { entry: DoNotCallEntry };
    const removed = await admin.client.request(`${base}/do-not-call/${entry.id}`, {
      method: "DELETE",
    });
    expect(removed.status).toBe(204);
    expect(
      (await admin.client.request(`${base}/do-not-call/${entry.id}`, { method: "DELETE" })).status,
    ).toBe(404);
    expect((await list("?search=4155550177")).total).toBe(0);
    const trail = await owner.client.json<AuditEventPage>(`${base}/audit-events`);
    const [removal, addition] = trail.items.filter((e) => e.subjectId === "+14155550177");
    expect(removal).toMatchObject({
      action: "do_not_call.removed",
      actor: entry.addedBy,
      before: { reason: "Temp", source: "manual" },
    });
    expect(addition).toMatchObject({ action: "do_not_call.added", after: { reason: "Temp" } });
    // The trail pages without skipping or repeating.
    const ids = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: AuditEventPage = await owner.client.json<AuditEventPage>(
        `${base}/audit-events${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      for (const item of page.items) ids.add(item.id);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    const rows = await db.select().from(auditEvents).where(eq(auditEvents.organizationId, org));
    expect(pages).toBeGreaterThan(0);
    expect(ids.size).toBe(rows.length);
  });

  it("imports a CSV: a preview first, then a report on every row, bad rows rejected with why", async () => {
    const csv = [
      "Phone,Reason",
      "(303) 555-0101,Asked at the front desk",
      "+1 303 555 0102,",
      "not a number,Whatever",
      ",No number here",
      "303.555.0101,Same as line 2",
      "(415) 555-0199,Already listed",
      `"+44 20 7946 0111","Quoted, with a comma"`,
      `+1 303 555 0103,${"r".repeat(201)}`,
    ].join("\r\n");
    const preview = await admin.client.json<DoNotCallImportReport>(`${base}/do-not-call/import`, {
      method: "POST",
      json: { csv, dryRun: true },
    });
    expect(preview).toMatchObject({
      dryRun: true,
      added: 3,
      alreadyListed: 1,
      duplicates: 1,
      rejected: 3,
    });
    expect(preview.rows.map((r) => [r.line, r.result, r.phoneNumber])).toEqual([
      [2, "added", "+13035550101"],
      [3, "added", "+13035550102"],
      [4, "rejected", null],
      [5, "rejected", null],
      [6, "duplicate", "+13035550101"],
      [7, "already-listed", "+14155550199"],
      [8, "added", "+442079460111"],
      [9, "rejected", null],
    ]);
    for (const row of preview.rows.filter((r) => r.result === "rejected")) {
      expect(row.problem).toBeTruthy();
    }
    expect(preview.rows[1]!.reason).toBe("Added to the do-not-call list");
    expect(preview.rows[6]!.reason).toBe("Quoted, with a comma");
    // The preview changed nothing.
    expect((await list("?search=3035550101")).total).toBe(0);

    const done = await admin.client.json<DoNotCallImportReport>(`${base}/do-not-call/import`, {
      method: "POST",
      json: { csv, dryRun: false },
    });
    expect(done).toMatchObject({ dryRun: false, added: 3, alreadyListed: 1, rejected: 3 });
    const imported = await db
      .select()
      .from(doNotCallEntries)
      .where(eq(doNotCallEntries.source, "import"));
    expect(imported.map((e) => e.phoneNumber).sort()).toEqual([
      "+13035550101",
      "+13035550102",
      "+442079460111",
    ]);
    // Again: everything is already listed now.
    const twice = await admin.client.json<DoNotCallImportReport>(`${base}/do-not-call/import`, {
      method: "POST",
      json: { csv, dryRun: false },
    });
    expect(twice).toMatchObject({ added: 0, alreadyListed: 4 });
    // A file with no header: the number first, the reason second.
    const headerless = await admin.client.json<DoNotCallImportReport>(
      `${base}/do-not-call/import`,
      { method: "POST", json: { csv: "3035550104,Letter\n3035550105\n", dryRun: true } },
    );
    expect(headerless.rows.map((r) => [r.line, r.phoneNumber, r.reason])).toEqual([
      [1, "+13035550104", "Letter"],
      [2, "+13035550105", "Added to the do-not-call list"],
    ]);
    // Not CSV at all, or empty: 400 with a reason.
    for (const bad of ['"unterminated', "Phone\n"]) {
      const response = await admin.client.request(`${base}/do-not-call/import`, {
        method: "POST",
        json: { csv: bad, dryRun: true },
      });
      expect(response.status, bad).toBe(400);
    }
  });

  describe("refuses what is not a CSV text file, and reads a number from its own cell only", () => {
    const importCsv = (csv: string, dryRun = false) =>
      admin.client.request(`${base}/do-not-call/import`, { method: "POST", json: { csv, dryRun } });
    /** The file's bytes as the browser sends them: read as UTF-8 text (File.text()). */
    const asRead = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    /** Deterministic bytes (mulberry32), without NUL unless asked for. */
    const randomBytes = (seed: number, length: number, withNul = false) => {
      let state = seed;
      const next = () => {
        state = (state + 0x6d2b79f5) | 0;
        let t = Math.imul(state ^ (state >>> 15), 1 | state);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
      return Uint8Array.from({ length }, () => {
        const byte = Math.floor(next() * 256);
        return byte === 0 && !withNul ? 1 : byte;
      });
    };
    const total = async () =>
      (await db.select().from(doNotCallEntries).where(eq(doNotCallEntries.organizationId, org)))
        .length;
    const refused = async (csv: string, message: RegExp) => {
      const before = await total();
      for (const dryRun of [true, false]) {
        const response = await importCsv(csv, dryRun);
        expect(response.status).toBe(400);
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect(body.error.code).toBe("validation_failed");
        expect(body.error.message).toMatch(message);
      }
      expect(await total()).toBe(before);
    };

    it("2,000 bytes of random binary: 400, nothing listed", async () => {
      // Read the old way, this seed's bytes listed +49524603940178: a cell starting with + and
      // the digits scattered through the rest of it.
      await refused(asRead(randomBytes(4, 2000)), /not UTF-8/);
      await refused(asRead(randomBytes(11, 2000, true)), /NUL|binary/);
    });

    it("a Latin-1 file (not UTF-8): 400, nothing listed", async () => {
      const latin1 = Uint8Array.from("Phone,Reason\r\n+49 30 1234567,Grüße aus Köln\r\n", (c) =>
        c.charCodeAt(0),
      );
      await refused(asRead(latin1), /not UTF-8/);
    });

    it("a file with control characters: 400, naming the line", async () => {
      await refused(
        "Phone,Reason\r\n+1 303 555 0180,Fine\r\n+1 303 555 0181,Bell\u0007\r\n",
        /line 3 holds a control character \(U\+0007\)/,
      );
    });

    it("a number's cell holding more than the number is rejected, never read from its digits", async () => {
      const report = await admin.client.json<DoNotCallImportReport>(`${base}/do-not-call/import`, {
        method: "POST",
        json: {
          csv: "Phone,Reason\n+4é9ü3ç0 1234567,Scattered\ncall 303 555 0182 please,Words\n",
          dryRun: true,
        },
      });
      expect(report.rows.map((r) => [r.result, r.phoneNumber])).toEqual([
        ["rejected", null],
        ["rejected", null],
      ]);
      for (const row of report.rows) expect(row.problem).toMatch(/Not a phone number/);
    });
  });

  it("refuses a 900 KB reason: 400 in Add Number; in an import a rejected row, not echoed back", async () => {
    const huge = "r".repeat(900 * 1024);
    const added = await add(owner.client, { phoneNumber: "+1 303 555 0183", reason: huge });
    expect(added.status).toBe(400);
    const text = await added.text();
    expect(text.length).toBeLessThan(1000);
    expect(JSON.parse(text).error.message).toBe("The reason is too long (at most 200 characters).");

    const response = await admin.client.request(`${base}/do-not-call/import`, {
      method: "POST",
      json: { csv: `Phone,Reason\n+1 303 555 0184,${huge}\n`, dryRun: false },
    });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body.length).toBeLessThan(2000);
    const report = JSON.parse(body) as DoNotCallImportReport;
    expect(report).toMatchObject({ added: 0, rejected: 1 });
    expect(report.rows[0]!.problem).toBe("The reason is too long (at most 200 characters).");
    expect(
      (await list("?search=3035550183")).total + (await list("?search=3035550184")).total,
    ).toBe(0);
  });

  it("removes control characters from a reason before storing it, and the export has none", async () => {
    const added = await add(owner.client, {
      phoneNumber: "+1 303 555 0185",
      reason: "Asked\u0007 by\u001b email\u0085\r\nTwice",
    });
    expect(added.status).toBe(201);
    expect(((await added.json()) as { entry: DoNotCallEntry }).entry.reason).toBe(
      "Asked by email Twice",
    );
    const imported = await admin.client.json<DoNotCallImportReport>(`${base}/do-not-call/import`, {
      method: "POST",
      json: { csv: 'Phone,Reason\n+1 303 555 0186,"Line one\nline\ttwo"\n', dryRun: false },
    });
    expect(imported.added).toBe(1);
    const stored = await db
      .select({ reason: doNotCallEntries.reason })
      .from(doNotCallEntries)
      .where(eq(doNotCallEntries.organizationId, org));
    const reasons = new Map(stored.map((row) => [row.reason, true]));
    expect(reasons.has("Asked by email Twice")).toBe(true);
    expect(reasons.has("Line one line two")).toBe(true);
    const { url } = await owner.client.json<SignedLink>(`${base}/do-not-call/export-link`);
    const csv = await (await fetch(app.url + url)).text();
    expect(csv).toContain('"Asked by email Twice"');
    expect(csv).not.toMatch(/(?![\t\n\r])\p{Cc}/u);
  });

  it("exports the list as CSV through a signed link", async () => {
    const { url } = await owner.client.json<SignedLink>(`${base}/do-not-call/export-link`);
    const response = await fetch(app.url + url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe('"Phone number","Reason","Source","Added by","Added at","Call"');
    expect(lines.length - 1).toBe((await list()).total);
    // Every text cell quoted; an E.164 number written as it is.
    expect(
      lines.some((line) => line.startsWith('"+442079460111","Quoted, with a comma","import",')),
    ).toBe(true);
    // Without the signature: not signed in.
    expect((await fetch(`${app.url}${base}/do-not-call/export.csv`)).status).toBe(401);
  });

  it("exports a reason like Ann;=1+1; so that no spreadsheet runs it, whatever it splits on", async () => {
    for (const [phoneNumber, reason] of [
      ["+1 415 555 0161", "Ann;=1+1;"],
      ["+1 415 555 0162", '=HYPERLINK("http://evil.example/","x")'],
      ["+1 415 555 0163", "Asked twice;@SUM(A1);-1+1"],
    ]) {
      expect((await add(owner.client, { phoneNumber, reason })).status).toBe(201);
    }
    const { url } = await owner.client.json<SignedLink>(`${base}/do-not-call/export-link`);
    const csv = await (await fetch(app.url + url)).text();
    expect(formulaCells(csv)).toEqual([]);
    const rows = csv
      .trim()
      .split("\r\n")
      .map((line) => spreadsheetCells(line, ","));
    expect(rows.find((row) => row[0] === "+14155550161")?.[1]).toBe("Ann;'=1+1;");
    expect(rows.find((row) => row[0] === "+14155550162")?.[1]).toBe(
      '\'=HYPERLINK("http://evil.example/","x")',
    );
    expect(rows.find((row) => row[0] === "+14155550163")?.[1]).toBe("Asked twice;'@SUM(A1);'-1+1");
  });

  it("keeps the per-number cap: everyone reads it, owners and admins set it within bounds", async () => {
    expect(await member.client.json<OrganizationCallSettings>(`${base}/call-settings`)).toEqual({
      maxCallsPerNumberPerDay: 3,
    });
    const put = (json: unknown) =>
      admin.client.request(`${base}/call-settings`, { method: "PUT", json });
    expect((await put({ maxCallsPerNumberPerDay: 0 })).status).toBe(400);
    expect((await put({ maxCallsPerNumberPerDay: 11 })).status).toBe(400);
    expect((await put({ maxCallsPerNumberPerDay: "two" })).status).toBe(400);
    expect((await put({ maxCallsPerNumberPerDay: 2 })).status).toBe(200);
    expect(await member.client.json(`${base}/call-settings`)).toEqual({
      maxCallsPerNumberPerDay: 2,
    });
    const trail = await owner.client.json<AuditEventPage>(`${base}/audit-events`);
    expect(trail.items[0]).toMatchObject({
      action: "organization.call_settings_changed",
      before: { maxCallsPerNumberPerDay: 3 },
      after: { maxCallsPerNumberPerDay: 2 },
    });
  });
});
