import { expect, test } from '@playwright/test';
import { deployNewBuild, startOwnShop, type OwnShop } from './support/deploy';
import { appReady } from './support/shop';

// The installable storefront on the real server, with its service worker (the live projects block
// service workers elsewhere). Offline is the browser context's.

test.use({ serviceWorkers: 'allow' });
test.describe.configure({ timeout: 90_000 });

/** Waits until the shop's service worker controls the page: from then on what is browsed is kept. */
const workerControls = (page: import('@playwright/test').Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

test.describe('a new deployment while a page is open', () => {
  let shop: OwnShop;
  test.beforeAll(async ({}, testInfo) => {
    // A server of its own, whose build this test replaces; the live project's stays as it is.
    shop = await startOwnShop(
      Number(process.env.E2E_LIVE_PORT ?? 3100) + 7,
      `deploy-${testInfo.workerIndex}`,
    );
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
    await toast.getByRole('button', { name: 'Reload' }).click();
    await page.waitForURL(/\/more$/);
    await expect.poll(entry, { timeout: 20_000 }).not.toBe(oldEntry);
    expect(await entry()).toMatch(/v2\.js$/);
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
