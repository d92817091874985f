import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Locator, Page } from "@playwright/test";
import { newPerson, signUpThroughForm, uniquePhone } from "./auth-helpers.ts";
import { expect, expectAccessible, test } from "./fixtures.ts";
import { submitForm } from "./lead-helpers.ts";

/**
 * Every admin page, and the dialogs and sheets they open, at 390 × 844 (a phone).
 * Nothing reaches past the screen's sides: the page never scrolls sideways, and no element or
 * text sticks out of it unless it sits in a scroll container that itself fits. With
 * E2E_SCREENSHOTS set, each state is saved as a screenshot for a person to look at.
 */
test.use({ viewport: { width: 390, height: 844 }, actionTimeout: 15_000 });

interface Overflow {
  width: number;
  scrollWidth: number;
  /** Elements and text that reach past the screen's sides, outside a scroll container. */
  outside: string[];
  /**
   * Containers that scroll sideways other than a table's (which shows that it does): each
   * needs a look — a sideways scroll nobody can see is content cut off.
   */
  scrollers: string[];
}

/** Runs in the page: what reaches past the viewport's left or right edge. */
function measureOverflow(): Overflow {
  const root = document.documentElement;
  const width = root.clientWidth;
  const describe = (element: Element) => {
    const classes =
      typeof element.className === "string"
        ? element.className.trim().split(/\s+/).slice(0, 3).join(".")
        : "";
    const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
    return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ""} "${text}"`;
  };
  /** The nearest element (from `start` up) that clips or scrolls sideways. */
  const clipper = (start: Element | null) => {
    for (let e = start; e && e !== root && e !== document.body; e = e.parentElement) {
      if (getComputedStyle(e).overflowX !== "visible") return e;
    }
    return null;
  };
  const fits = (rect: DOMRect) => rect.left >= -1 && rect.right <= width + 1;
  const hiddenText = (element: Element) => {
    const style = getComputedStyle(element);
    return style.visibility === "hidden" || style.clipPath === "inset(50%)";
  };
  const outside: string[] = [];
  const scrollers: string[] = [];
  for (const element of document.body.querySelectorAll("*")) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || hiddenText(element)) continue;
    // Not rendered: inside a closed <details>, say.
    if (!element.checkVisibility({ contentVisibilityAuto: true })) continue;
    const style = getComputedStyle(element);
    if (
      (style.overflowX === "auto" || style.overflowX === "scroll") &&
      element.scrollWidth > element.clientWidth + 1 &&
      // A table that scrolls sideways, on purpose, with its scroll shadows (components/ui/table).
      !element.matches('[data-slot="table-container"][data-scrolls]')
    ) {
      scrollers.push(describe(element));
    }
    if (fits(rect)) continue;
    const clip = clipper(element.parentElement);
    if (clip && fits(clip.getBoundingClientRect())) continue;
    outside.push(`${describe(element)} at ${Math.round(rect.left)}–${Math.round(rect.right)}`);
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !node.textContent?.trim() || hiddenText(parent)) continue;
    if (!parent.checkVisibility({ contentVisibilityAuto: true })) continue;
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && !fits(r));
    if (rects.length === 0) continue;
    const clip = clipper(parent);
    if (clip && fits(clip.getBoundingClientRect())) continue;
    outside.push(`text "${node.textContent.trim().slice(0, 50)}" in ${describe(parent)}`);
  }
  return { width, scrollWidth: root.scrollWidth, outside, scrollers };
}

let shot = 0;

/**
 * Checks that the page as it is now fits the screen's width, and saves a screenshot of it (of
 * the whole page, or only the screen while a dialog or sheet is open) with E2E_SCREENSHOTS.
 */
async function expectFits(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running"),
  );
  const overflow = await page.evaluate(measureOverflow);
  if (process.env.E2E_SCREENSHOTS) {
    shot += 1;
    await page.screenshot({
      path: test.info().outputPath(`${String(shot).padStart(2, "0")}-${name}.png`),
      fullPage: options.fullPage ?? true,
      // Toasts (checked above) would hide what is under them.
      style: "[data-sonner-toaster] { display: none !important; }",
    });
  }
  expect(overflow.outside, `${name}: content past the screen's sides`).toEqual([]);
  expect(overflow.scrollers, `${name}: boxes that scroll sideways`).toEqual([]);
  expect(overflow.scrollWidth, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(
    overflow.width,
  );
}

/** A dialog or sheet: it fits, all of it is on the screen, and its Close can be reached. */
async function expectDialogFits(
  page: Page,
  dialog: Locator,
  name: string,
  { closable = true }: { closable?: boolean } = {},
) {
  await expect(dialog).toBeVisible();
  await expectFits(page, name, { fullPage: false });
  const box = (await dialog.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x, `${name}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${name}: top edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name}: right edge`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${name}: bottom edge`).toBeLessThanOrEqual(viewport.height);
  if (closable) {
    await expect(dialog.getByRole("button", { name: "Close" }).last()).toBeInViewport();
  }
}

/** A receiver standing in for a CRM, so that the webhook log has a delivery. */
async function startReceiver() {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/ringback-mobile-check`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const LONG_QUESTION =
  "Would you like one of our product specialists to call you to book your demo at a time that suits you and your team this week?";

test("every admin page and its dialogs fit a 390 px phone screen", async ({ page }) => {
  test.setTimeout(420_000);
  // The user's own number ends in 4321, which the call simulator answers ("Call me now").
  const person = newPerson("Phone");
  person.phone = `${uniquePhone().slice(0, -4)}4321`;
  // A phone user signs up on the form itself.
  await signUpThroughForm(page, person);
  await expectFits(page, "dashboard-empty");

  // The wizard, step by step, for an assistant on 'Website enquiry'.
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page).toHaveURL(/\/oauth\/authorize/);
  await page.getByLabel("Account", { exact: true }).fill(`phone-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Allow" }).click();
  const stepHeading = (name: string) => page.getByRole("heading", { level: 2, name });
  await expect(stepHeading("Assistant Details")).toBeVisible();
  await expectFits(page, "wizard-1-details");
  await page.getByLabel("Assistant name").fill("Front desk");
  await page.getByLabel("Assistant name").press("Enter");
  await expect(stepHeading("Select Form")).toBeVisible();
  await expectFits(page, "wizard-2-form");
  await page
    .getByRole("list", { name: "Forms" })
    .getByRole("button", { name: /Website enquiry/ })
    .click();
  await expect(stepHeading("Configure Form Fields")).toBeVisible();
  await expectFits(page, "wizard-3-fields");
  await page.getByLabel("Name Field").click();
  await expectFits(page, "wizard-3-fields-select", { fullPage: false });
  await page.getByRole("option", { name: "What's your name?" }).click();
  await page.getByRole("button", { name: "Assign Fields & Continue" }).click();
  await expect(stepHeading("Customize Assistant")).toBeVisible();
  await page
    .getByLabel("Assistant Script")
    .fill("Hi {name}, thanks for your enquiry. Is now a good time to talk?");
  // An outcome question, so that the cards have an answer to show.
  const outcomes = page.getByRole("region", { name: "Outcomes" });
  await outcomes.getByRole("button", { name: /^Qualified\?/ }).click();
  await expectFits(page, "wizard-4-customize");
  await page.getByRole("button", { name: "Advanced" }).click();
  await page.getByLabel("Calling window start").fill("08:00");
  await page.getByLabel("Calling window end").fill("21:00");
  await expectFits(page, "wizard-4-advanced");
  await page.getByLabel("Default time zone").click();
  await expectFits(page, "wizard-4-time-zone-select", { fullPage: false });
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Save Assistant Configuration" }).click();
  await expect(stepHeading("Review & Activate")).toBeVisible();
  await expectFits(page, "wizard-5-finalize");

  // The test-call dialog, followed to its end.
  await page
    .getByRole("region", { name: "Hear it first" })
    .getByRole("button", { name: "Call me now" })
    .click();
  const testCall = page.getByRole("dialog", { name: "Test call" });
  await expect(testCall.getByText("Call ended", { exact: true })).toBeVisible({ timeout: 30_000 });
  // Its outcomes, under the summary: nobody named a budget on the call, so "Qualified?" is not
  // known.
  await expect(testCall.locator('[data-outcome="qualified"]')).toContainText(
    /Qualified\?\s*Unknown/,
    { timeout: 30_000 },
  );
  await expectDialogFits(page, testCall, "test-call-dialog");
  await testCall.getByRole("button", { name: "Close" }).first().click();
  await expect(testCall).toHaveCount(0);

  await page.getByRole("button", { name: "Activate Assistant" }).click();
  await expect(page.getByRole("heading", { name: "Assistant Active" })).toBeVisible();
  await expectFits(page, "wizard-5-active");
  const formUrl = (await page.getByRole("link", { name: "Use Form" }).getAttribute("href"))!;

  // Leads: a long name, and one who does not answer the first call (0005: two attempts).
  await submitForm(page, formUrl, {
    name: "Maximiliana Montgomery-Vanderbilt Featherstonehaugh",
    email: "maximiliana.montgomery-vanderbilt@example-long-domain.com",
    phone: "+1 415-555-0177",
    // With a budget: with the need and the timeline said on the call, the simulator answers
    // "Qualified?" yes.
    help: "A kitchen renovation with an island, new cabinets and a window over the sink, on a budget of about $30,000",
  });
  await submitForm(page, formUrl, {
    name: "Sam Later",
    email: "sam.later@example.com",
    phone: "+1 415 555 0005",
    help: "Call me back",
  });

  // Call Records: a card per submission.
  await page.getByRole("link", { name: "Call Records" }).first().click();
  await expect(page.getByRole("heading", { name: "Call Records" })).toBeVisible();
  const cards = page.getByRole("list", { name: "Call records" }).getByRole("listitem");
  const maxi = cards.filter({ hasText: "Maximiliana" });
  await expect(maxi).toContainText("Answered", { timeout: 60_000 });
  await expect(page.getByRole("table")).toHaveCount(0);
  // Above the list, the search and one Filters button (not every filter): the first card starts
  // in the screen's upper half.
  expect((await cards.first().boundingBox())!.y).toBeLessThan(400);
  await expect(maxi).toContainText("+1 415 555 0177");
  await expect(maxi.locator("[data-duration]")).toHaveText(/^(\d+:\d\d|N\/A)$/);
  await expect(maxi.locator('[data-outcome="qualified"]')).toContainText(/Qualified\?\s*Yes/, {
    timeout: 30_000,
  });
  const later = cards.filter({ hasText: "Sam Later" });
  await expect(later.locator("[data-attempts]")).toHaveText("2", { timeout: 40_000 });
  // The test calls are marked.
  await expect(cards.filter({ has: page.locator("[data-test-call-badge]") })).toHaveCount(1);
  await expectFits(page, "call-records-cards");

  // Play: the same player as the table's, in the card.
  const play = maxi.getByRole("button", { name: /^Play recording of Maximiliana/ });
  // The recording is copied just after the call: the open page is told, never reloaded.
  await expect(play).toBeVisible({ timeout: 30_000 });
  await play.click();
  // Paused, so that it is still loaded while it is looked at (a recording lasts seconds).
  await maxi.getByRole("button", { name: /^Pause recording of Maximiliana/ }).click();
  await expect(maxi.getByRole("slider", { name: /Position in the recording/ })).toBeEnabled();
  await expectFits(page, "call-records-card-playing");
  await expectAccessible(page);
  await maxi.getByRole("button", { name: /^Stop recording of/ }).click();
  await expect(maxi.getByRole("slider")).toHaveCount(0);

  // The attempts of a card, each with its own details.
  await later.getByRole("button", { name: "Show 2 attempts" }).click();
  await expect(later.locator('[data-attempt="1"]')).toContainText("No answer");
  await expectFits(page, "call-records-card-attempts");
  await expectAccessible(page);

  // A tap on the card opens the latest call, as the row's Latest Call does; Close is in reach.
  const latest = maxi.getByRole("button", { name: "Latest Call" });
  // A tap on the name lands on the card's Latest Call (stretched over the card), which is the
  // point: `force` skips the check that the name itself would take the click.
  await maxi.locator("[data-respondent]").click({ force: true });
  const panel = page.getByRole("dialog", { name: "Call Details" });
  await expect(panel.getByRole("region", { name: "Respondent" })).toContainText("Maximiliana");
  await expectDialogFits(page, panel, "call-details-sheet");
  await expectAccessible(page);
  await panel.getByRole("region", { name: "Conversation" }).scrollIntoViewIfNeeded();
  await expectDialogFits(page, panel, "call-details-sheet-scrolled");
  await panel.getByRole("button", { name: "Close" }).click();
  await expect(panel).toBeHidden();
  await expect(latest).toBeFocused();

  // Filters and the sort select, in the Filters sheet; the filters in force as chips under the
  // search; and a search that finds nothing.
  const filtersButton = page.getByRole("button", { name: /^Filters/ });
  await filtersButton.click();
  const filters = page.getByRole("dialog", { name: "Filters" });
  await filters.getByRole("combobox", { name: "Sort" }).click();
  await page.getByRole("option", { name: "Duration" }).click();
  await expect(page).toHaveURL(/sort=duration/);
  await filters.getByRole("combobox", { name: "Date" }).click();
  await page.getByRole("option", { name: "Custom range" }).click();
  await filters.getByRole("checkbox", { name: "Voicemail", exact: true }).check();
  await expect(page).toHaveURL(/status=voicemail/);
  await expectDialogFits(page, filters, "call-records-filters");
  await filters.getByRole("button", { name: "Done" }).click();
  await expect(filters).toBeHidden();
  await expect(filtersButton).toHaveAccessibleName("Filters (2 active)");
  await expectFits(page, "call-records-filter-chips");
  await page.getByRole("button", { name: "Remove filter Voicemail" }).click();
  await expect(page).not.toHaveURL(/status=/);
  await expect(page.getByRole("button", { name: "Remove filter Custom range" })).toBeFocused();
  await page.getByLabel("Search by name, email or form title").fill("nobody at all");
  await expect(page.getByText("No call records found.")).toBeVisible();
  await expectFits(page, "call-records-empty");
  // Clear filters empties the search and the date range, and keeps the sort.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(maxi).toBeVisible();
  await expect(page).toHaveURL(/sort=duration/);
  await expect(page).not.toHaveURL(/range=|search=/);
  await expect(page.getByLabel("Search by name, email or form title")).toHaveValue("");
  await expect(filtersButton).toHaveAccessibleName("Filters");

  // The dashboard with its assistant, stats and charts.
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("list", { name: "Your Form Assistants" })).toBeVisible();
  await expectFits(page, "dashboard");
  // The chart's numbers as a table: wider than the phone, it scrolls in its box, and says so.
  await page.getByText("Show as a table").click();
  const dayTable = page.locator('[data-slot="table-container"]').filter({ hasText: "Total" });
  await expect(dayTable).toHaveAttribute("data-scrolls", "");
  await expect(dayTable).toHaveAttribute("tabindex", "0");
  await dayTable.scrollIntoViewIfNeeded();
  await expectFits(page, "dashboard-day-table", { fullPage: false });

  // A second assistant, new, on a form with a 125-character question: the selects show it whole.
  await page.goto("/admin/assistant-configuration");
  await expect(page).toHaveURL(/\/admin\/assistant-configuration\/[0-9a-f-]{36}$/);
  await expect(stepHeading("Assistant Details")).toBeVisible();
  await expectFits(page, "new-assistant");
  // Brand new: going back asks whether to discard it or keep it as a draft.
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  const discard = page.getByRole("dialog", { name: "Discard this assistant?" });
  await expectDialogFits(page, discard, "discard-assistant-dialog");
  await page.keyboard.press("Escape");
  await expect(discard).toHaveCount(0);
  await page.getByRole("button", { name: "Help" }).click();
  await expectFits(page, "new-assistant-help");
  await page.getByLabel("Assistant name").fill("Demo booker");
  await page.getByLabel("Assistant name").press("Enter");
  await page
    .getByRole("list", { name: "Forms" })
    .getByRole("button", { name: /Demo request/ })
    .click();
  await expect(stepHeading("Configure Form Fields")).toBeVisible();
  const availability = page.getByLabel("Call Availability Field");
  await expect(availability).toHaveText(LONG_QUESTION);
  await expectWhole(availability);
  await expectFits(page, "long-question-field");
  await availability.click();
  const option = page.getByRole("option", { name: LONG_QUESTION });
  await expect(option).toBeVisible();
  await expectWhole(option);
  await expectFits(page, "long-question-options", { fullPage: false });
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Step 1: Assistant Details" }).click();
  await page.getByRole("button", { name: "Delete assistant" }).click();
  await expectDialogFits(page, page.getByRole("dialog"), "delete-assistant-dialog");
  await page.keyboard.press("Escape");

  // Organization settings, a page each: details, the team and invitations, call limits and
  // retention, API keys, the audit trail.
  await page.goto("/admin/settings/organization");
  await expect(page.getByRole("heading", { name: "Organization Settings" })).toBeVisible();
  await expectFits(page, "organization-settings");
  await page.goto("/admin/settings/team");
  await page
    .getByLabel("Email")
    .fill("a.very.long.address.for.a.new.colleague@northwind-example.com");
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText("Invitation sent").first()).toBeVisible();
  await expectFits(page, "team");
  await page.goto("/admin/settings/call-limits");
  await expect(page.getByRole("heading", { name: "Data Retention" })).toBeVisible();
  await expectFits(page, "call-limits");
  await page.goto("/admin/settings/api-keys");
  await page.getByRole("button", { name: "Create API key" }).click();
  const createKey = page.getByRole("dialog", { name: "Create API key" });
  await expectDialogFits(page, createKey, "api-key-create-dialog");
  await createKey.getByLabel("Name").fill("CRM sync for the sales team");
  await createKey.getByRole("button", { name: "Create key" }).click();
  const shownKey = page.getByRole("dialog", { name: "Copy your new API key" });
  await expectDialogFits(page, shownKey, "api-key-secret-dialog");
  await shownKey.getByRole("button", { name: "Done" }).click();
  await expectFits(page, "api-keys-with-key");
  await page.getByRole("button", { name: "Revoke CRM sync for the sales team" }).click();
  await expectDialogFits(page, page.getByRole("dialog"), "api-key-revoke-dialog");
  await page.keyboard.press("Escape");
  await page.goto("/admin/settings/audit-trail");
  await expect(page.getByRole("list", { name: "Audit events" })).toContainText(
    "created the API key CRM sync for the sales team",
  );
  await expectFits(page, "audit-trail");
  await page.getByRole("button", { name: /^Kind/ }).click();
  await expectDialogFits(
    page,
    page.getByRole("dialog", { name: "Kind of change" }),
    "audit-kinds",
    {
      closable: false,
    },
  );
  await page.keyboard.press("Escape");

  // Profile, and setting up an authenticator app.
  await page.goto("/admin/settings/profile");
  await expectFits(page, "profile");
  await page.getByRole("button", { name: "Set up authenticator app" }).click();
  await expect(page.getByRole("list", { name: "Backup codes" })).toBeVisible();
  await expectFits(page, "profile-authenticator");

  // Do Not Call: the list, Add Number, Import CSV, and Remove's confirmation.
  await page.goto("/admin/settings/do-not-call");
  await expect(page.getByRole("heading", { name: "Do Not Call List" })).toBeVisible();
  await page.getByRole("button", { name: "Add Number" }).click();
  const addNumber = page.getByRole("dialog", { name: "Add Number" });
  await expectDialogFits(page, addNumber, "do-not-call-add-dialog");
  await addNumber.getByLabel("Phone number").fill("(415) 555-0133");
  await addNumber
    .getByLabel("Reason")
    .fill("Asked by email not to be called again, and to be removed from every list");
  await addNumber.getByRole("button", { name: "Add Number" }).click();
  await expect(addNumber).toBeHidden();
  await expect(page.getByRole("cell", { name: /^\+1 415 555 0133/ })).toBeVisible();
  await expectFits(page, "do-not-call");
  await page.getByRole("button", { name: "Import CSV" }).click();
  const importer = page.getByRole("dialog", { name: "Import CSV" });
  await importer.getByLabel("CSV file").setInputFiles({
    name: "numbers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      "phone,reason\n+1 415 555 0134,Asked on the phone\n12345,Bad\n+1 415 555 0133,Duplicate\n",
    ),
  });
  await expect(importer.getByRole("button", { name: /^Import \d+ numbers?$/ })).toBeVisible();
  await expectDialogFits(page, importer, "do-not-call-import-dialog");
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: /^Remove \+1 415 555 0133/ }).click();
  await expectDialogFits(page, page.getByRole("dialog"), "do-not-call-remove-dialog");
  await page.keyboard.press("Escape");

  // Webhooks: an endpoint (its dialog and secret), a delivery in its log, Delete's confirmation.
  const receiver = await startReceiver();
  try {
    await page.goto("/admin/settings/webhooks");
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expectFits(page, "webhooks-empty");
    await page.getByRole("button", { name: "Add Endpoint" }).click();
    const endpoint = page.getByRole("dialog", { name: "Add Endpoint" });
    await expectDialogFits(page, endpoint, "webhook-endpoint-dialog");
    await endpoint.getByLabel("Endpoint URL").fill(receiver.url);
    await endpoint.getByLabel("Description").fill("The sales team's CRM");
    await endpoint.getByLabel("submission.received", { exact: true }).check();
    await endpoint.getByRole("button", { name: "Add Endpoint" }).click();
    const secret = page.getByRole("dialog", { name: "Copy the signing secret" });
    await expectDialogFits(page, secret, "webhook-secret-dialog");
    await secret.getByRole("button", { name: "Done" }).click();
    const card = page.getByRole("region", { name: `Endpoint ${receiver.url}` });
    await card.getByRole("button", { name: "Send test event" }).click();
    await expect(card.getByRole("row").filter({ hasText: "webhook.test" })).toContainText(
      "Delivered",
      { timeout: 15_000 },
    );
    await expectFits(page, "webhooks");
    await card.getByRole("button", { name: "Delete" }).click();
    await expectDialogFits(page, page.getByRole("dialog"), "webhook-delete-dialog");
    await page.keyboard.press("Escape");
  } finally {
    await receiver.close();
  }

  // Voice.
  await page.goto("/admin/settings/voice");
  await expect(page.getByRole("heading", { name: "Voice", level: 1 })).toBeVisible();
  await expectFits(page, "voice");
  // A platform of one's own: its key fields (nothing saved).
  await page.getByRole("radio", { name: "Bland", exact: true }).check();
  await expectFits(page, "voice-bland");

  // Connecting Typeform again from its route: the sandbox's consent page, then back.
  await page.goto("/admin/form-connection/typeform?auth=error&reason=access_denied");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expectFits(page, "form-connection-error");

  // The header's menus, the sidebar as a sheet, and Create Organization.
  await page.getByRole("button", { name: "Account menu" }).click();
  await expectFits(page, "account-menu", { fullPage: false });
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Toggle sidebar" }).click();
  const sidebar = page.getByRole("dialog", { name: "Navigation" });
  // Closed by a tap beside it or Escape: it has no Close button.
  await expectDialogFits(page, sidebar, "sidebar-sheet", { closable: false });
  // Going to a page from it closes it.
  await sidebar.getByRole("link", { name: "Do Not Call" }).click();
  await expect(page.getByRole("heading", { name: "Do Not Call List" })).toBeVisible();
  await expect(sidebar).toHaveCount(0);
  await page.getByRole("button", { name: "Toggle sidebar" }).click();
  await sidebar.getByRole("button", { name: "Create Organization" }).click();
  const createOrganization = page.getByRole("dialog", { name: "Create Organization" });
  await expectDialogFits(page, createOrganization, "create-organization-dialog");
  // A second organization with a long name: the header's switcher still fits.
  const longName = "Northwind Residential Property Management and Lettings Group";
  await createOrganization.getByLabel("Organization Name").fill(longName);
  await createOrganization.getByRole("button", { name: "Create", exact: true }).click();
  const switcher = page.getByRole("button", { name: "Switch organization" });
  await expect(switcher).toContainText(longName);
  await expect(sidebar).toHaveCount(0);
  await expectFits(page, "second-organization");
  await switcher.click();
  await expectFits(page, "organization-switcher", { fullPage: false });
  await page.keyboard.press("Escape");

  // A page that does not exist, inside the admin layout.
  await page.goto("/admin/no-such-page");
  await expectFits(page, "admin-not-found");
});

/** The element's text is all shown: not cut off by an ellipsis or a line clamp. */
async function expectWhole(locator: Locator) {
  const cut = await locator.evaluate((element) => {
    const cutOff: string[] = [];
    for (const e of [element, ...element.querySelectorAll("*")]) {
      if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) {
        cutOff.push(`${e.tagName.toLowerCase()} "${(e.textContent ?? "").slice(0, 40)}"`);
      }
    }
    return cutOff;
  });
  expect(cut, "text cut off").toEqual([]);
}
