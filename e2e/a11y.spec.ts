import { expect, test, type Page } from '@playwright/test';
import { codeFromMailbox, continueWithEmail, enterCode, newestMail, uniqueEmail } from './support/accounts';
import { expectFieldErrorsAnnounced, expectNoSeriousA11yViolations } from './support/axe';
import { adminSignsIn, backOffice, sendOutWith, signOutOfBackOffice } from './support/orders';
import { admin, signInAs } from './support/session';
import { buyableCards, cardName } from './support/shop';
import { DEMO_ACCOUNTS } from '../contract/demo-accounts';

// Issue 12: no serious or critical WCAG 2.2 A/AA violation (axe) on any page of the shop, the sign-in
// pages, the account and the back office, with their dialogs, menus and drawer open, over the mocks
// (playwright.config.ts says why it runs in that project alone).
// One test per kind of visitor walks its pages in one browser (one sign-in each); each page is checked
// with a soft assertion, so one run lists every page that fails, not only the first.

// The guest's walk alone takes about a minute on a two-core machine; beside another worker's long
// journey, over two.
test.describe.configure({ timeout: 240_000 });
const LOAD = { timeout: 20_000 };

/** Skeletons, spinners and busy regions: the page is still fetching what it will show. */
const LOADING = '.chakra-skeleton, .chakra-spinner, [aria-busy="true"]';

/** Waits for the page's title heading and for its data, then runs axe on it (once its fades are done). */
async function check(page: Page, where: string, heading?: string | RegExp) {
  await expect(
    heading
      ? page.getByRole('heading', { level: 1, name: heading })
      : page.getByRole('heading', { level: 1 }).first(),
    `${where}: its heading`,
  ).toBeVisible(LOAD);
  await expect(page.locator(LOADING).filter({ visible: true }), `${where}: loaded`).toHaveCount(0, LOAD);
  await expectNoSeriousA11yViolations(page, where);
}

/**
 * Opens `path`: the first time with a page load, then inside the running app, as the browser's back
 * and forward buttons do (a page load costs seconds in the mocked project, which starts MSW on each).
 */
async function go(page: Page, path: string) {
  if (!page.url().startsWith('http')) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL(path);
}

async function open(page: Page, path: string, heading?: string | RegExp) {
  await go(page, path);
  await check(page, path, heading);
}

test('a guest: the shop, the cart, search, More and the sign-in pages', async ({ page }, testInfo) => {
  await open(page, '/', /Fresh food and groceries/);
  await open(page, '/cart', 'Cart');
  await open(page, '/search', 'Search');
  await open(page, '/more', 'More');
  await page.getByRole('button', { name: 'How does paying with M-Pesa work?' }).click();
  await check(page, '/more with an answer open', 'More');
  await open(page, '/no-such-page', 'Page not found');

  // A category from the landing page's tiles, a product from it, then the cart with the product.
  await go(page, '/');
  const tile = page.getByRole('list', { name: 'Shop by category' }).getByRole('link').first();
  const category = (await tile.innerText()).split('\n')[0]!.trim();
  await tile.click();
  await expect(page).toHaveURL(/\/view\/category\//, LOAD);
  await check(page, 'a category', category);
  const card = buyableCards(page).first();
  const name = await cardName(card);
  await card.getByRole('link', { name }).click();
  await check(page, 'a product', name);
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item was successfully added to cart')).toBeVisible();
  await check(page, 'a product with a toast', name);
  await page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' }).click();
  await expect(page.getByTestId('cart-subtotal')).toBeVisible(LOAD);
  await check(page, '/cart with an item', 'Cart');

  // Search for that product by the first word of its name.
  await go(page, '/search');
  await page.getByRole('searchbox', { name: 'Search our products' }).fill(name.split(' ')[0]!);
  await expect(page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first()).toBeVisible(
    LOAD,
  );
  await check(page, '/search with a query', 'Search');

  // Sign in: the email step, the password step, a refused password, the code and profile steps.
  await open(page, '/auth', 'Sign in or create an account');
  await continueWithEmail(page, DEMO_ACCOUNTS.shopper.email);
  await expect(page.getByRole('heading', { name: 'Welcome back, Wanjiku' })).toBeVisible(LOAD);
  await check(page, '/auth, the password step', 'Welcome back, Wanjiku');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await check(page, '/auth, the password step with an error', 'Welcome back, Wanjiku');

  await page.getByRole('button', { name: 'Use another email' }).click();
  const email = uniqueEmail('a11y');
  await continueWithEmail(page, email);
  await expect(page).toHaveURL(/\/auth\/verify-account\//, LOAD);
  await check(page, '/auth/verify-account', 'Check your email');
  await enterCode(page, await codeFromMailbox(page, testInfo, email));
  await expect(page).toHaveURL(/\/auth\/complete-profile\//, LOAD);
  await check(page, '/auth/complete-profile', 'Complete your profile');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await check(page, '/auth/complete-profile with its errors', 'Complete your profile');
  await expectFieldErrorsAnnounced(page, '/auth/complete-profile with its errors');

  await open(page, '/admin/auth', 'Admin sign in');
  await page.getByRole('button', { name: 'Sign in to the back office' }).click();
  await check(page, '/admin/auth with its errors', 'Admin sign in');
  await expectFieldErrorsAnnounced(page, '/admin/auth with its errors');
});

/** What shows where the focus is: an outline or a ring (Chakra's focus rings are outlines). */
const focusIndicator = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== 'none';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName;
    return { name, shown: outline || ring };
  });

test('a keyboard user: a skip link first, and every stop from the landing page on shows the focus', async ({
  page,
}) => {
  // A fresh load, nothing run on it yet: the first Tab is the page's own first stop.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Fresh food and groceries/ })).toBeVisible(LOAD);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  const unmarked: string[] = [];
  for (let i = 0; i < 25; i += 1) {
    const focus = await focusIndicator(page);
    if (focus && !focus.shown) unmarked.push(focus.name);
    await page.keyboard.press('Tab');
  }
  expect(unmarked, 'focused elements without a visible outline or ring').toEqual([]);

  // The skip link jumps past the header: the next Tab lands in the page, not on the logo.
  await page.goto('/more');
  await expect(page.getByRole('heading', { level: 1, name: 'More' })).toBeVisible(LOAD);
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement) ?? false),
    'the focus after the skip link is inside <main>',
  ).toBe(true);
});

test('a guest on a phone: the menu drawer traps the focus and gives it back', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/', /Fresh food and groceries/);
  const opener = page.getByRole('button', { name: 'Open menu' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: 'More' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the menu drawer');
  // Tabbing round the drawer never leaves it.
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(
      await drawer.evaluate((el) => el.contains(document.activeElement)),
      `focus inside the drawer after ${i + 1} Tab(s)`,
    ).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('a shopper: the account, saved items, checkout and an order', async ({ page }) => {
  // By the sign-in form: the mocks know the demo shopper's profile and orders.
  await page.goto('/auth');
  await continueWithEmail(page, DEMO_ACCOUNTS.shopper.email);
  await expect(page.getByRole('heading', { name: 'Welcome back, Wanjiku' })).toBeVisible(LOAD);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNTS.shopper.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toBeVisible(LOAD);
  await open(page, '/account/dashboard', 'My account');
  await open(page, '/profile', 'Profile');
  await open(page, '/saved-items', 'Saved Items');
  await open(page, '/account/orders', 'Orders');

  await page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the account menu');
  await page.keyboard.press('Escape');

  // An order to look at: one product bought from its page.
  await go(page, '/');
  const card = buyableCards(page, page.getByRole('list', { name: 'Our products' })).first();
  const name = await cardName(card);
  await card.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(LOAD);
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  // Closed (a click on a toast closes it) so that it is not fading out while axe reads the next page's
  // colours.
  await page.getByText('Item was successfully added to cart').click();
  await expect(page.getByText('Item was successfully added to cart')).toBeHidden(LOAD);
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Cart, [1-9]/ })
    .click();
  await expect(page.getByTestId('cart-subtotal')).toBeVisible(LOAD);
  await check(page, '/cart signed in', 'Cart');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL('/checkout', LOAD);
  await check(page, '/checkout', 'Checkout');
  await page.getByRole('button', { name: /^Pay / }).click();
  await check(page, '/checkout with its errors', 'Checkout');
  await expectFieldErrorsAnnounced(page, '/checkout with its errors');
  await page.getByRole('combobox', { name: 'Delivery area' }).selectOption({ label: 'Westlands' });
  await page.getByRole('textbox', { name: 'Delivery address' }).fill('Mpaka Road, Apt 4B, 3rd floor');
  await page.getByRole('textbox', { name: 'M-Pesa phone number' }).fill('0712345600');
  await expect(page.getByTestId('checkout-shipping')).toHaveText(/^KSH /);
  await page.getByRole('button', { name: /^Pay KSH/ }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/, LOAD);
  await expect(page.getByRole('region', { name: 'Payment' }).getByText(/^Paid on /)).toBeVisible({
    timeout: 30_000,
  });
  await check(page, 'an order', 'Order details');
  await open(page, '/account/orders', 'Orders');
});

test('an admin: every back-office screen, a form with errors, a dialog and a menu', async ({
  page,
}, testInfo) => {
  const me = await signInAs(page, testInfo.project.name, admin);
  const at = (path: string) => `/admin/${me.userId}/${path}`;
  await open(page, at('dashboard'), 'Admin dashboard');
  await open(page, at('products'), 'Manage products');
  const product = page.getByRole('row').getByRole('link').first();
  const productName = (await product.innerText()).trim();
  await page
    .getByRole('button', { name: `Actions for ${productName}` })
    .first()
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'a product row’s actions menu');
  await page.keyboard.press('Escape');
  // Bulk edits by keyboard: tick a row, open Change prices… from the toolbar, see the preview.
  await page
    .getByRole('checkbox', { name: `Select ${productName}` })
    .first()
    .focus();
  await page.keyboard.press('Space');
  const bulkBar = page.getByRole('toolbar', { name: '1 product selected' });
  await expect(bulkBar).toBeVisible();
  await bulkBar.getByRole('button', { name: 'Change prices…' }).click();
  const prices = page.getByRole('dialog', { name: 'Change the prices of 1 product' });
  await prices.getByRole('textbox', { name: /Percentage/ }).fill('10');
  await expect(prices.getByRole('table', { name: 'Price preview' })).toBeVisible(LOAD);
  await expectNoSeriousA11yViolations(page, 'the bulk price dialog with its preview');
  await page.keyboard.press('Escape');
  await bulkBar.getByRole('button', { name: 'Clear selection' }).click();
  await product.click();
  await check(page, 'a product’s edit form', /^Edit /);

  await open(page, at('products/create'), 'Add product');
  await page.getByRole('button', { name: 'Create product' }).click();
  await check(page, 'the new product form with its errors', 'Add product');
  await expectFieldErrorsAnnounced(page, 'the new product form with its errors');
  await open(page, at('products/import'), 'Import products');

  await open(page, at('categories'), 'Categories');
  // A modal dialog hides the page behind it, heading included, from assistive technology.
  await go(page, at('categories/create'));
  const dialog = page.getByRole('dialog', { name: 'Add new Category' });
  await expect(dialog).toBeVisible(LOAD);
  await expect(dialog.getByRole('radiogroup', { name: 'Icons' }).getByRole('radio').first()).toBeAttached(
    LOAD,
  );
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expectNoSeriousA11yViolations(page, 'the new category dialog with its errors');
  await expectFieldErrorsAnnounced(page, 'the new category dialog with its errors');

  await open(page, at('attributes'), 'Attributes');
  await open(page, at('discounts'), 'Discounts');
  await page.getByRole('button', { name: 'Create discount' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Create discount' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the new discount dialog');
  await page.keyboard.press('Escape');

  await open(page, at('orders'), 'Orders');
  await page
    .getByRole('link', { name: /SKN\d+/ })
    .first()
    .click();
  await check(page, 'an order in the back office', /SKN\d+/);

  await open(page, at('customers'), 'Customers');
  const customer = page.getByRole('row').getByRole('link').first();
  const customerName = (await customer.innerText()).trim();
  await customer.click();
  await check(page, 'a customer in the back office', customerName);
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByRole('dialog', { name: /^Block / })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the block dialog');
  await page.keyboard.press('Escape');

  await open(page, at('staff'), 'Staff');
  await expect(page.getByRole('list', { name: 'Staff', exact: true })).toBeVisible();
});

test('an invitee: the join page, then its field errors', async ({ page }, testInfo) => {
  // The demo owner invites a packer from the staff screen; the link comes from the mailbox.
  const email = uniqueEmail('invitee');
  await adminSignsIn(page);
  await backOffice(page).getByRole('link', { name: 'Staff' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page.getByRole('list', { name: 'Invitations' }).getByRole('listitem', { name: email }),
  ).toBeVisible(LOAD);
  const link = /\/admin\/join\/[A-Za-z0-9_-]{43}/.exec(await newestMail(page, testInfo, email));
  expect(link, 'the join link in the mail').toBeTruthy();
  await signOutOfBackOffice(page);

  await open(page, link![0], 'Join the Sokoni team');
  await page.getByRole('button', { name: 'Join the team' }).click();
  await check(page, 'the join page with its errors', 'Join the Sokoni team');
  await expectFieldErrorsAnnounced(page, 'the join page with its errors');
});

test('a rider on a phone: their deliveries, one of them to deliver', async ({ page }) => {
  // The packer sends a packed order out with the demo rider (the mocked shop lives in the page's storage).
  await adminSignsIn(page, DEMO_ACCOUNTS.packer);
  await backOffice(page).getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('combobox', { name: 'Fulfilment' }).selectOption({ label: 'Processing' });
  await expect(page).toHaveURL(/status=processing/);
  await page
    .getByRole('link', { name: /SKN\d+/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: /SKN\d+/ })).toBeVisible(LOAD);
  await sendOutWith(page);
  await signOutOfBackOffice(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await adminSignsIn(page, DEMO_ACCOUNTS.rider, 'deliveries');
  await expect(page.getByRole('list', { name: 'To deliver' }).getByRole('listitem').first()).toBeVisible(
    LOAD,
  );
  await check(page, 'a rider’s deliveries', 'My deliveries');
});
