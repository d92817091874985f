import { createTransport } from "nodemailer";
import type { Logger } from "../../lib/logger.ts";
import { EmailDeliveryError, type EmailSender } from "./email-sender.ts";

/**
 * Sends email through one SMTP server given as a URL (smtp:// or smtps://, with credentials and
 * options such as ?requireTLS=true in the URL itself).
 */
export function createSmtpEmailSender(
  options: { smtpUrl: string; from: string },
  deps: { logger: Logger },
): EmailSender {
  const transport = createTransport({
    url: options.smtpUrl,
    // nodemailer waits minutes by default; a person is waiting on this email, so give up
    // early and let them retry. Values in the URL still win.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const log = deps.logger.child({ sender: "smtp" });

  return {
    name: "smtp",
    async send({ to, subject, text }) {
      try {
        const info = await transport.sendMail({ from: options.from, to, subject, text });
        log.info({ to, messageId: info.messageId }, "Email accepted by the SMTP server");
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        // The body may hold a sign-in link, so only the recipient and the reason are logged.
        log.warn({ to, err: error }, "SMTP server did not take the email");
        throw new EmailDeliveryError(`Could not send the email: ${reason}`, { cause: error });
      }
    },
  };
}
