import type { Page } from "@playwright/test";
import { newPerson, readCode, signUp } from "./auth-helpers.ts";
import { expect, expectAccessible, screenshots, test } from "./fixtures.ts";

/** As the page's user (an owner), invites `email` as a member and returns the link to accept. */
async function inviteMember(page: Page, email: string): Promise<string> {
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText("Invitation sent").first()).toBeVisible();
  return page.getByLabel(`Invitation link for ${email}`).inputValue();
}

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Sidebar" });

/**
 * The organization's settings are a page each, in the sidebar as the role allows: the owner
 * changes a member's role on Team, and the Audit Trail, filtered by kind, says so in words; the
 * filters live in the URL, and a filter that matches nothing says so with Clear filters. A member
 * is told who may read the trail instead of a blank page.
 */
test("Team changes a role; the Audit Trail, filtered by kind and person, says so in words", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = newPerson("Settings Owner");
  await signUp(page, owner);

  // Organization Settings: the details, and the way to every other settings page.
  await page.goto("/admin/settings/organization");
  await expect(
    page.getByRole("heading", { name: "Organization Settings", level: 1 }),
  ).toBeVisible();
  await expect(page.getByLabel("Organization Name")).toHaveValue(owner.company);
  const more = page.getByRole("main").getByRole("list");
  for (const name of ["Team", "Call Limits & Retention", "API Keys", "Audit Trail"]) {
    await expect(more.getByRole("link", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await screenshots(page, "settings-organization");

  // Team, from the sidebar: invite someone, who accepts as a member.
  await sidebar(page).getByRole("link", { name: "Team" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/team$/);
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  const invitee = newPerson("Invitee");
  const link = await inviteMember(page, invitee.email);
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(new URL(link).pathname);
  await member.getByRole("link", { name: "Create account" }).click();
  await member.getByLabel("Full Name").fill(invitee.fullName);
  await member.getByLabel("Phone Number").fill(invitee.phone);
  await member.getByRole("button", { name: "Continue" }).click();
  await member.getByLabel("Verification Code").fill(await readCode(member, invitee.phone));
  await member.getByRole("button", { name: "Create Account" }).click();
  await expect(member).toHaveURL(/\/admin\/dashboard$/);

  // The owner makes them an admin in the Role column.
  await page.reload();
  const memberName = invitee.fullName;
  const roleSelect = page.getByRole("combobox", { name: `Role of ${memberName}` });
  await expect(roleSelect).toHaveText("Member");
  await screenshots(page, "settings-team");
  await roleSelect.click();
  await page.getByRole("option", { name: "Admin" }).click();
  await expect(page.getByText(`${memberName} is now an Admin`)).toBeVisible();
  await expect(roleSelect).toHaveText("Admin");
  await expectAccessible(page);

  // Call Limits & Retention and API Keys: a page each.
  await sidebar(page).getByRole("link", { name: "Call Limits & Retention" }).click();
  await expect(page.getByRole("heading", { name: "Call Limits", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Data Retention" })).toBeVisible();
  await screenshots(page, "settings-call-limits");
  await sidebar(page).getByRole("link", { name: "API Keys" }).click();
  await expect(page.getByRole("heading", { name: "API Keys", level: 1 })).toBeVisible();
  await expect(page.getByText("No API keys yet")).toBeVisible();
  await screenshots(page, "settings-api-keys");

  // Audit Trail: the role change in words, found by its kind.
  await sidebar(page).getByRole("link", { name: "Audit Trail" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/audit-trail$/);
  const trail = page.getByRole("list", { name: "Audit events" });
  await expect(trail).toContainText(`${owner.fullName} changed the role of ${memberName}`);
  await page.getByRole("button", { name: /^Kind/ }).click();
  await page.getByRole("checkbox", { name: /^Team/ }).check();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/admin\/settings\/audit-trail\?kind=team$/);
  await expect(trail.getByRole("listitem").filter({ has: page.locator("time") })).toHaveCount(1);
  const line = trail.getByRole("listitem").first();
  await expect(line).toContainText(`${owner.fullName} changed the role of ${memberName}`);
  await expect(line).toContainText("Role: Member → Admin");
  await expect(line).toContainText("Team");
  await expect(line).not.toContainText("member.role_changed");
  await screenshots(page, "settings-audit-trail");
  await expectAccessible(page);

  // The filters are the address: a reload keeps them. By the member (who changed nothing):
  // nothing matches, and Clear filters brings the whole trail back.
  await page.reload();
  await expect(page.getByRole("button", { name: /^Kind/ })).toContainText("Team");
  await page.getByRole("combobox", { name: "Who" }).click();
  await page.getByRole("option", { name: memberName }).click();
  await expect(page).toHaveURL(/[?&]actor=[0-9a-f-]{36}/);
  await expect(page.getByText("No events match these filters.")).toBeVisible();
  await screenshots(page, "settings-audit-trail-no-match");
  await page.getByRole("button", { name: "Clear filters" }).last().click();
  await expect(page).toHaveURL(/\/admin\/settings\/audit-trail$/);
  await expect(trail).toContainText(`${owner.fullName} changed the role of ${memberName}`);

  // A last day before the first is said under the dates, and nothing is asked.
  await page.getByLabel("From").fill("2026-11-05");
  await page.getByLabel("To").fill("2026-11-03");
  await expect(page.getByText("The end date is before the start date.")).toBeVisible();
  await expect(trail).toHaveCount(0);

  // Back to a member: no API Keys or Audit Trail in their sidebar, and a clear word at the URL.
  await page.goto("/admin/settings/team");
  await roleSelect.click();
  await page.getByRole("option", { name: "Member" }).click();
  await expect(page.getByText(`${memberName} is now a Member`)).toBeVisible();
  await member.goto("/admin/settings/team");
  await expect(member.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  await expect(sidebar(member).getByRole("link", { name: "Audit Trail" })).toHaveCount(0);
  await expect(sidebar(member).getByRole("link", { name: "API Keys" })).toHaveCount(0);
  await member.goto("/admin/settings/audit-trail");
  await expect(
    member.getByText(/^Only owners and admins can read the audit trail of /),
  ).toBeVisible();
  await expect(member.getByRole("list", { name: "Audit events" })).toHaveCount(0);
  await screenshots(member, "settings-audit-trail-member");
  await member.goto("/admin/settings/api-keys");
  await expect(
    member.getByText(/^Only owners and admins can see and manage API keys/),
  ).toBeVisible();
  await expectAccessible(member);
  await memberContext.close();
});
