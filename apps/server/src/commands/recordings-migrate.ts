import { parseArgs } from "node:util";
import type { Config } from "../config/env.ts";
import { type RecordingStoreName, recordingStoreNames } from "../db/schema/index.ts";
import {
  type MigrationProgress,
  migrateRecordings,
  purgeReleasedRecordings,
} from "../domain/recordings/recording-storage.ts";
import { createRecordingStores } from "../providers/storage/index.ts";
import { runCommand, say } from "./command.ts";

const USAGE = `Usage: npm run recordings:migrate -- --to <local|postgres|s3> [--from <store>] [--concurrency N]

Moves stored call recordings into another store. Safe to stop and run again: it picks up where
it left off, and every recording plays throughout (from its old store until it has moved).
Set RECORDING_STORE to the target afterwards so new recordings go there too.`;

const isStore = (value: string | undefined): value is RecordingStoreName =>
  recordingStoreNames.includes(value as RecordingStoreName);

/** `npm run recordings:migrate -- --to s3`. */
export async function recordingsMigrateCommand(argv: string[]): Promise<void> {
  let args: { to?: string; from?: string; concurrency?: string; help?: boolean };
  try {
    args = parseArgs({
      args: argv,
      options: {
        to: { type: "string" },
        from: { type: "string" },
        concurrency: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  const concurrency = Number(args.concurrency ?? 4);
  if (
    args.help ||
    !isStore(args.to) ||
    (args.from !== undefined && (!isStore(args.from) || args.from === args.to)) ||
    !Number.isInteger(concurrency) ||
    concurrency < 1 ||
    concurrency > 32
  ) {
    console.error(USAGE);
    process.exit(args.help ? 0 : 2);
  }
  const to = args.to;
  const from = args.from as RecordingStoreName | undefined;

  const precheck = (config: Config) =>
    (to === "s3" || from === "s3") && !config.recordings.s3
      ? "The s3 store is not configured: set S3_BUCKET (and S3_*; see docs/configuration.md)."
      : null;
  await runCommand("recordings:migrate", { precheck }, async ({ config, logger, database }) => {
    const stores = createRecordingStores(config, database.pool);
    let lastPrinted = 0;
    const print = (p: MigrationProgress, final = false) => {
      const now = Date.now();
      if (!final && now - lastPrinted < 1000 && p.moved + p.missing + p.failed < p.total) return;
      lastPrinted = now;
      const done = p.moved + p.missing + p.failed;
      const percent = p.total === 0 ? 100 : Math.floor((done / p.total) * 100);
      say(
        `${done.toLocaleString("en-US")} / ${p.total.toLocaleString("en-US")} (${percent}%): ${p.moved} moved, ${p.missing} missing, ${p.failed} failed`,
      );
    };
    say(`Moving recordings${from ? ` from ${from}` : ""} to ${to}…`);
    const started = Date.now();
    const result = await migrateRecordings(database.db, stores, {
      to,
      from,
      concurrency,
      logger,
      onProgress: (p) => print(p),
    });
    print(result, true);
    const purged = await purgeReleasedRecordings(database.db, stores, logger);
    say(
      `Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Old copies deleted: ${purged.deleted}.`,
    );
    if (result.missing > 0) {
      say(
        `${result.missing} recording(s) were not in their store (another machine's disk?): run this there too, or they stay unplayable.`,
      );
    }
    if (to !== config.recordings.store) {
      say(`New recordings still go to ${config.recordings.store}: set RECORDING_STORE=${to}.`);
    }
    return result.failed > 0 ? 1 : 0;
  });
}
