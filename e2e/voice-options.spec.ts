import type { Locator, Page } from "@playwright/test";
import { newPerson, signUp } from "./auth-helpers.ts";
import { allowConsoleErrors, expect, expectAccessible, screenshots, test } from "./fixtures.ts";

/**
 * The Customize step's Advanced area chooses the voice from the organization's
 * provider's own list (here the installation's default, the call simulator), the language, the
 * longest call and a transfer number; they are saved, and there again after a reload.
 */

/** From the dashboard of a new organization to the Customize step of a new assistant. */
async function toCustomizeStep(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Connect", exact: true }).click();
  await expect(page).toHaveURL(/\/oauth\/authorize/);
  await page.getByLabel("Account", { exact: true }).fill(`voices-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Allow" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Assistant Details" })).toBeVisible();
  await page.getByLabel("Assistant name").fill("Voice caller");
  await page.getByLabel("Assistant name").press("Enter");
  await expect(page.getByRole("heading", { level: 2, name: "Select Form" })).toBeVisible();
  await page
    .getByRole("list", { name: "Forms" })
    .getByRole("button", { name: /Website enquiry/ })
    .click();
  await page.getByRole("button", { name: "Assign Fields & Continue" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Customize Assistant" })).toBeVisible();
}

/** The Advanced area (its toggle and its fields). */
function advancedArea(page: Page): Locator {
  return page.getByTestId("advanced-settings");
}

/** With E2E_SCREENSHOTS set, the Advanced area alone at 1280 and 390 px wide. */
async function advancedScreenshots(page: Page, name: string): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== "running"),
    );
    // Crossing the layout breakpoint swaps the layout: the area opens closed again.
    const toggle = page.getByRole("button", { name: "Advanced" });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== "running"),
    );
    await advancedArea(page).screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  if (size) await page.setViewportSize(size);
  const toggle = page.getByRole("button", { name: "Advanced" });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
}

test("voice options: a voice from the provider's list, a language, 5 minutes and a transfer number", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newPerson("Voices"));
  await toCustomizeStep(page);
  await page
    .getByLabel("Assistant Script")
    .fill("Hi {name}, thanks for your enquiry. Is now a good time to talk?");

  // A provider that fails to list its voices is said so, with Retry (its words, as the 502 gives
  // them); the list comes once it answers.
  allowConsoleErrors(page, /status of 502/);
  let refusals = 1;
  await page.route("**/voice/voices", (route) =>
    refusals-- > 0
      ? route.fulfill({
          status: 502,
          json: {
            error: {
              code: "provider_error",
              message: "Bland refused the API key. Check the Voice settings.",
            },
          },
        })
      : route.continue(),
  );
  await page.getByRole("button", { name: "Advanced" }).click();
  await expect(
    page.getByText(
      "Couldn’t load the voices: Bland refused the API key. Check the Voice settings.",
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText(/Couldn’t load the voices/)).toHaveCount(0);
  await page.unroute("**/voice/voices");
  // The organization's provider (the installation's default here) and its own voices.
  await expect(page.getByText(/Calls go through Simulator\./)).toBeVisible();
  const voice = page.getByLabel("Voice", { exact: true });
  await expect(voice).toHaveText("Simulator’s default voice");
  await expect(voice).toBeEnabled();
  await voice.click();
  await expect(page.getByRole("option", { name: /^Ben\b/ })).toBeVisible();
  await page.getByRole("option", { name: /^Ava\b/ }).click();
  await expect(voice).toHaveText(/^Ava\b/);

  // An option the provider cannot honour is said so (and still saved).
  await expect(page.getByLabel("Language")).toHaveText("English (provider default)");
  await page.getByLabel("Language").click();
  await page.getByRole("option", { name: "Spanish (Mexico)" }).click();
  await expect(page.getByLabel("Language")).toHaveText("Spanish (Mexico)");
  await expect(page.getByTestId("capability-language")).toHaveText(
    /^Simulator cannot use the language: this option is not used\./,
  );
  await expect(page.getByTestId("capability-transfer")).toHaveText(
    /^Simulator cannot use a transfer to a person: this option is not used\./,
  );
  await expect(page.getByLabel("Transfer number")).toHaveAccessibleDescription(
    /Simulator cannot use a transfer to a person/,
  );

  const length = page.getByLabel("Maximum call length (minutes)");
  await expect(length).toHaveValue("10");
  await length.fill("5");
  const transfer = page.getByLabel("Transfer number");
  // A number without its country code is refused before anything is saved.
  await transfer.fill("020 7946 0958");
  await page.getByRole("button", { name: "Save Assistant Configuration" }).click();
  await expect(
    page.getByText("Enter the number with its country code, starting with +"),
  ).toBeVisible();
  await expect(transfer).toHaveAttribute("aria-invalid", "true");
  await transfer.fill("+44 20 7946 0958");
  await expectAccessible(page);
  await advancedScreenshots(page, "voice-options-advanced");
  await screenshots(page, "voice-options");

  await page.getByRole("button", { name: "Save Assistant Configuration" }).click();
  await expect(page.getByText("Assistant script saved successfully").first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Review & Activate" })).toBeVisible();
  // The review says them.
  await expect(page.getByText("Ava (Simulator)")).toBeVisible();
  await expect(page.getByText("Spanish (Mexico)")).toBeVisible();
  await expect(page.getByText("At most 5 minutes")).toBeVisible();
  await expect(page.getByText("To +442079460958 when the person asks for a human")).toBeVisible();

  // After a reload (the wizard opens at Review), the Customize step shows them again.
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Review & Activate" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Wizard steps" })
    .getByRole("button", { name: /Customize Assistant/ })
    .click();
  await expect(page.getByRole("heading", { level: 2, name: "Customize Assistant" })).toBeVisible();
  await page.getByRole("button", { name: "Advanced" }).click();
  await expect(page.getByLabel("Voice", { exact: true })).toHaveText(/^Ava\b/);
  await expect(page.getByLabel("Language")).toHaveText("Spanish (Mexico)");
  await expect(page.getByLabel("Maximum call length (minutes)")).toHaveValue("5");
  await expect(page.getByLabel("Transfer number")).toHaveValue("+442079460958");
  await expectAccessible(page);

  // Had the organization moved to Vapi, the Simulator's voice is said to be unused there, and
  // Vapi's own voices are offered instead (the list as the server would give it).
  await page.route("**/voice/voices", (route) =>
    route.fulfill({
      json: {
        provider: "vapi",
        platform: "vapi",
        simulated: false,
        voiceSource: "vapi",
        capabilities: {
          voice: { supported: true, note: null },
          language: { supported: true, note: null },
          maxDuration: { supported: true, note: null },
          voicemailMessage: { supported: true, note: null },
          transfer: { supported: true, note: null },
        },
        voices: [
          {
            id: "Elliot",
            name: "Elliot (Canadian)",
            language: null,
            gender: "male",
            previewUrl: null,
          },
        ],
        message: null,
      },
    }),
  );
  await page.reload();
  await page
    .getByRole("navigation", { name: "Wizard steps" })
    .getByRole("button", { name: /Customize Assistant/ })
    .click();
  await page.getByRole("button", { name: "Advanced" }).click();
  await expect(page.getByTestId("voice-other-platform")).toHaveText(
    "Chosen for Simulator — Vapi calls use Vapi's default voice. Choose again to use one of its voices.",
  );
  await expect(page.getByLabel("Voice", { exact: true })).toHaveText("Ava (Simulator)");
  await expect(page.getByTestId("capability-transfer")).toHaveCount(0);
  await advancedScreenshots(page, "voice-options-other-platform");
  await page.getByLabel("Voice", { exact: true }).click();
  await page.getByRole("option", { name: /^Elliot/ }).click();
  await expect(page.getByTestId("voice-other-platform")).toHaveCount(0);
  await expectAccessible(page);
});
