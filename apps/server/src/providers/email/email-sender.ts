export interface EmailMessage {
  to: string;
  subject: string;
  /** Plain text; every email Ringback sends reads well as text. */
  text: string;
}

/**
 * Sends email. Implementations: the console sender (default without SMTP: logs the message and
 * keeps it in the /dev/email outbox) and SMTP.
 */
export interface EmailSender {
  readonly name: "console" | "smtp";
  /** Throws EmailDeliveryError when the server refuses or cannot be reached. */
  send(message: EmailMessage): Promise<void>;
}

export class EmailDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EmailDeliveryError";
  }
}
