import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../apps/server/src/config/env.ts";
import { connectDatabase } from "../../apps/server/src/db/database.ts";
import { formAssistants } from "../../apps/server/src/db/schema/index.ts";
import { createLogger } from "../../apps/server/src/lib/logger.ts";
import { createSecretBox } from "../../apps/server/src/lib/secret-box.ts";
import { signTypeformPayload } from "../../apps/server/src/providers/forms/typeform/typeform-signature.ts";
import { startRingback } from "../../apps/server/src/runtime.ts";

export const BENCH_FORM_ID = "benchform";
const SECRET = "bench-secret";

/**
 * Ringback on a fresh embedded PostgreSQL with the call simulator, and one organization with an
 * active assistant on a form (set up directly: benchmarks measure calling, not configuring).
 */
export async function startBenchApp(options: { callingWindow?: { start: string; end: string } }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "ringback-bench-"));
  chmodSync(dataDir, 0o755);
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "silent",
    CALL_SIMULATOR_RING_MS: "100",
    CALL_SIMULATOR_TURN_MS: "10",
  });
  const ringback = await startRingback({
    config,
    logger: createLogger({ level: "silent", pretty: false }),
    role: "all",
  });
  const { db, pool } = connectDatabase(ringback.databaseUrl);
  const assistantId = "00000000-0000-4000-8000-00000000be0c";
  await db.execute(
    sql`insert into users (id, email, name) values ('bench', 'bench@example.com', 'Bench')`,
  );
  await db.execute(
    sql`insert into organizations (id, name, slug) values ('bench', 'Bench', 'bench')`,
  );
  await db.insert(formAssistants).values({
    id: assistantId,
    organizationId: "bench",
    provider: "typeform",
    name: "Bench",
    formId: BENCH_FORM_ID,
    phoneFieldId: "p",
    checkboxFieldId: "c",
    assistantScript: "Hi {name}",
    isActive: true,
    webhookSecretEncrypted: createSecretBox(config.secretKey).encrypt(SECRET),
    callingWindowStart: options.callingWindow?.start ?? "00:00",
    callingWindowEnd: options.callingWindow?.end ?? "23:59",
    defaultTimeZone: "UTC",
  });

  return {
    url: ringback.url!,
    webhookPath: `/api/webhooks/typeform/${assistantId}`,
    pool,
    /** A signed Typeform delivery for response `token`, with an available US number. */
    delivery(token: string, i: number) {
      const body = JSON.stringify({
        event_type: "form_response",
        form_response: {
          form_id: BENCH_FORM_ID,
          token,
          answers: [
            {
              type: "phone_number",
              phone_number: `+1415${String(2_000_000 + (i % 7_000_000))}`,
              field: { id: "p", type: "phone_number" },
            },
            { type: "boolean", boolean: true, field: { id: "c", type: "yes_no" } },
          ],
        },
      });
      return { body, signature: signTypeformPayload(body, SECRET) };
    },
    async stop() {
      await pool.end();
      await ringback.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
