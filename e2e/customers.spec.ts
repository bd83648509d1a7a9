import { expect, test, type Page } from '@playwright/test';
import { CUSTOMER_BLOCKED_MESSAGE } from '../contract/admin-customers';
import { DEMO_ACCOUNTS } from '../contract/demo-accounts';
import { continueWithEmail, signOut, signUp, uniqueEmail } from './support/accounts';
import { appReady, buyableCards, cardName } from './support/shop';

// The customers screen, on the real server (playwright.config.ts says where each spec runs): a shopper of the test's own (signed up here, so erasing
// them breaks no other spec) orders once; the owner finds them by phone and blocks them, and their
// next checkout is refused with the reason in words; the owner unblocks them, then erases their data:
// they can no longer sign in, and their order's page names the erased customer. One page throughout,
// signing in and out in turn.

test.describe.configure({ timeout: 240_000 });
const LOAD = { timeout: 20_000 };
const PASSWORD = 'ugali-na-sukuma-7';

/** A Kenyan mobile no run has used, ending 00 (the Daraja simulator then pays). */
const freshPhone = () => `07${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}00`;

/** Puts one unit of the first buyable product on the landing page in the cart. */
async function addOneToCart(page: Page) {
  await page.goto('/');
  // A press on the page the server drew, before the app takes it over, would do nothing.
  await appReady(page);
  const card = buyableCards(page, page.getByRole('list', { name: 'Our products' })).first();
  await expect(card).toBeVisible(LOAD);
  const article = page.getByRole('article', { name: await cardName(card) });
  await article.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(article.getByRole('status')).toHaveText('1 in cart', LOAD);
}

async function fillCheckout(page: Page, phone: string) {
  await page.getByRole('combobox', { name: 'Delivery area' }).selectOption({ label: 'Westlands' });
  await page.getByRole('textbox', { name: 'Delivery address' }).fill('Kindaruma Road, House 9');
  await page.getByRole('textbox', { name: 'M-Pesa phone number' }).fill(phone);
  await expect(page.getByTestId('checkout-shipping')).toHaveText(/^KSH /);
}

async function adminSignsIn(page: Page) {
  const { admin } = DEMO_ACCOUNTS;
  await page.goto('/admin/auth');
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in to the back office' }).click();
  await expect(page).toHaveURL(/\/admin\/[0-9a-f-]{36}\/dashboard$/, LOAD);
}

async function adminSignsOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  // Signing out reloads the app away from the back office; the next page waits for that.
  await page.waitForURL((url) => !/^\/admin\/[0-9a-f-]{36}/.test(url.pathname), LOAD);
  await page.waitForLoadState('load');
}

async function shopperSignsIn(page: Page, email: string) {
  await page.goto('/auth');
  await continueWithEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Welcome back, Zawadi' })).toBeVisible(LOAD);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toContainText(
    'Zawadi',
    LOAD,
  );
}

test('the owner finds a shopper by phone, blocks their checkout, unblocks them, then erases their data', async ({
  page,
}, testInfo) => {
  const email = uniqueEmail('customer');
  const phone = freshPhone();

  // A shopper orders once, and leaves something in the cart.
  await addOneToCart(page);
  await page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await signUp(page, testInfo, { email, name: 'Zawadi Njeri', password: PASSWORD, phone });
  await expect(page).toHaveURL('/checkout', LOAD);
  await fillCheckout(page, phone);
  await page.getByRole('button', { name: /^Pay KSH/ }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/, LOAD);
  const heading = page.getByRole('heading', { name: /^Order #\d+$/ });
  await expect(heading).toBeVisible(LOAD);
  const number = /\d+/.exec((await heading.textContent()) ?? '')![0];
  await addOneToCart(page);
  await signOut(page);

  // The owner finds them by their phone written another way, and blocks them.
  await adminSignsIn(page);
  await page
    .getByRole('navigation', { name: 'Admin menu', exact: true })
    .getByRole('link', { name: 'Customers' })
    .click();
  await page.getByRole('searchbox', { name: 'Search customers' }).fill(`+254 ${phone.slice(1)}`);
  const found = page.getByRole('link', { name: 'Zawadi Njeri' });
  await expect(found).toHaveCount(1, LOAD);
  await found.first().click();
  await expect(page.getByRole('heading', { name: 'Zawadi Njeri' })).toBeVisible(LOAD);
  const customerPage = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Block' }).click();
  const block = page.getByRole('dialog', { name: 'Block Zawadi Njeri' });
  await block.getByRole('textbox', { name: /Reason/ }).fill('Three refused deliveries this month');
  await block.getByRole('button', { name: 'Block' }).click();
  await expect(page.getByText('Zawadi Njeri is blocked and signed out everywhere.')).toBeVisible(LOAD);
  await adminSignsOut(page);

  // The shopper cannot check out: the page says why, in a sentence.
  await shopperSignsIn(page, email);
  await page.goto('/checkout');
  await fillCheckout(page, phone);
  await page.getByRole('button', { name: /^Pay KSH/ }).click();
  await expect(page.getByText(CUSTOMER_BLOCKED_MESSAGE)).toBeVisible(LOAD);
  await expect(page).toHaveURL('/checkout');
  await signOut(page);

  // The owner lets them back, then erases their data, typing their email to confirm.
  await adminSignsIn(page);
  await page.goto(customerPage);
  await page.getByRole('button', { name: 'Unblock' }).click();
  await expect(page.getByText('Zawadi Njeri can check out again.')).toBeVisible(LOAD);
  await page.getByRole('button', { name: 'Erase' }).click();
  const erase = page.getByRole('alertdialog', { name: 'Erase Zawadi Njeri' });
  await expect(erase.getByRole('button', { name: 'Erase' })).toBeDisabled();
  await erase.getByRole('textbox', { name: `Type ${email} to confirm` }).fill(email);
  await erase.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByRole('heading', { name: 'Erased customer' })).toBeVisible(LOAD);

  // Their order stays for the books, under the erased name.
  await page.getByRole('link', { name: `SKN${number}` }).click();
  await expect(page.getByRole('heading', { name: `Order SKN${number}` })).toBeVisible(LOAD);
  const shopper = page.getByRole('region', { name: 'Shopper' });
  await expect(shopper).toContainText('Erased customer');
  await expect(shopper).not.toContainText('Zawadi');
  await expect(page.getByRole('region', { name: 'Delivery' })).toContainText('Erased');
  await adminSignsOut(page);

  // They can no longer sign in: their password is refused, and their email starts a new account.
  const login = await page.request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(400);
  await page.goto('/auth');
  await continueWithEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible(LOAD);
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toHaveCount(0);
});
