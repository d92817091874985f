/** A text message to one phone number (E.164). */
export interface SmsMessage {
  to: string;
  body: string;
}

/**
 * Sends text messages. Implementations: the console sender (default without a provider: logs
 * the message and keeps it in the /dev/sms outbox) and Twilio.
 */
export interface SmsSender {
  readonly name: "console" | "twilio";
  /** Throws SmsDeliveryError when the provider refuses or cannot be reached. */
  send(message: SmsMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SmsDeliveryError";
  }
}
