import { newPerson, signUp } from "./auth-helpers.ts";
import { expect, expectAccessible, plainTest, screenshots, test } from "./fixtures.ts";
import { assistantWithDefaults, submitForm } from "./lead-helpers.ts";

test("a new user finds the lead by phone and sees their name, phone, answers and consent", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const formUrl = await assistantWithDefaults(page, "Records");
  await submitForm(page, formUrl, {
    name: "Sam Rivera",
    email: "sam.rivera@example.com",
    phone: "+1 415-555-0177",
    help: "Kitchen renovation with an island",
  });

  await page.getByRole("link", { name: "Call Records" }).first().click();
  await expect(page.getByRole("heading", { name: "Call Records" })).toBeVisible();
  const search = page.getByLabel("Search by name, email or form title");
  // Typed as digits only, found in any format; the row shows the person and their number.
  await search.fill("4155550177");
  await expect(page).toHaveURL(/search=4155550177/);
  const row = page.getByRole("row").filter({ hasText: "Sam Rivera" });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row).toContainText("+1 415 555 0177");
  await expect(row).toContainText("Website enquiry");
  // The words of an answer find them too; a number that is not theirs does not.
  await search.fill("island");
  await expect(page).toHaveURL(/search=island/);
  await expect(row).toHaveCount(1);
  await search.fill("(415) 555-0199");
  await expect(page.getByText("No call records found.")).toBeVisible();
  await search.fill("415-555");
  await expect(row).toHaveCount(1);

  // Call Details: contact lines, consent and answers, in the form's order.
  const latest = row.getByRole("button", { name: "Latest Call" });
  await latest.click();
  const panel = page.getByRole("dialog", { name: "Call Details" });
  const respondent = panel.getByRole("region", { name: "Respondent" });
  await expect(respondent).toContainText("Sam Rivera");
  await expect(respondent.getByRole("link", { name: "+1 415 555 0177" })).toHaveAttribute(
    "href",
    "tel:+14155550177",
  );
  await expect(respondent.getByRole("link", { name: "sam.rivera@example.com" })).toBeVisible();
  await expect(respondent).toContainText("Can we call you about your enquiry? Yes");
  // What they agreed to, as stored with the submission: folded under "Consent evidence", after
  // what people read first (the summary, the player and the conversation).
  await expect(panel.locator("[data-sheet-body] h3").first()).toHaveText("Summary");
  await panel.getByText("Consent evidence").click();
  const consent = panel.locator("[data-consent-evidence]");
  await expect(consent).toContainText("Can we call you about your enquiry?");
  await expect(consent.locator("dd").nth(1)).toHaveText("Yes");
  // Typeform sends the number in E.164 already: as typed and as read are one.
  await expect(consent).toContainText("Number+14155550177");
  const answers = panel.getByRole("region", { name: "Answers" });
  await expect(answers.locator("dt")).toContainText([
    "What's your name?",
    "What's your email address?",
    "What's the best number to call you on?",
    "How can we help?",
    "Can we call you about your enquiry?",
  ]);
  await expect(answers).toContainText("Kitchen renovation with an island");
  await screenshots(page, "call-details");
  // Call Details has an address of its own: it survives a reload, and Back closes it.
  await expect(page).toHaveURL(/\/admin\/call-records\/[0-9a-f-]{36}\?/);
  const detailsUrl = page.url();
  await page.reload();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("region", { name: "Respondent" })).toContainText("Sam Rivera");
  await expect(page).toHaveURL(detailsUrl);
  await panel.getByRole("button", { name: "Close" }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/call-records\?/);
  await latest.click();
  await expect(panel).toBeVisible();
  await page.goBack();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/call-records\?/);
  await latest.focus();
  await page.keyboard.press("Enter");
  await expect(panel).toBeVisible();
  // Closing gives focus back to what opened it (WCAG 2.4.3): by Escape, and by Close.
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(latest).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(panel).toBeVisible();
  await panel.getByRole("button", { name: "Close" }).click();
  await expect(panel).toBeHidden();
  await expect(latest).toBeFocused();

  // The assistant and date filters, and the sortable headers, live in the URL.
  await search.fill("");
  await page.getByRole("combobox", { name: "Assistant" }).click();
  await page.getByRole("option", { name: "Front desk" }).click();
  await expect(page).toHaveURL(/assistant=[0-9a-f-]{36}/);
  // The emptied box was applied with the filter, not left to a timer.
  await expect(page).not.toHaveURL(/search=/);
  await page.getByRole("combobox", { name: "Date" }).click();
  await page.getByRole("option", { name: "Today" }).click();
  await expect(page).toHaveURL(/range=today/);
  await expect(row).toHaveCount(1);
  const duration = page.getByRole("columnheader", { name: "Total Duration" });
  await expect(duration).not.toHaveAttribute("aria-sort");
  await expect(page.getByRole("columnheader", { name: "Last Called" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await duration.getByRole("button").click();
  await expect(page).toHaveURL(/sort=duration/);
  await expect(duration).toHaveAttribute("aria-sort", "descending");
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Date" })).toContainText("Today");
  await expect(page.getByRole("combobox", { name: "Assistant" })).toContainText("Front desk");
  await expect(page.getByRole("combobox", { name: "Sort" })).toContainText("Duration");
  await expect(row).toHaveCount(1);
  await screenshots(page, "call-records");
  // A custom range that ends before it starts says so.
  await page.getByRole("combobox", { name: "Date" }).click();
  await page.getByRole("option", { name: "Custom range" }).click();
  await page.getByLabel("From", { exact: true }).fill("2026-11-20");
  await page.getByLabel("To", { exact: true }).fill("2026-11-10");
  await expect(page.getByText("The end date is before the start date.")).toBeVisible();
  await expect(page.getByLabel("To", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await screenshots(page, "call-records-custom-range");

  // A broad search's page comes without its total (the server counts it on its own): the rows
  // show at once, "Counting submissions…" until the count arrives, then the page numbers.
  await page.getByRole("combobox", { name: "Date" }).click();
  await page.getByRole("option", { name: "Any time" }).click();
  let releaseCount: () => void = () => {};
  const countHeld = new Promise<void>((resolve) => {
    releaseCount = resolve;
  });
  await page.route(/\/call-records\?.*search=kitchen/, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), total: null } });
  });
  await page.route(/\/call-records\/count\?.*search=kitchen/, async (route) => {
    await countHeld;
    await route.continue();
  });
  await search.fill("kitchen");
  await expect(row).toHaveCount(1);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination).toContainText("Counting submissions… · page 1");
  await expect(pagination.getByRole("button", { name: /Next/ })).toBeDisabled();
  releaseCount();
  await expect(pagination).toContainText("1 submission · page 1 of 1");
  await expect(pagination.getByRole("button", { name: "Page 1" })).toBeVisible();
});

test("the recording player seeks, changes speed, downloads, and plays one at a time", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const formUrl = await assistantWithDefaults(page, "Player", { anyHour: true });
  for (const [name, phone] of [
    ["Sam Rivera", "+1 415-555-0178"],
    ["Ana Lima", "+1 415-555-0179"],
  ] as const) {
    await submitForm(page, formUrl, {
      name,
      email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
      phone,
      help: "A quote, please",
    });
  }
  await page.getByRole("link", { name: "Call Records" }).first().click();
  const sam = page.getByRole("row").filter({ hasText: "Sam Rivera" });
  const ana = page.getByRole("row").filter({ hasText: "Ana Lima" });
  await expect(sam).toContainText("Answered", { timeout: 60_000 });
  await expect(ana).toContainText("Answered", { timeout: 30_000 });
  await page.getByRole("button", { name: "Show attempts for Sam Rivera" }).click();
  const samPlay = page.getByRole("button", { name: "Play recording of Sam Rivera, attempt 1" });
  // The recording is copied into Ringback's storage just after the call: the open page is told
  // (live updates), never reloaded.
  await expect(samPlay).toBeVisible({ timeout: 30_000 });
  const audio = page.locator("audio[data-recording-player]");

  await samPlay.click();
  await page.getByRole("button", { name: "Pause recording of Sam Rivera, attempt 1" }).click();
  const seek = page.getByRole("slider", {
    name: "Position in the recording of Sam Rivera, attempt 1",
  });
  await expect(seek).toBeEnabled();
  await expect(seek).toHaveAttribute("aria-valuetext", /of \d+ seconds?$/);
  // By keyboard: one second on.
  await seek.focus();
  const before = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
  await page.keyboard.press("ArrowRight");
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime))
    .toBeGreaterThanOrEqual(Math.floor(before) + 1);
  await expect(page.getByText(/^0:0[1-9] \/ 0:\d\d$/)).toBeVisible();
  // Speed: 1.5× for this and the next recording.
  const faster = page.getByRole("button", { name: "1.5× speed", exact: true });
  await faster.click();
  await expect(faster).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "1× speed", exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  expect(await audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.5);
  // Download: the file itself, through the signed link.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download recording of Sam Rivera, attempt 1" }).click();
  expect((await download).suggestedFilename()).toMatch(/^call-[0-9a-f-]{36}\.wav$/);
  await screenshots(page, "call-records-player");

  // Another recording stops this one: one plays at a time.
  await page.getByRole("button", { name: "Show attempts for Ana Lima" }).click();
  await page.getByRole("button", { name: "Play recording of Ana Lima, attempt 1" }).click();
  await expect(
    page.getByRole("button", { name: "Pause recording of Ana Lima, attempt 1" }),
  ).toBeVisible();
  await expect(seek).toHaveCount(0);
  await expect(samPlay).toBeEnabled();
  await expect(
    page.getByRole("button", { name: "Stop recording of Sam Rivera, attempt 1" }),
  ).toBeDisabled();
  expect(await audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.5);
  await page.getByRole("button", { name: "Stop recording of Ana Lima, attempt 1" }).click();

  // Call Details has the same player, resting at the start until played.
  await sam.getByRole("button", { name: "Latest Call" }).click();
  const panel = page.getByRole("dialog", { name: "Call Details" });
  await expect(panel.getByRole("slider", { name: /Position in the recording/ })).toBeDisabled();
  await panel.getByRole("button", { name: "Play recording of attempt 1" }).click();
  // Paused as soon as it plays: the line clicked below then moves a loaded recording, however
  // slow the machine (a 3-second recording at 1.5× may otherwise end, or still be loading).
  await panel.getByRole("button", { name: "Pause recording of attempt 1" }).click();
  await expect(panel.getByRole("slider", { name: /Position in the recording/ })).toBeEnabled();
  await expect(
    panel.getByRole("button", { name: "Download recording of attempt 1" }),
  ).toBeVisible();
  // Paused, it stays paused: nothing starts it again once its audio is there.
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentSrc)).not.toBe("");
  expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  await expect(panel.getByRole("button", { name: "Play recording of attempt 1" })).toBeVisible();
  // A line of the conversation plays the recording from the moment it was said, and is marked.
  const lines = panel.getByRole("list", { name: "Conversation" }).getByRole("button");
  const last = lines.last();
  const [, minutes, seconds] = /(\d+):(\d\d)/.exec(await last.innerText())!;
  const said = Number(minutes) * 60 + Number(seconds);
  expect(said).toBeGreaterThanOrEqual(1);
  // The last line is a few tenths of a second before the end of a 3-second recording: at the
  // chosen 1.5× it would end (and its controls turn back to Play) before a busy machine clicks
  // Pause. The element itself plays slowly here; the player's own speed is untouched.
  await audio.evaluate((a: HTMLAudioElement) => {
    a.playbackRate = 0.1;
  });
  await last.click();
  await panel.getByRole("button", { name: "Pause recording of attempt 1" }).click();
  // Paused, it rests where the line put it (the position applies once the audio has loaded;
  // nothing plays after the Pause, so the position cannot get there by playing on).
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime))
    .toBeGreaterThanOrEqual(said - 0.25);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  // A pause right after a play is a pause, not a failure (the browser rejects the pending play).
  await expect(page.getByText("Could not play recording")).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Play recording of attempt 1" })).toBeVisible();
  await expect(panel.locator('li[aria-current="true"]')).toHaveCount(1);
  await expect(panel.locator('li[aria-current="true"]')).toContainText(
    (await last.innerText()).split("\n")[0]!,
  );
  await screenshots(page, "call-details-player");
  await page.keyboard.press("Escape");
});

// The plain test: this one makes the API fail on purpose, and the browser logs each refused
// request as a console error. Accessibility is checked by hand on the error state.
plainTest(
  "a server that stops answering shows the error state, not the empty state",
  async ({ page }) => {
    test.setTimeout(60_000);
    await page.route("https://www.gravatar.com/**", (route) => route.fulfill({ status: 404 }));
    await signUp(page, newPerson("Outage"));
    await page.getByRole("link", { name: "Call Records" }).first().click();
    // A new organization: truly empty, and the page says how calls will arrive and what to do.
    await expect(page.getByText("No call records found.")).toBeVisible();
    await expect(page.getByText("Calls arrive here by themselves:")).toBeVisible();
    await expect(page.getByRole("link", { name: "Create assistant" })).toHaveAttribute(
      "href",
      "/admin/assistant-configuration",
    );

    // The server goes away mid-session (connections refused), and the user searches.
    await page.route("**/api/organizations/*/call-records**", (route) =>
      route.abort("connectionrefused"),
    );
    await page.getByLabel("Search by name, email or form title").fill("sam");
    const failure = page.getByRole("alert").filter({ hasText: "Couldn't load call records." });
    await expect(failure).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText("No call records found.")).toHaveCount(0);
    await expect(page.getByText("Failed to load call records").first()).toBeVisible();
    await expect(page.getByLabel("Search by name, email or form title")).toHaveValue("sam");
    await expectAccessible(page);
    await screenshots(page, "call-records-error");

    // Back again: the page reads the list again by itself once the server answers (or at once
    // with Retry, if it is still there), and the empty state is the truth once more.
    await page.unroute("**/api/organizations/*/call-records**");
    const retry = failure.getByRole("button", { name: "Retry" });
    if (await retry.isVisible()) await retry.click({ timeout: 5_000 }).catch(() => undefined);
    await expect(page.getByText("No call records found.")).toBeVisible({ timeout: 30_000 });
    await expect(failure).toHaveCount(0);
  },
);
