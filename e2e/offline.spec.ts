import { newPerson, signUp } from "./auth-helpers.ts";
import { allowConsoleErrors, expect, test } from "./fixtures.ts";

/**
 * The server goes away and comes back while a page is open: the app says so where it matters,
 * keeps its frame, and recovers by itself — never "This page could not be shown".
 */
test("with the server unreachable, search says so inline, and the page recovers by itself", async ({
  page,
}) => {
  test.setTimeout(90_000);
  allowConsoleErrors(
    page,
    /Failed to load resource|net::ERR|dynamically imported|Failed to fetch/i,
  );
  await signUp(page, newPerson("Offline"));
  await page.getByRole("link", { name: "Call Records" }).first().click();
  await expect(page.getByText("No call records found.")).toBeVisible();

  // The server stops answering: its API and the files of pages not loaded yet.
  const down = /\/(api|assets)\//;
  await page.route(down, (route) => route.abort("connectionrefused"));
  await page.getByLabel("Search by name, email or form title").fill("ana");
  await expect(page.getByText("Couldn't load call records.").first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText("Live updates paused. Reconnecting…")).toBeVisible();
  // A page whose code is not loaded yet says so in its place; the frame stays.
  await page.getByRole("link", { name: "Webhooks" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "This page could not be loaded" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  await expect(page.getByText("This page could not be shown")).toHaveCount(0);
  await page.goBack();
  await expect(page.getByText("Couldn't load call records.").first()).toBeVisible();

  // The server is back: the search's results and the banner's end come without a click.
  await page.unroute(down);
  await expect(page.getByText("Couldn't load call records.")).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText("No call records found.")).toBeVisible();
  await expect(page.getByText("Live updates paused. Reconnecting…")).toHaveCount(0, {
    timeout: 30_000,
  });
  await expect(page.getByLabel("Search by name, email or form title")).toHaveValue("ana");
  // And the page that could not load shows now.
  await page.getByRole("link", { name: "Webhooks" }).click();
  await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible({
    timeout: 30_000,
  });
});
