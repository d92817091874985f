import type { Database } from "../../db/database.ts";
import { devOutbox } from "../../db/schema/index.ts";
import type { Logger } from "../../lib/logger.ts";
import { EmailDeliveryError, type EmailSender } from "./email-sender.ts";

/**
 * The sender used when SMTP is not configured: a developer reads the email in the server log
 * or on the /dev/email outbox page.
 */
export function createConsoleEmailSender(deps: { db: Database; logger: Logger }): EmailSender {
  const { db, logger } = deps;
  return {
    name: "console",
    async send({ to, subject, text }) {
      // Logged before the insert so the message is still readable if the database write fails.
      logger.info({ to, subject, body: text }, "Email (console sender)");
      try {
        await db.insert(devOutbox).values({ channel: "email", recipient: to, subject, body: text });
      } catch (error) {
        throw new EmailDeliveryError("Could not store the email in the development outbox", {
          cause: error,
        });
      }
    },
  };
}
