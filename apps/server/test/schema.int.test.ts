import { describe, expect, it } from "vitest";
import { createTestDatabase } from "./harness.ts";

describe("database schema", async () => {
  const { pool } = await createTestDatabase();

  const tables = async () =>
    (
      await pool.query<{ table_name: string }>(
        "select table_name from information_schema.tables where table_schema = 'public'",
      )
    ).rows.map((r) => r.table_name);

  it("has a table for every entity", async () => {
    expect(await tables()).toEqual(
      expect.arrayContaining([
        "users",
        "sessions",
        "two_factors",
        "organizations",
        "organization_members",
        "organization_invitations",
        "form_credentials",
        "form_assistants",
        "form_submissions",
        "call_records",
      ]),
    );
  });

  it("puts a non-null organization_id on every tenant-owned table", async () => {
    const tenantTables = [
      "organization_members",
      "organization_invitations",
      "form_credentials",
      "form_assistants",
      "form_submissions",
      "call_records",
      "do_not_call_entries",
      "audit_events",
      "call_record_bin_counts",
      "call_group_outcome_counts",
    ];
    const { rows } = await pool.query<{ table_name: string; is_nullable: string }>(
      "select table_name, is_nullable from information_schema.columns where table_schema = 'public' and column_name = 'organization_id'",
    );
    for (const table of tenantTables) {
      expect(
        rows.find((r) => r.table_name === table),
        table,
      ).toEqual({ table_name: table, is_nullable: "NO" });
    }
  });

  it("indexes tenant-scoped listing by organization first", async () => {
    const { rows } = await pool.query<{ tablename: string; indexdef: string }>(
      "select tablename, indexdef from pg_indexes where schemaname = 'public'",
    );
    for (const table of ["form_assistants", "form_submissions", "call_records"]) {
      const leading = rows.filter(
        (r) => r.tablename === table && /\(organization_id,/.test(r.indexdef),
      );
      expect(leading.length, table).toBeGreaterThan(0);
    }
  });

  it("has pg_trgm for substring search", async () => {
    const { rowCount } = await pool.query("select 1 from pg_extension where extname = 'pg_trgm'");
    expect(rowCount).toBe(1);
  });

  it("lets one form back only one assistant per organization", async () => {
    await pool.query("insert into organizations (id, name, slug) values ('org1', 'Acme', 'acme')");
    await pool.query(
      "insert into form_assistants (organization_id, form_id) values ('org1', 'form-a')",
    );
    await expect(
      pool.query(
        "insert into form_assistants (organization_id, form_id) values ('org1', 'form-a')",
      ),
    ).rejects.toThrow(/form_assistants_org_form_idx/);
    // Unnamed assistants without a form yet do not collide.
    await pool.query("insert into form_assistants (organization_id) values ('org1'), ('org1')");
  });

  it("gives each invitation a random token", async () => {
    await pool.query("insert into organizations (id, name, slug) values ('org2', 'Beta', 'beta')");
    await pool.query("insert into users (id, email) values ('u1', 'owner@example.com')");
    const { rows } = await pool.query<{ token: string }>(
      `insert into organization_invitations (id, organization_id, email, expires_at, created_by)
       values ('i1', 'org2', 'a@example.com', now() + interval '48 hours', 'u1'),
              ('i2', 'org2', 'b@example.com', now() + interval '48 hours', 'u1') returning token`,
    );
    expect(rows[0]!.token).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token).not.toBe(rows[1]!.token);
  });

  it("keeps consent evidence as first written, and the audit trail append-only", async () => {
    await pool.query(
      "insert into organizations (id, name, slug) values ('org3', 'Gamma', 'gamma')",
    );
    const { rows } = await pool.query<{ id: string }>(
      `insert into form_submissions (organization_id, form_id, provider_response_id, status, consent)
       values ('org3', 'f', 'r1', 'call_scheduled', '{"answer":"Yes"}'),
              ('org3', 'f', 'r2', 'call_scheduled', null) returning id`,
    );
    await expect(
      pool.query(`update form_submissions set consent = '{"answer":"No"}' where id = $1`, [
        rows[0]!.id,
      ]),
    ).rejects.toThrow(/consent evidence is immutable/);
    await expect(
      pool.query("update form_submissions set consent = null where id = $1", [rows[0]!.id]),
    ).rejects.toThrow(/consent evidence is immutable/);
    // Other columns still change, and a submission without evidence may get it once.
    await pool.query("update form_submissions set status = 'not_available' where id = $1", [
      rows[0]!.id,
    ]);
    await pool.query(`update form_submissions set consent = '{"answer":"Yes"}' where id = $1`, [
      rows[1]!.id,
    ]);

    const { rows: events } = await pool.query<{ id: string }>(
      `insert into audit_events (organization_id, actor_label, action, subject_type, subject_id)
       values ('org3', 'Ana', 'do_not_call.added', 'phone_number', '+14155550123') returning id`,
    );
    await expect(
      pool.query("update audit_events set actor_label = 'Bob' where id = $1", [events[0]!.id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      pool.query("delete from audit_events where id = $1", [events[0]!.id]),
    ).rejects.toThrow(/append-only/);
    // They go with their organization.
    await pool.query("delete from organizations where id = 'org3'");
    const { rowCount } = await pool.query(
      "select 1 from audit_events where organization_id = 'org3'",
    );
    expect(rowCount).toBe(0);
  });
});
