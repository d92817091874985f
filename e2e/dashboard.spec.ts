import type { Locator, Page } from "@playwright/test";
import { newPerson, signUp } from "./auth-helpers.ts";
import { allowConsoleErrors, expect, expectAccessible, screenshots, test } from "./fixtures.ts";

const unavailable = {
  status: 503,
  contentType: "application/json",
  headers: { "retry-after": "10" },
  body: JSON.stringify({
    error: {
      code: "unavailable",
      message: "Ringback is temporarily unavailable. Please try again in a moment.",
    },
  }),
};

/** A new assistant from the dashboard's provider card flow: the wizard opens at step 0. */
async function startNewAssistant(page: Page): Promise<void> {
  await page.goto("/admin/assistant-configuration");
  await expect(page).toHaveURL(/\/admin\/assistant-configuration\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Assistant Configuration" })).toBeVisible();
}

async function boxesOverlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error("an element has no box");
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test.describe("the dashboard tells the truth (issue 12 §6)", () => {
  test("assistants that fail to load say so with Retry, never the empty state", async ({
    page,
  }) => {
    await signUp(page, newPerson("Outage"));
    allowConsoleErrors(page, /status of 503/);
    await page.route("**/api/organizations/*/assistants", (route) => route.fulfill(unavailable));
    // Not page.goto: its accessibility check would race the toast that comes with the failure.
    await page.reload();
    const failure = page.getByRole("alert").filter({ hasText: "Couldn't load your assistants." });
    await expect(failure).toBeVisible();
    await expect(page.getByText("Failed to load assistants")).toBeVisible();
    await expectAccessible(page);
    await expect(failure).toContainText("Ringback is temporarily unavailable.");
    await expect(page.getByText("Get Started by Connecting a Form Provider")).toHaveCount(0);
    await screenshots(page, "dashboard-assistants-error");

    // Back again: Retry shows what the server says, which for a new organization is empty.
    await page.unroute("**/api/organizations/*/assistants");
    await failure.getByRole("button", { name: "Retry" }).click();
    await expect(page.getByText("Get Started by Connecting a Form Provider")).toBeVisible();
    await expect(failure).toHaveCount(0);
  });

  test("stats that fail to load say so with Retry, not zeros", async ({ page }) => {
    await signUp(page, newPerson("Numbers"));
    await startNewAssistant(page);
    allowConsoleErrors(page, /status of 503/);
    await page.route("**/api/organizations/*/stats", (route) => route.fulfill(unavailable));
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Keep as draft" }).click();
    const failure = page.getByRole("alert").filter({ hasText: "Couldn't load the call numbers." });
    await expect(failure).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByText("Completed Calls")).toHaveCount(0);
    await screenshots(page, "dashboard-stats-error");
    await page.unroute("**/api/organizations/*/stats");
    await failure.getByRole("button", { name: "Retry" }).click();
    await expect(failure).toHaveCount(0);
    // SPEC.md's titles, each explained in a line under its number.
    const stats = page.getByRole("region", { name: "Call Activity" });
    const explained: [string, string][] = [
      ["Completed Calls", "Calls that ended as completed or answered"],
      ["Answered Calls", "Calls a person picked up"],
      ["Unique Forms Called", "Form submissions called at least once"],
      ["Avg. Attempts per Form", "Calls per called submission, retries included"],
      ["Total Form Submissions", "Everything your forms sent, called or not"],
    ];
    for (const [title, hint] of explained) {
      await expect(stats.getByRole("term").filter({ hasText: title })).toBeVisible();
      await expect(stats.getByText(hint)).toBeVisible();
    }
    await expect(stats.getByRole("definition").filter({ hasText: /^0$/ })).toHaveCount(5);
    await screenshots(page, "dashboard-draft-and-stats");
  });

  test("a dropped live-updates stream shows a quiet banner, and reconnecting refetches", async ({
    page,
  }) => {
    await signUp(page, newPerson("Stream"));
    await expect(page.getByRole("heading", { name: /Dashboard$/ })).toBeVisible();
    const banner = page.getByText("Live updates paused. Reconnecting…");
    await expect(banner).toHaveCount(0);

    // The stream ends and every reconnect is refused.
    allowConsoleErrors(page, /status of 503/);
    await page.route("**/api/organizations/*/events", (route) => route.fulfill(unavailable));
    await page.reload();
    await expect(banner).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Live updates paused" })).toBeVisible();
    await screenshots(page, "dashboard-live-updates-paused");

    // Back: the next attempt (at once when the browser says it is online) reconnects and the
    // page refetches what it may have missed.
    await page.unroute("**/api/organizations/*/events");
    const refetched = page.waitForRequest((r) =>
      /\/api\/organizations\/[^/]+\/assistants$/.test(r.url()),
    );
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await refetched;
    await expect(banner).toHaveCount(0);
  });
});

test("Organization Settings and Profile say so when they cannot load, with Retry", async ({
  page,
}) => {
  await signUp(page, newPerson("Settings"));
  allowConsoleErrors(page, /status of 503/);
  await page.goto("/admin/settings/organization");
  await page.route("**/api/organizations/*/members", (route) => route.fulfill(unavailable));
  // Not page.goto: its accessibility check would race the toast that comes with the failure.
  await page.reload();
  const team = page.getByRole("alert").filter({ hasText: "Couldn't load the team." });
  await expect(team).toBeVisible();
  // The invitations did load: their card shows the truth, an empty list.
  await expect(page.getByText("No pending invitations.")).toBeVisible();
  await expect(page.getByText("Failed to load organization data").first()).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "organization-settings-team-error");
  await page.unroute("**/api/organizations/*/members");
  await team.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("columnheader", { name: "Role" }).first()).toBeVisible();
  await expect(team).toHaveCount(0);

  await page.route("**/api/account", (route) => route.fulfill(unavailable));
  await page.getByRole("link", { name: "Profile" }).first().click();
  const profile = page.getByRole("alert").filter({ hasText: "Couldn't load your profile." });
  await expect(profile).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, "profile-error");
  await page.unroute("**/api/account");
  await profile.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByLabel("Full Name")).toBeVisible();
});

test.describe("drafts (issue 12 §8)", () => {
  test("Back from a brand-new assistant offers to discard it; a kept one is a draft", async ({
    page,
  }) => {
    await signUp(page, newPerson("Drafter"));
    await startNewAssistant(page);

    // Back asks; closing the question stays, with focus back on the link.
    const back = page.getByRole("link", { name: "Back to Dashboard" });
    await back.click();
    const dialog = page.getByRole("dialog", { name: "Discard this assistant?" });
    await expect(dialog).toBeVisible();
    await screenshots(page, "wizard-discard-confirm");
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(back).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/assistant-configuration\/[0-9a-f-]{36}$/);

    // Keep it: the dashboard shows it as a draft to finish.
    await back.click();
    await dialog.getByRole("button", { name: "Keep as draft" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const card = page.getByRole("listitem").filter({ hasText: "Unnamed assistant" });
    await expect(card.getByText("Draft", { exact: true })).toBeVisible();
    await expect(card.getByText("Inactive", { exact: true })).toBeVisible();
    await expect(card.getByText("Form not selected")).toBeVisible();
    await expect(card.getByText("Setup not finished. Next: name the assistant.")).toBeVisible();
    await expect(card.getByRole("link", { name: "Configure" })).toBeVisible();
    await screenshots(page, "dashboard-draft");

    // Continue setup, then discard it after all.
    await card.getByRole("link", { name: "Continue setup" }).click();
    await expect(page).toHaveURL(/\/admin\/assistant-configuration\/[0-9a-f-]{36}$/);
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await dialog.getByRole("button", { name: "Discard" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByText("Assistant discarded")).toBeVisible();
    await expect(page.getByText("Get Started by Connecting a Form Provider")).toBeVisible();
  });

  test("Back from a named assistant just goes back, and it stays a draft until set up", async ({
    page,
  }) => {
    await signUp(page, newPerson("Namer"));
    await startNewAssistant(page);
    await page.getByLabel("Assistant name").fill("Front desk");
    await page.getByLabel("Assistant name").press("Enter");
    await expect(page.getByText("Assistant name updated")).toBeVisible();
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const card = page.getByRole("listitem").filter({ hasText: "Front desk" });
    await expect(card.getByText("Draft", { exact: true })).toBeVisible();
    await expect(card.getByText("Setup not finished. Next: choose a form.")).toBeVisible();
  });
});

test.describe("the admin shell", () => {
  for (const width of [390, 1280]) {
    test(`toasts never cover the organization switcher or the account menu (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const person = newPerson("Toasty");
      await signUp(page, person);
      // A second organization makes the switcher a menu.
      await page.evaluate(async () => {
        const session = (await (await fetch("/api/session")).json()) as { access_token: string };
        await fetch("/api/organizations", {
          method: "POST",
          headers: {
            authorization: `Bearer ${session.access_token}`,
            "content-type": "application/json",
          },
          body: JSON.stringify({ name: "Second Toast Org" }),
        });
      });
      await page.goto("/admin/settings/organization");
      await page.getByLabel("Organization Name").fill(`${person.company} Renamed`);
      await page.getByRole("button", { name: "Save" }).click();
      const toast = page
        .locator("[data-sonner-toast]")
        .filter({ hasText: "Organization settings saved" });
      await expect(toast).toBeVisible();
      await page.waitForFunction(() =>
        document.getAnimations().every((a) => a.playState !== "running"),
      );
      const switcher = page.getByRole("button", { name: "Switch organization" });
      const account = page.getByRole("button", { name: "Account menu" });
      await expect(switcher).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`toast-${width}.png`) });
      expect(await boxesOverlap(toast, switcher)).toBe(false);
      expect(await boxesOverlap(toast, account)).toBe(false);
      // Both stay usable while the toast shows.
      await account.click();
      await expect(page.getByRole("menuitem", { name: "Log out" })).toBeVisible();
      await page.keyboard.press("Escape");
    });
  }

  test("the account button and the switcher are named by what they show", async ({ page }) => {
    const person = newPerson("Named");
    await signUp(page, person);
    await expect(
      page.getByRole("button", { name: `${person.fullName} Account menu`, exact: true }),
    ).toBeVisible();
    await page.getByRole("button", { name: "Create Organization" }).click();
    await page.getByLabel("Organization Name").fill("Named Second");
    await page.getByLabel("Organization Name").press("Enter");
    await expect(
      page.getByRole("button", { name: "Named Second Switch organization", exact: true }),
    ).toBeVisible();
  });

  test("focus goes back to what opened a dialog when it closes", async ({ page }) => {
    const person = newPerson("Focus");
    await signUp(page, person);
    const sidebarCreate = page
      .getByRole("navigation", { name: "Sidebar" })
      .getByRole("button", { name: "Create Organization" });
    await sidebarCreate.click();
    await expect(page.getByRole("dialog", { name: "Create Organization" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(sidebarCreate).toBeFocused();

    await sidebarCreate.click();
    await page.getByLabel("Organization Name").fill("Focus Second");
    await page.getByLabel("Organization Name").press("Enter");
    await expect(page.getByRole("heading", { name: "Focus Second Dashboard" })).toBeVisible();
    await expect(sidebarCreate).toBeFocused();

    // Opened from the switcher's menu: the menu is gone, so focus goes to its button.
    const switcher = page.getByRole("button", { name: "Switch organization" });
    await switcher.click();
    await page.getByRole("menuitem", { name: "Create Organization" }).click();
    await expect(page.getByRole("dialog", { name: "Create Organization" })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await expect(switcher).toBeFocused();
  });

  test("a blank organization name is an error under the field", async ({ page }) => {
    await signUp(page, newPerson("Blank"));
    await page.goto("/admin/settings/organization");
    const name = page.getByLabel("Organization Name");
    await name.fill("   ");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription("Enter an organization name");
    await expect(name).toBeFocused();
  });
});

test("every page passes axe on a phone (390 px) too", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // page.goto checks each page once it has settled.
  await page.goto("/login");
  await page.goto("/signup");
  const person = newPerson("Phone");
  await signUp(page, person);
  await startNewAssistant(page);
  for (const path of [
    "/admin/dashboard",
    "/admin/call-records",
    "/admin/settings/organization",
    "/admin/settings/profile",
    "/admin/nothing-here",
  ]) {
    await page.goto(path);
  }
  // The phone sidebar (a sheet) closes back to its trigger.
  const trigger = page.getByRole("button", { name: "Toggle sidebar" });
  await trigger.click();
  await expect(page.getByRole("dialog", { name: "Navigation" })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(trigger).toBeFocused();
});
