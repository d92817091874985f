// `npm run restore -- <file>`: a backup back into an empty DATA_DIR (README "Deploying").
import { restoreCommand } from "../apps/server/src/commands/backup.ts";

await restoreCommand(process.argv.slice(2));
