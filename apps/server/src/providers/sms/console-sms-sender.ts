import type { Database } from "../../db/database.ts";
import { devOutbox } from "../../db/schema/index.ts";
import type { Logger } from "../../lib/logger.ts";
import { SmsDeliveryError, type SmsSender } from "./sms-sender.ts";

/**
 * The sender used when no SMS provider is configured: a developer reads sign-in codes in the
 * server log or on the /dev/sms outbox page instead of on a phone.
 */
export function createConsoleSmsSender(deps: { db: Database; logger: Logger }): SmsSender {
  const { db, logger } = deps;
  return {
    name: "console",
    async send({ to, body }) {
      // Logged before the insert so the code is still readable if the database write fails.
      logger.info({ to, body }, "SMS (console sender)");
      try {
        await db.insert(devOutbox).values({ channel: "sms", recipient: to, body });
      } catch (error) {
        throw new SmsDeliveryError("Could not store the SMS in the development outbox", {
          cause: error,
        });
      }
    },
  };
}
