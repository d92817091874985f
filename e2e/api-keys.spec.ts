import { newPerson, signUp } from "./auth-helpers.ts";
import { expect, expectAccessible, screenshots, test } from "./fixtures.ts";

/**
 * An owner creates an API key on the API Keys page, copies it (shown once), reads call records
 * with it over the public API, and revokes it — after which it is refused; the Audit Trail says
 * who did both.
 */
test("an owner creates an API key, reads call records with it, and revokes it", async ({
  page,
}) => {
  const owner = newPerson("Keys");
  await signUp(page, owner);
  await page.goto("/admin/settings/api-keys");
  await expect(page.getByRole("heading", { name: "API Keys", level: 1 })).toBeVisible();
  const card = page.locator('[data-slot="card"]').filter({
    has: page.getByRole("heading", { name: "Your API Keys" }),
  });
  await expect(card.getByText("No API keys yet")).toBeVisible();
  await screenshots(page, "api-keys-empty");

  // Create: a name is needed, then the key is shown once, with Copy.
  await card.getByRole("button", { name: "Create API key" }).click();
  const create = page.getByRole("dialog", { name: "Create API key" });
  await create.getByRole("button", { name: "Create key" }).click();
  await expect(create.getByText("Give the key a name.")).toBeVisible();
  await create.getByLabel("Name").fill("CRM sync");
  await create.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByRole("dialog", { name: "Copy your new API key" });
  await expect(shown.getByText("it won't be shown again")).toBeVisible();
  const key = await shown.getByLabel("Your new API key").inputValue();
  expect(key).toMatch(/^rb_live_[0-9A-Za-z]{32}$/);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await shown.getByRole("button", { name: "Copy key" }).click();
  await expect(shown.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectAccessible(page);
  await screenshots(page, "api-keys-created");
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();

  const row = card.getByRole("listitem").filter({ hasText: "CRM sync" });
  await expect(row).toContainText("Active");
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(row).toContainText("Never used");
  // The key itself is nowhere on the page any more.
  await expect(page.getByText(key)).toHaveCount(0);

  // The key reads the organization's call records (the browser's own session plays no part).
  const headers = { authorization: `Bearer ${key}` };
  const listed = await page.request.get("/api/v1/call-records", { headers });
  expect(listed.status()).toBe(200);
  expect(await listed.json()).toMatchObject({ data: [], page: 1, total: 0 });
  expect((await page.request.get("/api/v1/call-records")).status()).toBe(401);

  await page.reload();
  await expect(row).toContainText("Last used");
  await screenshots(page, "api-keys-list");

  // Revoke, confirmed: the key stays listed as revoked, and is refused.
  await row.getByRole("button", { name: "Revoke CRM sync" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke this API key?" });
  await expect(confirm).toContainText("CRM sync");
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("API key revoked").first()).toBeVisible();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: /Revoke/ })).toHaveCount(0);
  await screenshots(page, "api-keys-revoked");
  const refused = await page.request.get("/api/v1/call-records", { headers });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: { code: "unauthenticated" } });

  // The audit trail says who did it.
  await page
    .getByRole("navigation", { name: "Sidebar" })
    .getByRole("link", { name: "Audit Trail" })
    .click();
  const trail = page.getByRole("list", { name: "Audit events" });
  await expect(trail).toContainText(`${owner.fullName} revoked the API key CRM sync`);
  await expect(trail).toContainText(`${owner.fullName} created the API key CRM sync`);
});
