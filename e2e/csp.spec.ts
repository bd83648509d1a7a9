import { expect, test, type Page } from '@playwright/test';
import { admin, shopper, signInAs } from './support/session';
import { buyableCards, cardName } from './support/shop';

// Issue 13 §6: every HTML page the server sends has a strict Content-Security-Policy (server/lib/csp.ts),
// and nothing the shop does on it breaks that policy: no script, style or connection the policy
// refuses, on the storefront, the auth pages, the account and the back office. Only the real server
// sends the policy, so this runs in the `live-shop` project.

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { __cspViolations: unknown[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample }),
    );
  });
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  return async (): Promise<(Violation | string)[]> => [
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations)),
    ...console,
  ];
}

/** Opens `path`, checks its policy header, and waits until the page has settled. */
async function open(page: Page, path: string, heading?: RegExp | string) {
  const res = await page.goto(path);
  const policy = res!.headers()['content-security-policy'] ?? '';
  expect(policy, `policy of ${path}`).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
  expect(policy).toContain("object-src 'none'");
  expect(policy).toContain("base-uri 'none'");
  expect(policy).toContain("frame-ancestors 'none'");
  if (heading)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await expectNoncedStyles(page);
}

/** Every <style> on the page carries the nonce: one added without it is refused, even before a report. */
async function expectNoncedStyles(page: Page) {
  const bare = await page.evaluate(() =>
    [...document.querySelectorAll('style')].filter((s) => !s.nonce).map((s) => s.outerHTML.slice(0, 80)),
  );
  expect(bare).toEqual([]);
}

test('the storefront and auth pages keep to their policy, toasts included', async ({ page }) => {
  const violations = await watchViolations(page);
  const nonces = new Set<string>();
  page.on('response', (r) => {
    const m = /'nonce-([^']+)'/.exec(r.headers()['content-security-policy'] ?? '');
    if (m && r.request().resourceType() === 'document') nonces.add(m[1]!);
  });
  await open(page, '/');
  await open(page, '/search?q=sugar');
  await open(page, '/more');
  await open(page, '/cart');
  await open(page, '/auth');
  await open(page, '/admin/auth');
  await open(page, '/');
  const card = buyableCards(page).first();
  const name = await cardName(card);
  await card.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 15_000 });
  // A toast: sonner's styles come from a stylesheet, not an inline <style>.
  await page.getByRole('main').getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item was successfully added to cart')).toBeVisible();
  await expect(page.locator('[data-sonner-toast]').first()).toHaveCSS('position', /absolute|relative|fixed/);
  // A product page opened directly, and a category page.
  await open(page, page.url().replace(/^https?:\/\/[^/]+/, ''), name);
  expect(await violations()).toEqual([]);
  // A fresh nonce for every page.
  expect(nonces.size).toBeGreaterThanOrEqual(7);
});

test('the account pages keep to their policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await signInAs(page, test.info().project.name, shopper);
  for (const path of ['/account', '/account/orders', '/profile', '/saved-items', '/checkout'])
    await open(page, path);
  expect(await violations()).toEqual([]);
});

test('the back office keeps to its policy', async ({ page }) => {
  const violations = await watchViolations(page);
  const me = await signInAs(page, test.info().project.name, admin);
  for (const path of [
    'dashboard',
    'products',
    'products/create',
    'categories',
    'attributes',
    'discounts',
    'orders',
  ]) {
    await open(page, `/admin/${me.userId}/${path}`);
    if (path === 'products/create') {
      // The rich-text editor adds its own <style> when it mounts.
      await expect(page.locator('[contenteditable="true"]').first()).toBeVisible();
      await expectNoncedStyles(page);
    }
  }
  expect(await violations()).toEqual([]);
});
