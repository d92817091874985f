import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { devOutboxRoutes, latestOutboxMessage } from "../src/http/routes/dev-outbox.routes.ts";
import { createConsoleEmailSender } from "../src/providers/email/console-email-sender.ts";
import { createConsoleSmsSender } from "../src/providers/sms/console-sms-sender.ts";
import { createTestDatabase, startTestRingback, testLogger } from "./harness.ts";

describe("development outbox", async () => {
  const { db } = await createTestDatabase();
  const app = new Hono().route("/", devOutboxRoutes({ db }));
  const sms = createConsoleSmsSender({ db, logger: testLogger });
  const email = createConsoleEmailSender({ db, logger: testLogger });

  const page = async (path: string) => {
    const response = await app.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    return response.text();
  };

  it("shows the empty state before anything is sent", async () => {
    const smsPage = await page("/sms");
    expect(smsPage).toContain("<title>SMS outbox");
    expect(smsPage).toContain("No messages yet.");
    expect(smsPage).toContain('<meta http-equiv="refresh" content="5">');
    expect(smsPage).not.toMatch(/<script/i);

    const emailPage = await page("/email");
    expect(emailPage).toContain("<title>Email outbox");
    expect(emailPage).toContain("No messages yet.");
  });

  it("lists SMS newest first with the full text, escaping HTML", async () => {
    await sms.send({ to: "+14155550101", body: "Your Ringback code is 111111" });
    await sms.send({ to: "+14155550102", body: "Your Ringback code is 222222" });
    await sms.send({ to: "+14155550103", body: "<b>bold</b> & <script>alert(1)</script>" });

    const html = await page("/sms");
    expect(html).toContain("Development only: messages the console sender would have delivered.");
    expect(html).not.toContain("No messages yet.");
    expect(html).toContain("Your Ringback code is 111111");
    expect(html).toContain("Your Ringback code is 222222");
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt; &amp; &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<b>bold</b>");
    expect(html).not.toMatch(/<script/i);

    const third = html.indexOf("+14155550103");
    const second = html.indexOf("+14155550102");
    const first = html.indexOf("+14155550101");
    expect(third).toBeGreaterThan(-1);
    expect(third).toBeLessThan(second);
    expect(second).toBeLessThan(first);
    expect(html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/);

    // SMS never shows on the email page.
    expect(await page("/email")).not.toContain("+14155550101");

    const latest = await latestOutboxMessage(db, "sms", "+14155550102");
    expect(latest?.body).toBe("Your Ringback code is 222222");
    expect(await latestOutboxMessage(db, "sms", "+19999999999")).toBeUndefined();
  });

  it("lists email newest first with subject and body, escaping HTML", async () => {
    await email.send({
      to: "first@example.com",
      subject: "Reset your password",
      text: "Open https://ringback.local/reset?token=abc&x=1 to reset.\nCode: 333333",
    });
    await email.send({
      to: "second@example.com",
      subject: 'Join "Acme" <team>',
      text: "You were invited.",
    });

    const html = await page("/email");
    expect(html).toContain("<title>Email outbox");
    const second = html.indexOf("second@example.com");
    const first = html.indexOf("first@example.com");
    expect(second).toBeGreaterThan(-1);
    expect(second).toBeLessThan(first);
    expect(html).toContain("Reset your password");
    expect(html).toContain("Join &quot;Acme&quot; &lt;team&gt;");
    expect(html).toContain(
      "Open https://ringback.local/reset?token=abc&amp;x=1 to reset.\nCode: 333333",
    );
    expect(html).not.toContain("+14155550101");

    const latest = await latestOutboxMessage(db, "email", "first@example.com");
    expect(latest?.subject).toBe("Reset your password");
  });

  it("keeps the newest message per recipient retrievable", async () => {
    await sms.send({ to: "+14155550199", body: "old 444444" });
    await sms.send({ to: "+14155550199", body: "new 555555" });
    expect((await latestOutboxMessage(db, "sms", "+14155550199"))?.body).toBe("new 555555");
  });
});

describe("outbox pages in production", async () => {
  const app = await startTestRingback({
    env: {
      NODE_ENV: "production",
      SECRET_KEY: "a-production-secret-key-of-at-least-32-chars",
      PUBLIC_URL: "https://ringback.example.com",
      TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000000",
      TWILIO_AUTH_TOKEN: "token",
      TWILIO_FROM_NUMBER: "+14155550100",
      // Nothing listens here: a send would fail, and none is attempted in this test.
      TWILIO_API_URL: "http://127.0.0.1:9",
      SANDBOX: "true",
    },
  });

  it("do not exist", async () => {
    for (const path of ["/dev/sms", "/dev/email"]) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("outbox");
    }
  });
});

describe("outbox pages outside production", async () => {
  const app = await startTestRingback();

  it("are served by the app", async () => {
    const response = await fetch(`${app.url}/dev/sms`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("SMS outbox");
  });
});
