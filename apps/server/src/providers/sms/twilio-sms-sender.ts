import type { Logger } from "../../lib/logger.ts";
import { SmsDeliveryError, type SmsSender } from "./sms-sender.ts";

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** E.164 number (or messaging service sender) that Twilio sends from. */
  fromNumber: string;
  /** https://api.twilio.com, or a compatible fake in tests. No trailing slash. */
  apiUrl: string;
}

/** Twilio's error body: https://www.twilio.com/docs/usage/twilios-response#response-formats-exceptions */
interface TwilioError {
  code?: number;
  message?: string;
  more_info?: string;
  status?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Sends SMS through Twilio's Programmable Messaging REST API (Messages resource). */
export function createTwilioSmsSender(
  options: TwilioOptions,
  deps: { fetch?: typeof fetch; logger: Logger; timeoutMs?: number },
): SmsSender {
  const { accountSid, authToken, fromNumber, apiUrl } = options;
  const doFetch = deps.fetch ?? fetch;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const endpoint = `${apiUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  // Built once so the token never has to pass through anything that might be logged.
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
  const log = deps.logger.child({ sender: "twilio" });

  return {
    name: "twilio",
    async send({ to, body }) {
      let response: Response;
      try {
        response = await doFetch(endpoint, {
          method: "POST",
          headers: {
            authorization,
            "content-type": "application/x-www-form-urlencoded",
            accept: "application/json",
          },
          body: new URLSearchParams({ To: to, From: fromNumber, Body: body }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && error.name === "TimeoutError";
        const reason = timedOut
          ? `Twilio did not answer within ${timeoutMs / 1000} s`
          : `Could not reach Twilio: ${describe(error)}`;
        log.warn({ to, err: error }, reason);
        throw new SmsDeliveryError(reason, { cause: error });
      }

      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw new SmsDeliveryError(`Twilio's answer was cut off: ${describe(error)}`, {
          cause: error,
        });
      }

      if (!response.ok) {
        const problem = parseJson<TwilioError>(text);
        const message = problem?.message
          ? `Twilio refused the SMS (error ${problem.code ?? "unknown"}, HTTP ${response.status}): ${problem.message}`
          : `Twilio refused the SMS (HTTP ${response.status}): ${text.slice(0, 200) || response.statusText}`;
        // The body holds a sign-in code, so only the recipient and Twilio's verdict are logged.
        log.warn(
          { to, status: response.status, twilioCode: problem?.code, moreInfo: problem?.more_info },
          message,
        );
        throw new SmsDeliveryError(message);
      }

      const sid = parseJson<{ sid?: string }>(text)?.sid;
      log.info({ to, sid }, "SMS accepted by Twilio");
    },
  };
}

function parseJson<T>(text: string): T | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici reports "fetch failed" and keeps the useful part (ECONNREFUSED, ENOTFOUND) in cause.
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `${error.message}${cause}`;
}
