import { expect, test, type Page } from '@playwright/test';
import {
  codeFromMailbox,
  continueWithEmail,
  enterCode,
  signOut,
  signUp,
  uniqueEmail,
} from './support/accounts';

// Accounts, end to end, on the real server: sign-up with a code read from the dev mailbox, sign-out and
// sign-in with the password, a password reset, and the admin login. Every run uses fresh emails, so
// it also works against a server that keeps its data. The live server allows 30 calls a minute per
// auth route and address; this file makes a handful of each.

async function signInWithPassword(page: Page, email: string, firstName: string, password: string) {
  await continueWithEmail(page, email);
  await expect(page.getByRole('heading', { name: `Welcome back, ${firstName}` })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const signedInAs = (page: Page, firstName: string) =>
  expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toContainText(firstName);

test.describe('accounts', () => {
  // Whole flows over several pages (and argon2 hashing on the live server) on two shared cores.
  test.describe.configure({ timeout: 120_000 });

  test('a new shopper signs up with a mailed code, signs out and signs back in with the password', async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail('signup');
    await page.goto('/auth?redirect=%2Fmore');
    await expect(page).toHaveTitle('Sokoni | Sign in');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);

    await signUp(page, testInfo, { email, name: 'Baraka Mwangi', password: 'chai-na-mandazi-24' });
    await expect(page).toHaveURL('/more');
    await expect(page.getByText('Welcome to Sokoni, Baraka! Your account is ready.')).toBeVisible();
    await signedInAs(page, 'Baraka');
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('sokoni.user') ?? 'null'));
    expect(user).toMatchObject({ email, name: 'Baraka Mwangi', type: 'customer' });

    await page.goto('/account/dashboard');
    const profile = page.getByRole('region', { name: 'Your profile' });
    await expect(profile.getByText('+254 722 000 111')).toBeVisible();

    // Signed out, the account page sends the visitor to sign in, and back here after.
    await signOut(page);
    await expect(page).toHaveURL('/auth?redirect=%2Faccount%2Fdashboard');
    await signInWithPassword(page, email, 'Baraka', 'chai-na-mandazi-24');
    await expect(page).toHaveURL('/account/dashboard');
    await expect(profile.getByText('Baraka Mwangi')).toBeVisible();
    await signedInAs(page, 'Baraka');
  });

  test('a forgotten password is reset with a mailed code', async ({ page }, testInfo) => {
    const email = uniqueEmail('reset');
    await page.goto('/auth');
    await signUp(page, testInfo, { email, name: 'Achieng Otieno', password: 'first-password-1' });
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Welcome to Sokoni, Achieng! Your account is ready.')).toBeVisible();
    await signOut(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

    await page.goto('/auth?redirect=%2Fcart');
    await continueWithEmail(page, email);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await enterCode(page, await codeFromMailbox(page, testInfo, email, 2));

    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/credentials\/[A-Za-z0-9_-]{43}$/);
    await page.getByLabel('New password', { exact: true }).fill('second-password-2');
    await page.getByRole('button', { name: 'Save password and sign in' }).click();
    await expect(page).toHaveURL('/cart');
    await expect(page.getByText('Your new password is set. You are signed in.')).toBeVisible();
    await signedInAs(page, 'Achieng');

    await signOut(page);
    await page.goto('/auth');
    await continueWithEmail(page, email);
    await page.getByLabel('Password', { exact: true }).fill('first-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('The email or password is not correct.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('second-password-2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/');
    await signedInAs(page, 'Achieng');
  });

  test('an admin signs in at /admin/auth and lands on the dashboard; a shopper is refused there', async ({
    page,
  }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL('/admin/auth');
    await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();
    // The back office's door wears none of the shop: no header with a cart or the shopper's Sign in.
    await expect(page.getByRole('banner')).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Email' }).fill('wanjiku@sokoni.co.ke');
    await page.getByLabel('Password', { exact: true }).fill('sokoni-shopper-123');
    await page.getByRole('button', { name: 'Sign in to the back office' }).click();
    await expect(page.getByRole('alert')).toContainText('This sign-in is for Sokoni admins.');
    await expect(page).toHaveURL('/admin/auth');
    await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Email' }).fill('admin@sokoni.co.ke');
    await page.getByLabel('Password', { exact: true }).fill('sokoni-admin-123');
    await page.getByRole('button', { name: 'Sign in to the back office' }).click();
    await expect(page).toHaveURL(/\/admin\/[0-9a-f-]{36}\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
    await expect(page.getByText('Karibu, Amina!')).toBeVisible();
    const actions = page.getByRole('navigation', { name: 'Back office actions' });
    for (const label of ['Manage products', 'Create a new product', 'Add new Category', 'Discounts']) {
      await expect(actions.getByRole('link', { name: label })).toBeVisible();
    }
  });
});
