import { expect, test } from '@playwright/test';
import { admin, shopper, signInAs } from './support/session';
import { appReady } from './support/shop';

// The SPA shell: layout, titles, not-found, guards and the More page, served by the real server
// (`live-shop`), whose rendered first page the shell then takes over.

test.describe('layout', () => {
  test('the landing page has the header, the search box and the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Sokoni | Home');

    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sokoni home' })).toBeVisible();
    const menu = header.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link')).toHaveText(['Home', 'More']);
    await expect(header.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign in' })).toBeVisible();

    await expect(page.getByRole('heading', { level: 1 })).toContainText('Fresh food and groceries');
    await expect(page.getByPlaceholder('search our products')).toBeVisible();
    await expect(header.getByPlaceholder('search our products')).toHaveCount(0);

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Release v0.0.7')).toBeVisible();
    await expect(footer.getByText(/© \d{4} Sokoni/)).toBeVisible();
  });

  test('every page names itself in the title', async ({ page }) => {
    for (const [path, title] of [
      ['/', 'Sokoni | Home'],
      ['/more', 'Sokoni | More'],
      ['/cart', 'Sokoni | Cart'],
      ['/search', 'Sokoni | Search'],
      ['/auth', 'Sokoni | Sign in'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
  });

  test('moving between pages keeps the layout and updates the title', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'More' }).click();
    await expect(page).toHaveURL('/more');
    await expect(page).toHaveTitle('Sokoni | More');
    await expect(page.getByRole('heading', { level: 1, name: 'More' })).toBeVisible();
  });

  test('focusing the landing search box opens the search page, which has no header', async ({ page }) => {
    await page.goto('/');
    await page.getByPlaceholder('search our products').focus();
    await expect(page).toHaveURL('/search');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expect(page.getByRole('searchbox', { name: 'Search our products' })).toBeFocused();
  });

  test('any other path shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Sokoni | Page not found');
    await page.getByRole('link', { name: 'Back to the shop' }).click();
    await expect(page).toHaveURL('/');
  });

  test('buttons ripple from where they are pressed', async ({ page }) => {
    await page.goto('/more');
    await appReady(page);
    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign in' });
    await signIn.hover();
    await page.mouse.down();
    await expect(signIn.locator('.sokoni-ripple')).toHaveCount(1);
    // The wave removes itself when its animation ends.
    await expect(signIn.locator('.sokoni-ripple')).toHaveCount(0, { timeout: 3000 });
    // Let go elsewhere so the press does not become a click.
    await page.mouse.move(600, 600);
    await page.mouse.up();
    await expect(page).toHaveURL('/more');
  });

  test('below the large breakpoint the menu moves into a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    await appReady(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'More' })).toBeVisible();
    await drawer.getByRole('link', { name: 'More' }).click();
    await expect(page).toHaveURL('/more');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test('the API answers under /api, and unknown API routes are JSON 404s', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner')).toBeVisible();
  const [health, missing] = await page.evaluate(async () => {
    const get = async (path: string) => {
      const response = await fetch(path, { headers: { Accept: 'application/json' } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    return [await get('/api/health'), await get('/api/v1/no-such-route')];
  });
  expect(health.status).toBe(200);
  expect(health.body.data).toMatchObject({ status: 'ok', version: 'v0.0.7' });
  expect(missing.status).toBe(404);
  expect(missing.body).toMatchObject({ code: 'not_found' });
  expect(String(missing.body.message)).toContain('Correlation ID');
});

test.describe('guards for a guest', () => {
  for (const [from, to] of [
    ['/checkout', '/auth?redirect=%2Fcheckout'],
    ['/account', '/auth?redirect=%2Faccount'],
    ['/account/orders', '/auth?redirect=%2Faccount%2Forders'],
    ['/saved-items', '/auth?redirect=%2Fsaved-items'],
    ['/admin', '/admin/auth'],
    ['/admin/x/dashboard', '/admin/auth'],
  ] as const) {
    test(`${from} → ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(to);
    });
  }

  test('the sign-in page has no header', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Sign in or create an account' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  });
});

test.describe('guards for signed-in people', () => {
  test('a shopper sees Orders and Saved Items and is kept off guest pages', async ({ page }, testInfo) => {
    await signInAs(page, testInfo.project.name, shopper);
    await page.goto('/more');
    const menu = page.getByRole('banner').getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link')).toHaveText(['Home', 'Orders', 'Saved Items', 'More']);
    await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();

    await page.goto('/auth');
    await expect(page).toHaveURL('/');
    await page.goto('/admin/x/dashboard');
    await expect(page).toHaveURL('/');
    await page.goto('/account');
    await expect(page).toHaveURL('/account/dashboard');
    await expect(page).toHaveTitle('Sokoni | My account');
  });

  test('an admin is sent to their dashboard from guest pages and the user area', async ({
    page,
  }, testInfo) => {
    const me = await signInAs(page, testInfo.project.name, admin);
    for (const from of ['/admin', '/admin/auth', '/auth', '/account', `/admin/${me.userId}`]) {
      await page.goto(from);
      await expect(page).toHaveURL(`/admin/${me.userId}/dashboard`);
    }
    await expect(page.getByRole('heading', { name: 'Admin dashboard' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
  });
});

test('the More page explains delivery, payment, returns and how to reach us', async ({ page }) => {
  await page.goto('/more');
  await expect(page.getByRole('heading', { level: 1, name: 'More' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Delivery information' })).toBeVisible();
  await expect(page.getByText(/Nairobi and its surroundings/)).toBeVisible();

  await page.getByRole('button', { name: 'How does paying with M-Pesa work?' }).click();
  await expect(page.getByText(/M-Pesa payment request to the phone number/)).toBeVisible();
  await page.getByRole('button', { name: 'What is your returns and refunds policy?' }).click();
  await expect(page.getByText(/replace it or refund it to your M-Pesa/)).toBeVisible();

  await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'help@sokoni.co.ke' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Terms of service (summary)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Privacy (summary)' })).toBeVisible();
  await expect(page.getByText('Sokoni storefront, release v0.0.7')).toBeVisible();
});
