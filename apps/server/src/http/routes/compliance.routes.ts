import {
  addDoNotCallSchema,
  auditQuerySchema,
  dataRetentionSchema,
  doNotCallQuerySchema,
  importDoNotCallSchema,
  organizationCallSettingsSchema,
} from "@ringback/contracts";
import { Hono } from "hono";
import type { Database } from "../../db/database.ts";
import { listAuditEvents, memberActor } from "../../domain/compliance/audit.ts";
import {
  addDoNotCallNumber,
  exportDoNotCall,
  importDoNotCall,
  listDoNotCall,
  removeDoNotCallEntry,
} from "../../domain/compliance/do-not-call-list.ts";
import {
  getOrganizationCallSettings,
  updateOrganizationCallSettings,
} from "../../domain/compliance/organization-call-settings.ts";
import { getDataRetention, updateDataRetention } from "../../domain/recordings/retention.ts";
import type { SecretBox } from "../../lib/secret-box.ts";
import { type TenantVariables, withOrganization } from "../middleware/tenancy.ts";
import { csvDownload, signedLinkResponse } from "../signed-link-response.ts";
import { parseJson, parseQuery } from "../validate.ts";

/**
 * Mounted at /api/organizations/:organizationId: the do-not-call list (everyone reads
 * and searches it; owners and admins change, import and export it), the organization's call
 * rules and its audit trail (owners and admins).
 */
export function complianceRoutes(deps: { db: Database; box: SecretBox }) {
  const { db } = deps;
  const allow = (permission: Parameters<typeof withOrganization>[1]) =>
    withOrganization(db, permission);
  return (
    new Hono<{ Variables: TenantVariables }>()
      // GET /do-not-call — one page (DoNotCallPage), newest first; ?search=&page=.
      .get("/do-not-call", allow("doNotCall:read"), async (c) => {
        const query = parseQuery(c, doNotCallQuerySchema);
        c.header("Cache-Control", "no-store");
        return c.json(await listDoNotCall(db, c.get("organizationId"), query));
      })
      // POST /do-not-call — add a number in any format with a reason; 201 when added, 200 when
      // it was listed already (the existing entry).
      .post("/do-not-call", allow("doNotCall:manage"), async (c) => {
        const input = await parseJson(c, addDoNotCallSchema);
        const result = await addDoNotCallNumber(db, {
          organizationId: c.get("organizationId"),
          phoneNumber: input.phoneNumber,
          reason: input.reason,
          actor: await memberActor(db, c.get("userId")),
        });
        return c.json(result, result.added ? 201 : 200);
      })
      // POST /do-not-call/import — a CSV's text; dryRun previews (DoNotCallImportReport).
      .post("/do-not-call/import", allow("doNotCall:manage"), async (c) => {
        const input = await parseJson(c, importDoNotCallSchema);
        return c.json(
          await importDoNotCall(db, {
            organizationId: c.get("organizationId"),
            csv: input.csv,
            dryRun: input.dryRun,
            reason: input.reason,
            actor: await memberActor(db, c.get("userId")),
          }),
        );
      })
      // GET /do-not-call/export-link — a signed link to export.csv (SignedLink).
      .get("/do-not-call/export-link", allow("doNotCall:manage"), (c) =>
        signedLinkResponse(c, deps.box, "/do-not-call/export.csv"),
      )
      // GET /do-not-call/export.csv — the whole list, streamed.
      .get("/do-not-call/export.csv", allow("doNotCall:manage"), (c) =>
        csvDownload(c, "do-not-call", exportDoNotCall(db, c.get("organizationId"))),
      )
      // DELETE /do-not-call/:entryId — remove a number (the audit trail keeps it).
      .delete("/do-not-call/:entryId", allow("doNotCall:manage"), async (c) => {
        await removeDoNotCallEntry(db, {
          organizationId: c.get("organizationId"),
          entryId: c.req.param("entryId"),
          actor: await memberActor(db, c.get("userId")),
        });
        return c.body(null, 204);
      })
      // GET /call-settings — the per-number cap (everyone may read what applies to them).
      .get("/call-settings", allow("organization:read"), async (c) =>
        c.json(await getOrganizationCallSettings(db, c.get("organizationId"))),
      )
      // PUT /call-settings — owners and admins.
      .put("/call-settings", allow("assistants:manage"), async (c) => {
        const settings = await parseJson(c, organizationCallSettingsSchema);
        return c.json(
          await updateOrganizationCallSettings(db, {
            organizationId: c.get("organizationId"),
            settings,
            actor: await memberActor(db, c.get("userId")),
          }),
        );
      })
      // GET /retention — how long recordings and transcripts are kept (DataRetention; everyone).
      .get("/retention", allow("organization:read"), async (c) =>
        c.json(await getDataRetention(db, c.get("organizationId"))),
      )
      // PUT /retention — owners and admins; the audit trail records the change.
      .put("/retention", allow("assistants:manage"), async (c) => {
        const retention = await parseJson(c, dataRetentionSchema);
        return c.json(
          await updateDataRetention(db, {
            organizationId: c.get("organizationId"),
            retention,
            actor: await memberActor(db, c.get("userId")),
          }),
        );
      })
      // GET /audit-events — the trail, newest first (AuditEventPage); ?cursor= for older, and the
      // filters ?actor= (a user id or "ringback"), ?kind= (comma-separated), ?from= and ?to=
      // (instants); a filter that cannot be read is a 400 saying why.
      .get("/audit-events", allow("audit:read"), async (c) => {
        const query = parseQuery(c, auditQuerySchema);
        c.header("Cache-Control", "no-store");
        return c.json(await listAuditEvents(db, c.get("organizationId"), query));
      })
  );
}
