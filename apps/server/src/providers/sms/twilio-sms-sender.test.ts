import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SmsDeliveryError } from "./sms-sender.ts";
import { createTwilioSmsSender } from "./twilio-sms-sender.ts";

interface RecordedRequest {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

const ACCOUNT_SID = "AC0123456789abcdef0123456789abcdef";
const AUTH_TOKEN = "test-auth-token-0123456789";
const FROM = "+15005550006";

/** A stand-in for Twilio's Messages API that records what it receives. */
function fakeTwilio() {
  const requests: RecordedRequest[] = [];
  let answer: { status: number; body: unknown } = { status: 201, body: {} };
  let hang = false;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      requests.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      if (hang) return;
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
    });
  });
  return {
    requests,
    server,
    answer(status: number, body: unknown) {
      answer = { status, body };
    },
    hang() {
      hang = true;
    },
    reset() {
      requests.length = 0;
      answer = { status: 201, body: {} };
      hang = false;
    },
    url() {
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
  };
}

function capturingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: "trace" }, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

describe("createTwilioSmsSender", () => {
  const twilio = fakeTwilio();

  beforeAll(async () => {
    await new Promise<void>((resolve) => twilio.server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    twilio.server.closeAllConnections();
    await new Promise((resolve) => twilio.server.close(resolve));
  });
  beforeEach(() => twilio.reset());

  const sender = (logger = capturingLogger().logger, timeoutMs?: number) =>
    createTwilioSmsSender(
      { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, fromNumber: FROM, apiUrl: twilio.url() },
      { logger, ...(timeoutMs ? { timeoutMs } : {}) },
    );

  it("posts a form-encoded message to the account's Messages resource with Basic auth", async () => {
    twilio.answer(201, { sid: "SM0123", status: "queued" });
    const { logger, lines } = capturingLogger();
    const s = sender(logger);
    expect(s.name).toBe("twilio");

    await s.send({ to: "+14155550123", body: "Your Ringback code is 123456 & welcome" });

    expect(twilio.requests).toHaveLength(1);
    const [request] = twilio.requests;
    expect(request?.method).toBe("POST");
    expect(request?.url).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString("base64")}`,
    );
    expect(request?.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(request?.body);
    expect([...form.keys()].sort()).toEqual(["Body", "From", "To"]);
    expect(form.get("To")).toBe("+14155550123");
    expect(form.get("From")).toBe(FROM);
    expect(form.get("Body")).toBe("Your Ringback code is 123456 & welcome");
    expect(request?.body).toContain("To=%2B14155550123");

    const logged = lines.join("\n");
    expect(logged).not.toContain(AUTH_TOKEN);
    expect(logged).not.toContain("123456");
  });

  it("turns Twilio's error answer into an SmsDeliveryError with its code and message", async () => {
    twilio.answer(400, {
      code: 21211,
      message: "The 'To' number +1555 is not a valid phone number.",
      more_info: "https://www.twilio.com/docs/errors/21211",
      status: 400,
    });
    const { logger, lines } = capturingLogger();

    const error = await sender(logger)
      .send({ to: "+1555", body: "code 654321" })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as Error).message).toContain("21211");
    expect((error as Error).message).toContain(
      "The 'To' number +1555 is not a valid phone number.",
    );
    const logged = lines.join("\n");
    expect(logged).toContain("21211");
    expect(logged).not.toContain(AUTH_TOKEN);
    expect(logged).not.toContain("654321");
  });

  it("reports a non-JSON error answer by its HTTP status", async () => {
    twilio.answer(502, "<html>Bad gateway</html>");
    const error = await sender()
      .send({ to: "+14155550123", body: "hi" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as Error).message).toContain("HTTP 502");
  });

  it("gives up with an SmsDeliveryError when Twilio does not answer in time", async () => {
    twilio.hang();
    const error = await sender(undefined, 200)
      .send({ to: "+14155550123", body: "hi" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as Error).message).toMatch(/did not answer within/);
  });

  it("throws an SmsDeliveryError when Twilio cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    const { logger, lines } = capturingLogger();
    const s = createTwilioSmsSender(
      {
        accountSid: ACCOUNT_SID,
        authToken: AUTH_TOKEN,
        fromNumber: FROM,
        apiUrl: `http://127.0.0.1:${port}`,
      },
      { logger },
    );
    const error = await s.send({ to: "+14155550123", body: "hi" }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(SmsDeliveryError);
    expect((error as Error).message).toMatch(/Could not reach Twilio/);
    expect(lines.join("\n")).not.toContain(AUTH_TOKEN);
  });
});
