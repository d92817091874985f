import type { Locator, Page } from "@playwright/test";
import { newPerson, signUp } from "./auth-helpers.ts";
import { allowConsoleErrors, expect, expectAccessible, screenshots, test } from "./fixtures.ts";
import { assistantWithDefaults, submitForm } from "./lead-helpers.ts";

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

test.describe("the dashboard tells the truth", () => {
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
    // The cards' figures, for whatever date range (…/stats?days=30&tz=…).
    const statsUrl = /\/api\/organizations\/[^/]+\/stats(\?|$)/;
    await page.route(statsUrl, (route) => route.fulfill(unavailable));
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Keep as draft" }).click();
    const failure = page.getByRole("alert").filter({ hasText: "Couldn't load the call numbers." });
    await expect(failure).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByText("Completed Calls")).toHaveCount(0);
    await screenshots(page, "dashboard-stats-error");
    await page.unroute(statsUrl);
    await failure.getByRole("button", { name: "Retry" }).click();
    await expect(failure).toHaveCount(0);
    // The cards' titles, each explained in a line under its number.
    const stats = page.getByRole("region", { name: "Call Activity" });
    const explained: [string, string][] = [
      ["Completed Calls", "Calls that connected: a person or voicemail picked up"],
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

test("Team and Profile say so when they cannot load, with Retry", async ({ page }) => {
  await signUp(page, newPerson("Settings"));
  allowConsoleErrors(page, /status of 503/);
  await page.goto("/admin/settings/team");
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

test.describe("drafts", () => {
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
  test.setTimeout(90_000);
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
    "/admin/settings/team",
    "/admin/settings/audit-trail",
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

/** The chart's day labels ("Nov 3") as drawn, left to right. */
async function dayTicks(chart: Locator) {
  const ticks = await chart.locator('[data-slot="chart-tick"]').evaluateAll((elements) =>
    elements.map((element) => {
      const box = element.getBoundingClientRect();
      return { text: element.textContent ?? "", left: box.left, right: box.right };
    }),
  );
  return ticks
    .filter((tick) => /^[A-Z][a-z]{2} \d{1,2}$/.test(tick.text))
    .sort((a, b) => a.left - b.left);
}

/** Day labels that overlap the one before them or stick out of the chart. */
async function tickProblems(chart: Locator): Promise<string[]> {
  const area = (await chart.boundingBox())!;
  const ticks = await dayTicks(chart);
  return ticks.flatMap((tick, i) => [
    ...(tick.left < area.x || tick.right > area.x + area.width ? [`${tick.text} outside`] : []),
    ...(i > 0 && tick.left <= ticks[i - 1]!.right ? [`${tick.text} overlaps`] : []),
  ]);
}

test.describe("the dashboard's charts", () => {
  // The days are the browser's: São Paulo's here (UTC−3), not the server's UTC.
  test.use({ timezoneId: "America/Sao_Paulo" });

  test("a new organization's charts are drawn empty and say so; a failed read has Retry", async ({
    page,
  }) => {
    await signUp(page, newPerson("Charter"));
    await startNewAssistant(page);
    // The first read of the charts is held: the page shows their skeletons meanwhile.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    allowConsoleErrors(page, /status of 503/);
    await page.route("**/api/organizations/*/dashboard/charts*", async (route) => {
      await held;
      await route.fulfill(unavailable);
    });
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Keep as draft" }).click();
    const charts = page.getByRole("region", { name: "Last 30 Days" });
    await expect(charts.getByRole("status", { name: "Loading the charts" })).toBeVisible();
    release();
    const failure = charts.getByRole("alert").filter({ hasText: "Couldn't load the charts." });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText("Ringback is temporarily unavailable.");
    await expectAccessible(page);
    await screenshots(page, "dashboard-charts-error");

    await page.unroute("**/api/organizations/*/dashboard/charts*");
    await failure.getByRole("button", { name: "Retry" }).click();
    await expect(failure).toHaveCount(0);
    await expect(
      charts.getByRole("img", {
        name: "Calls per day over the last 30 days: no finished calls yet.",
      }),
    ).toBeVisible();
    // Axes with a sane scale, not a broken chart: days along the bottom, 0 to 4 up the side.
    const ticks = charts.locator('[data-slot="chart-tick"]');
    await expect(ticks.filter({ hasText: /^[A-Z][a-z]{2} \d{1,2}$/ }).first()).toBeVisible();
    await expect(ticks.filter({ hasText: /^4$/ })).toBeVisible();
    await expect(charts.getByText("No finished calls in the last 30 days yet.")).toBeVisible();
    await expect(charts.getByText("No finished calls yet.")).toBeVisible();
    await expect(charts.getByText("No leads dialled in the last 30 days yet.")).toBeVisible();
    await expect(charts.getByText("Days in your time zone (America/Sao Paulo)")).toBeVisible();
    const assistant = charts.getByRole("listitem").filter({ hasText: "Unnamed assistant" });
    await expect(assistant).toContainText("No finished calls yet");
    await expectAccessible(page);
    await screenshots(page, "dashboard-charts-empty");
  });

  test("a busy month draws every status, the outcomes and the latest-leads note", async ({
    page,
  }) => {
    await signUp(page, newPerson("Month"));
    await startNewAssistant(page);
    // A month as the server would answer it for a busy organization (the figures themselves are
    // checked by the integration test; this is how they are drawn).
    const days = Array.from({ length: 30 }, (_, i) => {
      const day = new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10);
      const n = (k: number) => ((i * 7 + k * 3) % 11) + (i % 6 === 5 ? 0 : 2);
      return {
        day,
        counts: {
          answered: n(1) * 3,
          voicemail: n(2),
          "no-answer": n(3) * 2,
          busy: n(4),
          failed: i % 4,
          "not-called": i % 9 === 0 ? 1 : 0,
        },
      };
    });
    await page.route("**/api/organizations/*/dashboard/charts*", (route) =>
      route.fulfill({
        json: {
          timeZone: "America/Sao_Paulo",
          days: 30,
          from: "2026-10-27T03:00:00.000Z",
          to: "2026-11-25T15:00:00.000Z",
          perDay: days,
          totals: {
            attempts: 40_210,
            finalCalls: 38_000,
            answered: 21_412,
            inProgress: 210,
            scheduled: 35,
            blocked: 2_000,
            answerRate: 21_412 / 38_000,
          },
          speedToLead: { leads: 20_000, medianSeconds: 47.2, p90Seconds: 312, latestOnly: true },
          assistants: [
            {
              id: "00000000-0000-4000-8000-000000000001",
              name: "Front desk",
              calls: 30_000,
              answered: 17_000,
              outcomes: [
                { key: "qualified", label: "Qualified?", yes: 12, no: 5 },
                { key: "wants_demo", label: "Wants a demo?", yes: 0, no: 0 },
              ],
            },
            {
              id: "00000000-0000-4000-8000-000000000002",
              name: "Sales line with a rather long name for a phone",
              calls: 8_000,
              answered: 4_412,
              outcomes: [],
            },
            { id: null, name: null, calls: 12, answered: 0, outcomes: [] },
          ],
        },
      }),
    );
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Keep as draft" }).click();
    const charts = page.getByRole("region", { name: "Last 30 Days" });
    await expect(
      charts.getByRole("img", { name: /^Calls per day over the last 30 days: / }),
    ).toBeVisible();
    await expect(charts.getByText("56%", { exact: true })).toBeVisible();
    await expect(
      charts.getByText(
        "21,412 of 38,000 finished calls answered. 210 still in progress. 35 scheduled.",
      ),
    ).toBeVisible();
    await expect(
      charts.getByText("Over the latest 20,000 leads of the last 30 days."),
    ).toBeVisible();
    await expect(charts.getByText("47 s", { exact: true })).toBeVisible();
    await expect(charts.getByText("5 min 12 s", { exact: true })).toBeVisible();
    const frontDesk = charts.getByRole("listitem").filter({ hasText: "Front desk" });
    await expect(frontDesk).toContainText("30,000 calls · 17,000 answered (57%)");
    await expect(frontDesk.getByText("Qualified? yes 12 · no 5")).toBeVisible();
    await expect(frontDesk.getByText("Wants a demo? yes 0 · no 0")).toBeVisible();
    await expect(
      charts.getByRole("listitem").filter({ hasText: "Deleted assistant" }),
    ).toContainText("12 calls · 0 answered (0%)");
    // The days along the bottom never overlap and stay inside the chart, on a desktop and a phone;
    // pointing at a day shows its figures, inside the card (left of the bar near the right edge).
    const card = charts.locator('[data-slot="card"]').first();
    const chart = card.locator('[data-slot="chart"]');
    const today = days.at(-1)!;
    const todayTotal = Object.values(today.counts).reduce((a, b) => a + b, 0);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      // (Polled: the chart follows its new width once the browser has laid the page out.)
      await expect.poll(() => tickProblems(chart), `${width} px`).toEqual([]);
      const ticks = await dayTicks(chart);
      expect(ticks.length, `${width} px: ${ticks.map((t) => t.text)}`).toBeGreaterThanOrEqual(
        width === 390 ? 3 : 8,
      );
      expect(ticks.at(-1)?.text).toBe("Nov 25");
      const area = (await chart.boundingBox())!;
      await chart.hover({ position: { x: area.width - 10, y: area.height / 2 } });
      const tooltip = chart.locator('[data-slot="chart-tooltip"]');
      await expect(tooltip).toBeVisible();
      await expect(tooltip.getByText("Nov 25", { exact: true })).toBeVisible();
      await expect(tooltip.getByText(`${todayTotal} calls in all`)).toBeVisible();
      await expect(tooltip.getByText("Answered")).toBeVisible();
      const tip = (await tooltip.boundingBox())!;
      const cardBox = (await card.boundingBox())!;
      expect(tip.x).toBeGreaterThanOrEqual(cardBox.x);
      expect(tip.x + tip.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      if (process.env.E2E_SCREENSHOTS) {
        for (const scheme of ["light", "dark"] as const) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.waitForFunction(
            (dark) => document.documentElement.classList.contains("dark") === dark,
            scheme === "dark",
          );
          await page.waitForFunction(() =>
            document.getAnimations().every((a) => a.playState !== "running"),
          );
          await card.screenshot({
            path: test.info().outputPath(`dashboard-calls-tooltip-${width}-${scheme}.png`),
          });
        }
        await page.emulateMedia({ colorScheme: "light" });
      }
      await page.mouse.move(0, 0);
      await expect(tooltip).toHaveCount(0);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await charts.getByText("Show as a table").click();
    await expect(charts.getByRole("row")).toHaveCount(31);
    await expectAccessible(page);
    await screenshots(page, "dashboard-charts-month");
    if (process.env.E2E_SCREENSHOTS) {
      await charts
        .locator('[data-slot="card"]')
        .first()
        .screenshot({ path: test.info().outputPath("dashboard-calls-per-day.png") });
    }
  });

  test("after a simulated call the charts draw it: the day's bar, the rate, speed to lead", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    // With a yes/no outcome question (the Customize step's "Qualified?" example).
    const formUrl = await assistantWithDefaults(page, "Charts", {
      anyHour: true,
      customize: async (wizard) => {
        await wizard
          .getByRole("region", { name: "Outcomes" })
          .getByRole("button", { name: /^Qualified\?/ })
          .click();
      },
    });
    await submitForm(page, formUrl, {
      name: "Sam Rivera",
      email: "sam@example.com",
      phone: "+1 415-555-0178",
      help: "A quote, please",
    });
    await page.getByRole("link", { name: "Call Records" }).first().click();
    const sam = page.getByRole("row").filter({ hasText: "Sam Rivera" });
    await expect(sam).toContainText("Answered", { timeout: 60_000 });

    await page.getByRole("link", { name: "Dashboard" }).first().click();
    const charts = page.getByRole("region", { name: "Last 30 Days" });
    await expect(
      charts.getByRole("img", {
        name: /1 finished call \(1 answered\)\. Busiest day .+ with 1 call\./,
      }),
    ).toBeVisible();
    await expect(charts.getByText("100%", { exact: true })).toBeVisible();
    await expect(charts.getByText("1 of 1 finished call answered.")).toBeVisible();
    await expect(charts.getByText("Over 1 lead in the last 30 days.")).toBeVisible();
    await expect(charts.getByRole("definition").filter({ hasText: / s$| min$/ })).toHaveCount(2);
    const frontDesk = charts.getByRole("listitem").filter({ hasText: "Front desk" });
    await expect(frontDesk).toContainText("1 call · 1 answered (100%)");
    // The one lead's answer, whichever the simulator gave (or none).
    await expect(frontDesk.getByText(/^Qualified\? yes [01] · no [01]$/)).toBeVisible();
    // The same figures as a table, for those who do not see the chart.
    await charts.getByText("Show as a table").click();
    const today = charts.getByRole("row").filter({ hasNotText: "Day" });
    await expect(today).toHaveCount(1);
    await expect(today.getByRole("cell").nth(1)).toHaveText("1");
    await expectAccessible(page);
    await screenshots(page, "dashboard-charts-data");

    // A custom range: the last 7 days to begin with, in the URL; then one that ends yesterday,
    // before the call, which every card and chart reads as nothing.
    await page.getByRole("combobox", { name: "Date range" }).click();
    await page.getByRole("option", { name: "Custom range" }).click();
    await expect(page).toHaveURL(/range=custom&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
    const lastWeek = page.getByRole("region", { name: / – / });
    await expect(lastWeek.getByText("Over 1 lead in the last 7 days.")).toBeVisible();
    const yesterday = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() - 1);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    });
    await page.getByLabel("To", { exact: true }).fill(yesterday);
    await expect(page).toHaveURL(new RegExp(`to=${yesterday}`));
    const before = page.getByRole("region", { name: / – / });
    await expect(before.getByText(/^No leads dialled from .+ to .+ yet\.$/)).toBeVisible();
    const activity = page.getByRole("region", { name: "Call Activity" });
    await expect(activity.getByText(/ – /)).toBeVisible();
    // The range survives a reload.
    await page.reload();
    await expect(page.getByLabel("To", { exact: true })).toHaveValue(yesterday);
    await expect(before.getByText(/^No leads dialled from .+ to .+ yet\.$/)).toBeVisible();
    await screenshots(page, "dashboard-custom-range");
  });
});
