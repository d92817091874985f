// `npm run backup [-- --out <file>]`: one file with the database, local recordings and the secret key.
import { backupCommand } from "../apps/server/src/commands/backup.ts";

await backupCommand(process.argv.slice(2));
