import type { Browser, Page } from "@playwright/test";
import {
  logIn,
  logOut,
  newPerson,
  type Person,
  readCode,
  signUp,
  uniquePhone,
} from "./auth-helpers.ts";
import { expect, expectAccessible, screenshots, test } from "./fixtures.ts";

async function openTeam(page: Page): Promise<void> {
  await page.goto("/admin/settings/team");
  await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
}

/** Organization Settings: the name is editable by the owner only. */
async function openOrganization(page: Page): Promise<void> {
  await page.goto("/admin/settings/organization");
  await expect(page.getByRole("heading", { name: "Organization Settings" })).toBeVisible();
}

/** As the current page's user, invites someone and returns the link shown to copy. */
async function invite(page: Page, email: string, role: "Member" | "Admin"): Promise<string> {
  await page.getByLabel("Email").fill(email);
  if (role === "Admin") {
    await page.getByLabel("Role").click();
    await page.getByRole("option", { name: "Admin" }).click();
  }
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText("Invitation sent").first()).toBeVisible();
  const link = await page.getByLabel(`Invitation link for ${email}`).inputValue();
  expect(link).toMatch(/\/invitations\/[0-9a-f]{64}$/);
  return link;
}

/**
 * A new person opens the link in their own browser and signs up from it: "Create
 * account" first, the invited email filled in, "You're joining …", no company name; they land
 * in the inviting organization, and no organization of their own is made.
 */
async function acceptBySigningUp(
  browser: Browser,
  link: string,
  person: Person,
  joining: { organization: string; role: "an admin" | "a member" },
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL(link).pathname);
  const actions = page.getByRole("link", { name: /Create account|Log in to accept/ });
  await expect(actions.first()).toHaveText("Create account");
  // This browser is not the fixture's: check its pages here.
  await expectAccessible(page);
  await actions.first().click();
  await expect(page).toHaveURL(/\/signup\?invitation=[0-9a-f]{64}$/);
  await expect(
    page.getByText(`You're joining ${joining.organization} as ${joining.role}.`),
  ).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(person.email);
  await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
  await expect(page.getByLabel("Company Name")).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, "signup-from-invitation");
  await page.getByLabel("Full Name").fill(person.fullName);
  await page.getByLabel("Phone Number").fill(person.phone);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Verification Code").fill(await readCode(page, person.phone));
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByText(`You joined ${joining.organization}`)).toBeVisible();
  // Only the organization joined: the header shows its name, not a switcher.
  await expect(page.getByTestId("organization-name")).toHaveText(joining.organization);
  await expect(page.getByRole("button", { name: "Switch organization" })).toHaveCount(0);
  return { context, page };
}

test("a team: invite an admin and a member, each role sees what its role allows", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = newPerson("Owner");
  await signUp(page, owner);
  await openTeam(page);
  await expect(page.getByRole("cell", { name: owner.email, exact: true })).toBeVisible();
  // The owner never gets a Remove action on their own row.
  await expect(page.getByRole("button", { name: `Remove ${owner.fullName}` })).toHaveCount(0);

  // Every problem shows under the field, not only in a toast.
  const inviteEmail = page.getByLabel("Email");
  await inviteEmail.fill("not-an-email");
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(inviteEmail).toHaveAttribute("aria-invalid", "true");
  await expect(inviteEmail).toHaveAccessibleDescription("Enter a valid email address");
  await expect(inviteEmail).toBeFocused();
  await screenshots(page, "invite-email-error");
  await inviteEmail.fill(owner.email);
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(inviteEmail).toHaveAccessibleDescription(`${owner.email} is already a member`);
  await inviteEmail.fill("");

  const adminPerson = newPerson("Admin");
  const adminLink = await invite(page, adminPerson.email, "Admin");
  const memberEmail = `member.${Date.now()}@example.com`;
  const memberLink = await invite(page, memberEmail, "Member");
  await expect(page.getByRole("cell", { name: adminPerson.email, exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: memberEmail, exact: true })).toBeVisible();

  // The admin signs up from the link and joins the owner's organization as admin.
  const admin = await acceptBySigningUp(browser, adminLink, adminPerson, {
    organization: owner.company,
    role: "an admin",
  });
  await expect(
    admin.page.getByRole("heading", { name: `${owner.company} Dashboard` }),
  ).toBeVisible();

  // The member logs in with a phone that has no account yet and accepts.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(new URL(memberLink).pathname);
  await member.getByRole("link", { name: "Log in to accept" }).click();
  await logIn(member, uniquePhone());
  await expect(member).toHaveURL(/\/invitations\//);
  await member.getByRole("button", { name: "Accept invitation" }).click();
  await expect(member.getByRole("heading", { name: `${owner.company} Dashboard` })).toBeVisible();
  // The link is used up.
  await member.goto(new URL(memberLink).pathname);
  await expect(member.getByText("This invitation has already been used.")).toBeVisible();

  // Admin: invites and cancels; cannot rename, change roles or remove.
  await openOrganization(admin.page);
  await expect(admin.page.getByLabel("Organization Name")).toHaveAttribute("readonly", "");
  await expect(admin.page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await openTeam(admin.page);
  await expect(admin.page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await expect(admin.page.getByRole("combobox", { name: /^Role of / })).toHaveCount(0);
  const extra = `extra.${Date.now()}@example.com`;
  await invite(admin.page, extra, "Member");
  await admin.page.getByRole("button", { name: `Cancel invitation for ${extra}` }).click();
  await expect(admin.page.getByText("Invitation deleted")).toBeVisible();
  await expect(admin.page.getByRole("cell", { name: extra, exact: true })).toHaveCount(0);

  // The admin makes an API key for an integration: it goes with the admin's access.
  await admin.page.goto("/admin/settings/api-keys");
  await admin.page.getByRole("button", { name: "Create API key" }).click();
  const create = admin.page.getByRole("dialog", { name: "Create API key" });
  await create.getByLabel("Name").fill("Admin's CRM sync");
  await create.getByRole("button", { name: "Create key" }).click();
  await admin.page
    .getByRole("dialog", { name: "Copy your new API key" })
    .getByRole("button", { name: "Done" })
    .click();

  // Member: everything read-only.
  await openTeam(member);
  await expect(member.getByRole("heading", { name: "Invite New Members" })).toHaveCount(0);
  await expect(member.getByRole("button", { name: /^Cancel invitation/ })).toHaveCount(0);
  await expect(member.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await expect(member.getByRole("combobox", { name: /^Role of / })).toHaveCount(0);
  await openOrganization(member);
  await expect(member.getByLabel("Organization Name")).toHaveAttribute("readonly", "");

  // Owner: renames, then removes the member.
  await openOrganization(page);
  await page.getByLabel("Organization Name").fill(`${owner.company} Renamed`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Organization settings saved")).toBeVisible();
  await openTeam(page);
  await expect(page.getByRole("cell", { name: memberEmail, exact: true })).toBeVisible();
  // The owner makes the admin a member: asked first, since the admin's key is revoked with it.
  await page.getByRole("combobox", { name: `Role of ${adminPerson.fullName}` }).click();
  await page.getByRole("option", { name: "Member" }).click();
  const demote = page.getByRole("dialog", { name: "Make them a member?" });
  await expect(demote).toContainText("Their API key will be revoked.");
  await screenshots(page, "team-make-member");
  await demote.getByRole("button", { name: "Make member" }).click();
  await expect(page.getByText(`${adminPerson.fullName} is now a Member`)).toBeVisible();
  await expect(page.getByRole("combobox", { name: `Role of ${adminPerson.fullName}` })).toHaveText(
    "Member",
  );
  await page.goto("/admin/settings/api-keys");
  const keys = page.getByRole("list", { name: "API keys" });
  await expect(keys.getByRole("listitem").filter({ hasText: "Admin's CRM sync" })).toContainText(
    "Revoked",
  );
  await openTeam(page);
  const memberRow = page.getByRole("row").filter({ hasText: memberEmail });
  const remove = memberRow.getByRole("button", { name: /^Remove / });
  // Cancelled: focus is back on the button that asked.
  await remove.click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(remove).toBeFocused();
  await remove.click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText("Member removed from organization")).toBeVisible();
  // Its row is gone: focus goes to the table's heading, not to the top of the page.
  await expect(page.getByRole("heading", { name: "Team Members" })).toBeFocused();
  await expect(page.getByRole("row").filter({ hasText: memberEmail })).toHaveCount(0);

  await admin.context.close();
  await memberContext.close();
});

test("an invitation for someone else says so", async ({ page, browser }) => {
  const owner = newPerson("Inviter");
  await signUp(page, owner);
  await openTeam(page);
  const link = await invite(page, `invitee.${Date.now()}@example.com`, "Member");

  const context = await browser.newContext();
  const stranger = await context.newPage();
  await signUp(stranger, newPerson("Stranger"));
  await stranger.goto(new URL(link).pathname);
  await stranger.getByRole("button", { name: "Accept invitation" }).click();
  await expect(stranger.getByRole("alert")).toContainText("This invitation is for invitee.");
  await context.close();
});

test("an invitation for an email that has an account offers Log in", async ({ page, browser }) => {
  const owner = newPerson("Host");
  await signUp(page, owner);
  const existing = newPerson("Existing");
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await signUp(invitee, existing);
  await logOut(invitee);

  await openTeam(page);
  const link = await invite(page, existing.email, "Member");
  await invitee.goto(new URL(link).pathname);
  await expect(
    invitee.getByText(`${existing.email} already has a Ringback account.`),
  ).toBeVisible();
  await expect(invitee.getByRole("link", { name: "Create account" })).toHaveCount(0);
  await invitee.getByRole("link", { name: "Log in to accept" }).click();
  await logIn(invitee, existing.phone);
  await expect(invitee).toHaveURL(/\/invitations\//);
  await invitee.getByRole("button", { name: "Accept invitation" }).click();
  await expect(invitee.getByRole("heading", { name: `${owner.company} Dashboard` })).toBeVisible();
  await context.close();
});
