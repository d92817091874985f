import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expect, expectAccessible, screenshots, test } from "./fixtures.ts";
import { assistantWithDefaults, submitForm } from "./lead-helpers.ts";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 standing in for the business's CRM: it answers 200 {"ok":true}. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ringback`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The message's type, once its signature is verified by the standardwebhooks package. */
function verifiedType(secret: string, message: Received): string {
  const payload = new Webhook(secret).verify(message.body, {
    "webhook-id": String(message.headers["webhook-id"]),
    "webhook-timestamp": String(message.headers["webhook-timestamp"]),
    "webhook-signature": String(message.headers["webhook-signature"]),
  }) as { type: string };
  return payload.type;
}

/**
 * An owner adds a webhook endpoint on Settings → Webhooks (the secret shown once),
 * sends a test event and sees its delivery in the log with the response code; a submitted form
 * and its call arrive too, each signed; Resend sends the same message again.
 */
test("a webhook endpoint receives signed events, logged with their response, and Resend sends again", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    const formUrl = await assistantWithDefaults(page, "Webhooks");

    await page.getByRole("link", { name: "Webhooks" }).first().click();
    await expect(page).toHaveURL(/\/admin\/settings\/webhooks$/);
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expect(page.getByText("No webhook endpoints yet.")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "webhooks-empty");

    // Add Endpoint: what is wrong is said under each field, and nothing typed is lost.
    await page.getByRole("button", { name: "Add Endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Endpoint" });
    await dialog.getByLabel("Endpoint URL").fill("crm.example.com");
    await dialog.getByLabel("Description").fill("Local CRM");
    await dialog.getByRole("button", { name: "Add Endpoint" }).click();
    await expect(dialog.getByText("Enter a full URL starting with https://.")).toBeVisible();
    await expect(dialog.getByText("Choose at least one event.")).toBeVisible();
    await expect(dialog.getByLabel("Description")).toHaveValue("Local CRM");
    await dialog.getByLabel("Endpoint URL").fill(receiver.url);
    await dialog.getByLabel("submission.received", { exact: true }).check();
    await dialog.getByLabel("call.completed", { exact: true }).check();
    await expectAccessible(page);
    await screenshots(page, "webhooks-add-endpoint");
    await dialog.getByRole("button", { name: "Add Endpoint" }).click();

    // The secret, this once.
    const secretDialog = page.getByRole("dialog", { name: "Copy the signing secret" });
    const secret = await secretDialog.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await expect(secretDialog.getByRole("button", { name: "Copy secret" })).toBeVisible();
    await expect(secretDialog.getByText("it won't be shown again")).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, "webhooks-secret");
    await secretDialog.getByRole("button", { name: "Done" }).click();
    await expect(secretDialog).toBeHidden();
    await expect(page.getByText(secret)).toHaveCount(0);

    const card = page.getByRole("region", { name: `Endpoint ${receiver.url}` });
    await expect(card).toContainText("Local CRM");
    await expect(card).toContainText("Enabled");
    await expect(card.getByText("No deliveries yet")).toBeVisible();

    // Send test event: delivered, with the receiver's answer in the log. Live: the row follows
    // the delivery through the organization's change feed, without a reload.
    let reloads = 0;
    page.on("load", () => {
      reloads += 1;
    });
    await card.getByRole("button", { name: "Send test event" }).click();
    const log = card.getByRole("table", { name: `Deliveries to ${receiver.url}` });
    const testRow = log.getByRole("row").filter({ hasText: "webhook.test" });
    await expect(testRow).toContainText("Delivered", { timeout: 15_000 });
    await expect(testRow).toContainText("200");
    await expect(testRow).toContainText('{"ok":true}');
    expect(reloads).toBe(0);
    expect(receiver.received.map((m) => verifiedType(secret, m))).toEqual(["webhook.test"]);

    // A lead submits the form: submission.received, then the call's call.completed.
    await submitForm(page, formUrl, {
      name: "Webhook Lead",
      email: "webhook.lead@example.com",
      phone: "+1 415-555-0166",
      help: "Send this to my CRM",
    });
    const submissionRow = log.getByRole("row").filter({ hasText: "submission.received" });
    await expect(submissionRow).toContainText("Delivered", { timeout: 20_000 });
    const callRow = log.getByRole("row").filter({ hasText: "call.completed" });
    await expect(callRow).toContainText("Delivered", { timeout: 30_000 });
    await expect(callRow).toContainText("200");
    const types = receiver.received.map((m) => verifiedType(secret, m));
    expect([...types].sort()).toEqual(["call.completed", "submission.received", "webhook.test"]);

    // Resend: the same message (its webhook-id) again, newly signed.
    await testRow.getByRole("button", { name: /^Resend/ }).click();
    await expect(testRow).toContainText("2 attempts", { timeout: 15_000 });
    await expect(testRow).toContainText("Delivered");
    const tests = receiver.received.filter((m) => verifiedType(secret, m) === "webhook.test");
    expect(tests).toHaveLength(2);
    expect(tests[1]!.headers["webhook-id"]).toBe(tests[0]!.headers["webhook-id"]);
    await expectAccessible(page);
    await screenshots(page, "webhooks");

    // Disable: nothing can be sent to it; Enable brings it back.
    await card.getByRole("button", { name: "Disable" }).click();
    await expect(card).toContainText("Disabled by a member");
    await expect(card.getByRole("button", { name: "Send test event" })).toBeDisabled();
    await card.getByRole("button", { name: "Enable" }).click();
    await expect(card).toContainText("Enabled");

    // Delete, after a confirmation.
    await card.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this endpoint?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("No webhook endpoints yet.")).toBeVisible();
  } finally {
    await receiver.close();
  }
});
