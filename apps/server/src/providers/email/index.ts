import type { Config } from "../../config/env.ts";
import type { Database } from "../../db/database.ts";
import type { Logger } from "../../lib/logger.ts";
import { createConsoleEmailSender } from "./console-email-sender.ts";
import type { EmailSender } from "./email-sender.ts";
import { createSmtpEmailSender } from "./smtp-email-sender.ts";

export { EmailDeliveryError, type EmailMessage, type EmailSender } from "./email-sender.ts";

/** SMTP when SMTP_URL is set; otherwise the console sender and the /dev/email outbox. */
export function createEmailSender(
  config: Pick<Config, "smtpUrl" | "emailFrom" | "isProduction">,
  deps: { db: Database; logger: Logger },
): EmailSender {
  if (config.smtpUrl) {
    return createSmtpEmailSender(
      { smtpUrl: config.smtpUrl, from: config.emailFrom },
      { logger: deps.logger },
    );
  }
  if (config.isProduction) {
    // Production does not require SMTP, but nobody reads these emails unless told so.
    deps.logger.warn("SMTP_URL is not set: emails are written to the log only, not delivered");
  }
  return createConsoleEmailSender(deps);
}
