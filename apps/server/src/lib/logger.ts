import { type Logger, pino } from "pino";

export type { Logger };

/** Structured JSON logs; human-readable when a person is watching a terminal in development. */
export function createLogger(options: { level: string; pretty: boolean }): Logger {
  return pino({
    level: options.level,
    base: { service: "ringback" },
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.secret"],
      censor: "[redacted]",
    },
    ...(options.pretty
      ? { transport: { target: "pino-pretty", options: { ignore: "pid,hostname,service" } } }
      : {}),
  });
}
