import { expect, type Page } from "@playwright/test";

/** A valid US number nobody else in the run uses (area code 415, exchange 2xx-9xx). */
export function uniquePhone(): string {
  const n = 2_000_000 + Math.floor(Math.random() * 7_999_999);
  return `+1415${n}`;
}

/** Reads the newest code sent to a phone from the development outbox page, as a person would. */
export async function readCode(page: Page, phone: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const html = await (await page.request.get("/dev/sms")).text();
    const item = html
      .split('<li class="message">')
      .find((chunk) => chunk.includes(`<span class="recipient">${phone}</span>`));
    code = item?.match(/verification code is (\d{6})/)?.[1];
    expect(code, `a code sent to ${phone}`).toBeTruthy();
  }).toPass({ timeout: 5_000 });
  return code!;
}

export interface Person {
  fullName: string;
  email: string;
  company: string;
  phone: string;
}

export function newPerson(label: string): Person {
  const id = Math.random().toString(36).slice(2, 8);
  return {
    fullName: `${label} ${id}`,
    email: `${label.toLowerCase().replace(/\W+/g, ".")}.${id}@example.com`,
    company: `${label} Co ${id}`,
    phone: uniquePhone(),
  };
}

/**
 * Signs up the way the sign-up page does, through its API calls (availability, the code from the
 * outbox, verification, the organization), then opens the dashboard. For tests whose subject is
 * not the sign-up form: the form itself is tested with `signUpThroughForm`, and this saves every
 * other test the seconds of browser work it costs.
 */
export async function signUp(page: Page, person: Person): Promise<void> {
  const request = page.request;
  // The server checks the Origin of cookie-carrying requests, as for a page of its own.
  const { origin } = new URL((await request.get("/api/health")).url());
  const post = async <T>(path: string, data: unknown, token?: string): Promise<T> => {
    const response = await request.post(path, {
      data,
      headers: { origin, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    if (!response.ok())
      throw new Error(`POST ${path} → ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const { phone } = await post<{ phone: string }>("/api/signup/availability", {
    email: person.email,
    phone: person.phone,
    country: "US",
  });
  await post("/api/auth/phone-number/send-otp", { phoneNumber: phone });
  const code = await readCode(page, phone);
  await post("/api/auth/phone-number/verify", { phoneNumber: phone, code });
  const session = (await (await request.get("/api/session")).json()) as { access_token: string };
  await post(
    "/api/account/complete-signup",
    { fullName: person.fullName, email: person.email, organizationName: person.company },
    session.access_token,
  );
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: `${person.company} Dashboard` })).toBeVisible();
}

/** Signs up through the sign-up form, as a person does, and lands on the dashboard. */
export async function signUpThroughForm(page: Page, person: Person): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Full Name").fill(person.fullName);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Phone Number").fill(person.phone);
  await page.getByLabel("Company Name").fill(person.company);
  await page.getByRole("button", { name: "Continue" }).click();
  const code = await readCode(page, person.phone);
  await page.getByLabel("Verification Code").fill(code);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: `${person.company} Dashboard` })).toBeVisible();
}

/** Logs in through the UI by phone code (the caller checks where it lands). */
export async function logIn(page: Page, phone: string): Promise<void> {
  if (!page.url().includes("/login")) await page.goto("/login");
  await page.getByLabel("Phone Number").fill(phone);
  await page.getByRole("button", { name: "Send Verification Code" }).click();
  // The code step shows once the send has answered, so the outbox then holds the new code, not
  // an older one sent to the same phone (reading earlier raced the send).
  await expect(page.getByLabel("Verification Code")).toBeVisible();
  const code = await readCode(page, phone);
  await page.getByLabel("Verification Code").fill(code);
  await page.getByRole("button", { name: "Verify & Login" }).click();
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}
