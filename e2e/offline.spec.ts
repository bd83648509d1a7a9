import { expect, test, type Page } from '@playwright/test';
import { deployNewBuild, startOwnShop, type OwnShop } from './support/deploy';
import { signUp, uniqueEmail } from './support/accounts';
import { appReady, buyableCards, cardName } from './support/shop';

// The installable storefront on the real server, with its service worker (the live projects block
// service workers elsewhere). Offline is the browser context's.

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 90_000 });

/** Waits until the shop's service worker controls the page: from then on what is browsed is kept. */
const workerControls = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

const LOAD = { timeout: 20_000 };

test('a signed-in shopper fills the cart offline, reloads offline, and pays through a dropped connection: one line, one order, one prompt', async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/auth');
  await signUp(page, testInfo, { email: uniqueEmail('offline'), name: 'Neema Wambui' });
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Account' })).toBeVisible(LOAD);
  await workerControls(page);

  // Online: a category, then a product, as a shopper taps through them.
  await page.getByRole('link', { name: 'Sokoni home' }).click();
  await page.getByRole('list', { name: 'Shop by category' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/view\/category\//);
  const card = buyableCards(page).first();
  await expect(card).toBeVisible(LOAD);
  const name = await cardName(card);
  await card.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(LOAD);
  const productUrl = page.url();
  await page.goBack();
  await expect(page).toHaveURL(/\/view\/category\//);

  // The connection drops: the shop says so, and the product last seen still opens.
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toHaveText("You're offline — showing what you last saw");
  await page.getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(LOAD);
  const main = page.getByRole('main');
  await expect(main.getByTestId('last-seen').first()).toHaveText('last seen');
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  const stepper = main.getByRole('group', { name: `Quantity of ${name}` });
  await expect(stepper.getByRole('status')).toHaveText('1 in cart');

  // A reload with no connection: the page, the product and the cart are still there.
  await page.reload();
  expect(page.url()).toBe(productUrl);
  await appReady(page);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(LOAD);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(header.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible(LOAD);

  // Back online, the queued change is sent once: the server's cart has exactly that one line.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  const token = await page.evaluate(() => localStorage.getItem('sokoni.token'));
  const serverCart = async () => {
    const res = await page.request.get('/api/v1/cart', { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status(), await res.text()).toBe(200);
    const { data: cart } = (await res.json()) as { data: { Items: { name: string; quantity: number }[] } };
    return cart.Items.map((i) => `${i.name} × ${i.quantity}`);
  };
  await expect.poll(serverCart, LOAD).toEqual([`${name} × 1`]);
  await page.reload();
  await expect(header.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible(LOAD);
  expect(await serverCart()).toEqual([`${name} × 1`]);

  // Checkout, and the connection drops while Pay is on its way: the order is made, its answer lost.
  await header.getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible(LOAD);
  // A phone the Daraja simulator leaves waiting for a person (…09), its own in this run.
  const phone = `0712${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}09`;
  await page.getByRole('combobox', { name: 'Delivery area' }).selectOption({ label: 'Westlands' });
  await page.getByRole('textbox', { name: 'Delivery address' }).fill('Mpaka Road, Apt 4B');
  await page.getByRole('textbox', { name: 'M-Pesa phone number' }).fill(phone);
  await expect(page.getByTestId('checkout-shipping')).toHaveText(/^KSH /);
  let sent = 0;
  await context.route('**/api/v1/checkout', async (route) => {
    sent += 1;
    if (sent > 1) return route.continue();
    await route.fetch();
    await context.setOffline(true);
    await route.abort('internetdisconnected');
  });
  await page.getByRole('button', { name: /^Pay KSH/ }).click();
  await expect(page.getByText(/^Connection lost/)).toBeVisible(LOAD);
  await expect(page.getByRole('button', { name: /^Pay KSH/ })).toBeDisabled();

  // Back online, the same request goes again with the same Idempotency-Key: the order it made.
  await context.setOffline(false);
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/, LOAD);
  expect(sent).toBe(2);
  const prompts = await page.request.get(`/api/dev/phone/prompts?phone=${phone}`);
  const { data: waiting } = (await prompts.json()) as { data: { checkoutRequestId: string }[] };
  expect(waiting, 'one M-Pesa prompt').toHaveLength(1);
  const orders = await page.request.get('/api/v1/orders', { headers: { Authorization: `Bearer ${token}` } });
  expect(((await orders.json()) as { data: unknown[] }).data, 'one order').toHaveLength(1);

  // The shopper pays on the phone; the order page shows it.
  await page.request.post(`/api/dev/phone/prompts/${waiting[0]!.checkoutRequestId}/pay`);
  await expect(page.getByRole('region', { name: 'Payment' }).getByText(/^Paid on /)).toBeVisible(LOAD);
});

test.describe('a new deployment while a page is open', () => {
  let shop: OwnShop;
  test.beforeAll(async () => {
    // A server of its own, whose build this test replaces; the live project's stays as it is.
    shop = await startOwnShop(Number(process.env.E2E_LIVE_PORT ?? 3100) + 7, 'deploy');
  });
  test.afterAll(async () => shop?.stop());

  test('the open page keeps working on its own build, offers Reload, and then shows the new one', async ({
    page,
    request,
  }) => {
    await page.goto(`${shop.url}/`);
    await appReady(page);
    await workerControls(page);
    // The app's entry script this page runs (a rendered page loads it from an inline script).
    const entry = async () =>
      page.evaluate(
        () =>
          performance
            .getEntriesByType('resource')
            .map((e) => e.name)
            .find((name) => /\/assets\/index-/.test(name)) ?? '',
      );
    const oldEntry = await entry();

    const renamed = deployNewBuild(shop.staticDir);
    const oldMore = [...renamed.keys()].find((f) => /^more-/.test(f))!;
    // The server no longer has the old build's files…
    expect((await request.get(`${shop.url}/assets/${oldMore}`)).status()).toBe(404);
    // …yet a page of the old build not opened before still opens: its code comes from the worker.
    await page.getByRole('banner').getByRole('link', { name: 'More' }).click();
    await expect(page).toHaveURL(/\/more$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The tab coming back into view asks for a new worker, as it does every half hour.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'A new version is ready' });
    await expect(toast).toBeVisible({ timeout: 30_000 });
    // The new worker takes over, and the page reloads from it.
    const reloaded = page.waitForEvent('load');
    await toast.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page).toHaveURL(/\/more$/);
    await expect.poll(entry, { timeout: 20_000 }).not.toBe(oldEntry);
    expect(await entry()).toMatch(/v2\.js$/);
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
