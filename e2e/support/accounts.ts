import { expect, type Page, type TestInfo } from '@playwright/test';
import { onMocks } from './session';

const PAGE_LOAD = { timeout: 20_000 };

/** An address no run has used, so the specs also work against a server that keeps its data. */
export const uniqueEmail = (label: string) =>
  `e2e-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;

interface Mail {
  to: string;
  text: string;
  createdAt: string;
}

/**
 * The mail queued for an address (GET /api/dev/outbox?to=…, newest first). A live project asks the
 * server with page.request; the mocked project must ask from inside the page, because its API is the
 * MSW service worker, which only sees the page's own requests.
 */
async function outbox(page: Page, testInfo: TestInfo, to: string): Promise<Mail[]> {
  const path = `/api/dev/outbox?to=${encodeURIComponent(to)}`;
  if (!onMocks(testInfo.project.name)) {
    const res = await page.request.get(path);
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { data: Mail[] }).data;
  }
  return page.evaluate(async (url) => {
    const res = await fetch(url);
    return ((await res.json()) as { data: Mail[] }).data;
  }, path);
}

/** Waits for mail number `count` to the address and answers the newest one's text. */
export async function newestMail(page: Page, testInfo: TestInfo, to: string, count = 1): Promise<string> {
  let mail: Mail[] = [];
  await expect
    .poll(async () => (mail = await outbox(page, testInfo, to)).length, {
      message: `mail to ${to}`,
      timeout: 10_000,
    })
    .toBeGreaterThanOrEqual(count);
  return mail[0]!.text;
}

/** Waits for mail number `count` to the address and answers the 6-digit code in the newest one. */
export async function codeFromMailbox(
  page: Page,
  testInfo: TestInfo,
  to: string,
  count = 1,
): Promise<string> {
  const code = /\b(\d{6})\b/.exec(await newestMail(page, testInfo, to, count))?.[1];
  expect(code, 'a 6-digit code in the mail').toBeTruthy();
  return code!;
}

/** The email step of /auth. */
export async function continueWithEmail(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Types a mailed code the way a shopper does: straight away, without clicking a box first (the
 * first box has the focus as soon as the boxes show). The last digit sends it; no button to press.
 */
export async function enterCode(page: Page, code: string) {
  await expect(page.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeVisible(PAGE_LOAD);
  await page.keyboard.type(code);
}

/**
 * Signs up from /auth with a code read from the dev outbox, a Kenyan phone (0722 000 111 unless
 * given) and the password given; the app then goes wherever the sign-in was going.
 */
export async function signUp(
  page: Page,
  testInfo: TestInfo,
  {
    email,
    name,
    password = 'ugali-na-sukuma-7',
    phone = '0722 000 111',
  }: { email: string; name: string; password?: string; phone?: string },
) {
  await continueWithEmail(page, email);
  await expect(page).toHaveURL(/\/auth\/verify-account\/[0-9a-f-]{36}$/, PAGE_LOAD);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible(PAGE_LOAD);
  await enterCode(page, await codeFromMailbox(page, testInfo, email));

  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible(PAGE_LOAD);
  await expect(page).toHaveURL(/\/auth\/complete-profile\/[A-Za-z0-9_-]{43}$/);
  await page.getByRole('textbox', { name: 'Full name' }).fill(name);
  await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('KE');
  await page.getByRole('textbox', { name: /^Phone number/ }).fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create my account' }).click();
}

/**
 * Toasts sit top-right, over the header's account button; they close when clicked (docs/behaviour.md#toasts).
 */
async function dismissToasts(page: Page) {
  const toasts = page.locator('[data-sonner-toast]');
  // A toast may time out on its own between being listed and being clicked: then there is nothing
  // to click (without the short limit, the click would wait for it until the test's own timeout).
  for (const toast of await toasts.all())
    await toast.dispatchEvent('click', undefined, { timeout: 1_000 }).catch(() => undefined);
  await expect(toasts).toHaveCount(0, { timeout: 10_000 });
}

/**
 * Signs out from the account menu: the server session ends, token and user go, the page reloads
 * (docs/behaviour.md#session). Returns once the reload has happened: the Account button goes before it
 * starts, so a `page.goto` right after the click would race it and be aborted.
 */
export async function signOut(page: Page) {
  await dismissToasts(page);
  await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
  const reloaded = page.waitForEvent('load', PAGE_LOAD);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await reloaded;
  const stored = () =>
    page
      .evaluate(() => [localStorage.getItem('sokoni.token'), localStorage.getItem('sokoni.user')])
      .catch(() => 'navigating');
  await expect.poll(stored).toEqual([null, null]);
}
