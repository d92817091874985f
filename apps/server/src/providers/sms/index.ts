import type { Config } from "../../config/env.ts";
import type { Database } from "../../db/database.ts";
import type { Logger } from "../../lib/logger.ts";
import { createConsoleSmsSender } from "./console-sms-sender.ts";
import type { SmsSender } from "./sms-sender.ts";
import { createTwilioSmsSender } from "./twilio-sms-sender.ts";

export { SmsDeliveryError, type SmsMessage, type SmsSender } from "./sms-sender.ts";

/** Twilio when it is configured; otherwise the console sender and the /dev/sms outbox. */
export function createSmsSender(
  config: Pick<Config, "twilio">,
  deps: { db: Database; logger: Logger },
): SmsSender {
  if (config.twilio) return createTwilioSmsSender(config.twilio, { logger: deps.logger });
  return createConsoleSmsSender(deps);
}
