import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../contract/demo-accounts';
import { nairobiDate, nairobiDayStart } from '../../contract/nairobi-time';
import { formatKenyanPhone } from '../../contract/phone';
import { continueWithEmail, signOut } from './accounts';
import { buyableCards, cardName } from './shop';

// The people of an order's journey, by the app's own forms, for the specs that follow one order from
// the shop through the back office (admin-orders, deliveries, customers; a11y's rider).

const LOAD = { timeout: 20_000 };

export async function shopperSignsIn(page: Page) {
  await page.goto('/auth');
  await continueWithEmail(page, DEMO_ACCOUNTS.shopper.email);
  await expect(page.getByRole('heading', { name: 'Welcome back, Wanjiku' })).toBeVisible(LOAD);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNTS.shopper.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toContainText(
    'Wanjiku',
    LOAD,
  );
}

export async function shopperSignsOut(page: Page) {
  await signOut(page);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Account' })).toHaveCount(0, LOAD);
}

/** A staff member signs in at /admin/auth (the demo admin unless told) and lands on `landing`. */
export async function adminSignsIn(
  page: Page,
  account: { email: string; password: string } = DEMO_ACCOUNTS.admin,
  landing: 'dashboard' | 'deliveries' = 'dashboard',
) {
  await page.goto('/admin/auth');
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in to the back office' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/[0-9a-f-]{36}/${landing}$`), LOAD);
}

/** Logout from the back office; the app reloads away from it before the next page is opened. */
export async function signOutOfBackOffice(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL((url) => !/^\/admin\/[0-9a-f-]{36}/.test(url.pathname), LOAD);
  await page.waitForLoadState('load');
}

/** On the open order: Out for delivery, picking the demo rider. */
export async function sendOutWith(page: Page, rider = DEMO_ACCOUNTS.rider) {
  const actions = page.getByRole('group', { name: 'Order actions' });
  await actions.getByRole('button', { name: 'Out for delivery', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /out for delivery$/ });
  const picker = dialog.getByRole('combobox', { name: 'Rider' });
  await expect(picker.getByRole('option', { name: new RegExp(`^${rider.name}`) })).toHaveCount(1, LOAD);
  await picker.selectOption({ label: `${rider.name} (${formatKenyanPhone(rider.phone)})` });
  await dialog.getByRole('button', { name: 'Out for delivery' }).click();
  await expect(page.getByRole('region', { name: 'Rider' })).toContainText(rider.name, LOAD);
}

export const backOffice = (page: Page) => page.getByRole('navigation', { name: 'Admin menu', exact: true });

/** The shopper buys one unit of the first buyable product, paying from `phone`; answers the order number. */
export async function buyOne(page: Page, phone: string): Promise<number> {
  await page.getByRole('link', { name: 'Sokoni home' }).click();
  const card = buyableCards(page, page.getByRole('list', { name: 'Our products' })).first();
  await expect(card).toBeVisible(LOAD);
  const name = await cardName(card);
  await page.getByRole('article', { name }).getByRole('button', { name: 'Add to Cart' }).click();
  await page
    .getByRole('banner')
    .getByRole('link', { name: /^Cart, / })
    .click();
  // The move to the cart has settled (its page and its total shown) before the next link is used.
  await expect(page).toHaveURL('/cart');
  await expect(page.getByTestId('cart-subtotal')).toBeVisible(LOAD);
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL('/checkout', LOAD);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible(LOAD);
  await page.getByRole('combobox', { name: 'Delivery area' }).selectOption({ label: 'Westlands' });
  await page.getByRole('textbox', { name: 'Delivery address' }).fill('Mpaka Road, Apt 4B, 3rd floor');
  await page.getByRole('textbox', { name: 'M-Pesa phone number' }).fill(phone);
  await expect(page.getByTestId('checkout-shipping')).toHaveText(/^KSH /);
  await page.getByRole('button', { name: /^Pay KSH/ }).click();
  const heading = page.getByRole('heading', { name: /^Order #\d+$/ });
  await expect(heading).toBeVisible(LOAD);
  return Number((await heading.innerText()).replace(/\D/g, ''));
}

/** The demo shopper signs in, buys one item paid at once from a phone M-Pesa approves, and signs out; answers the order number. */
export async function paidOrder(page: Page): Promise<number> {
  await shopperSignsIn(page);
  const number = await buyOne(page, '0712345600');
  await expect(page.getByRole('region', { name: 'Payment' }).getByText(/^Paid on /)).toBeVisible({
    timeout: 30_000,
  });
  await shopperSignsOut(page);
  return number;
}

/** The demo shopper signs in and finds the order delivered in their orders. */
export async function shopperSeesDelivered(page: Page, number: number) {
  await shopperSignsIn(page);
  await page.goto('/account/orders');
  const row = page
    .getByRole('list', { name: 'Your orders' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `Order #${number}` }) });
  await expect(row.getByText('Delivered')).toBeVisible(LOAD);
}

/** From the back office's menu to one order, found by its number. */
export async function openOrder(page: Page, number: number) {
  await backOffice(page).getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(String(number));
  // The box reaches the address only once typing pauses (the router may write the number quoted,
  // `q="1277"`). A click on the order before then (often listed already, being the newest) was
  // undone by that late change of the list's address, and the order's page never came: a retry.
  await expect(page).toHaveURL((url) => (url.searchParams.get('q') ?? '').includes(String(number)), LOAD);
  const link = page.getByRole('link', { name: new RegExp(`SKN${number}\\b`) }).first();
  await expect(link).toBeVisible(LOAD);
  await link.click();
  await expect(page.getByRole('heading', { name: new RegExp(`SKN${number}`) })).toBeVisible(LOAD);
}

/**
 * Waits out the last minute of a Nairobi day, so that what a step does and what it then reads about
 * "today" (a rider's delivered today) fall on the same day whatever the clock says.
 */
export async function clearOfNairobiMidnight(margin = 60_000) {
  const now = Date.now();
  const midnight = nairobiDayStart(nairobiDate(new Date(now))).getTime() + 86_400_000;
  const wait = midnight - now;
  if (wait >= margin) return;
  test.info().setTimeout(test.info().timeout + wait + 1_000);
  await new Promise((resolve) => setTimeout(resolve, wait + 1_000));
}
