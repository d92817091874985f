// `npm run recordings:migrate -- --to s3`: moves stored recordings between stores (README "Deploying").
import { recordingsMigrateCommand } from "../apps/server/src/commands/recordings-migrate.ts";

await recordingsMigrateCommand(process.argv.slice(2));
