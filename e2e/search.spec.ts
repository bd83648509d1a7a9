import { expect, test, type Page } from '@playwright/test';

// Search from the landing page to a product and back, on the real server's index: 'tilapa' (one
// letter missing) finds the seeded Whole Tilapia and Dried Tilapia, and 'sukuma wiki' and 'mandazi'
// are seeded too.

const LOAD = { timeout: 15_000 };
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search our products' });
const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' });

/** The names of the options' products, as the first of their aria-labelledby elements shows them. */
async function optionName(page: Page, index: number): Promise<string> {
  const ids = await results(page).getByRole('option').nth(index).getAttribute('aria-labelledby');
  const id = ids?.split(' ')[0];
  return (await page.locator(`[id="${id}"]`).innerText()).trim();
}

/** Counts the search requests the page makes. */
function countSearches(page: Page) {
  const queries: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/api/v1/search/orama')) queries.push(url.searchParams.get('q') ?? '');
  });
  return queries;
}

test('a shopper searches from the landing page, opens a product despite a typo, and comes back to the search', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByPlaceholder('search our products').focus();
  await expect(page).toHaveURL('/search');
  await expect(page).toHaveTitle('Sokoni | Search');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await expect(searchBox(page)).toBeFocused();

  // Results appear as the shopper types, best first.
  await page.keyboard.type('tilapa', { delay: 40 });
  // The count names the whole query once its results are shown (a part typed earlier has its own).
  await expect(page.getByRole('status').filter({ hasText: 'for “tilapa”' })).toBeVisible(LOAD);
  const first = results(page).getByRole('option').first();
  await expect(first).toBeVisible(LOAD);
  const name = await optionName(page, 0);
  expect(name).toMatch(/tilapia/i);
  await expect(first.locator('img')).toHaveAttribute('loading', 'lazy');
  // The query is in the address, so a reload keeps it.
  await expect(page).toHaveURL('/search?q=tilapa');
  await page.reload();
  await expect(searchBox(page)).toHaveValue('tilapa');
  await expect(first).toBeVisible(LOAD);

  // Opening it shows its details; the link carries the product id and category base64-encoded.
  await first.click();
  await expect(page).toHaveURL(/\/view\/product\/[A-Za-z0-9_-]+\?c=[A-Za-z0-9_-]+$/);
  const url = new URL(page.url());
  const productId = Buffer.from(url.pathname.split('/').pop()!, 'base64url').toString();
  const categoryId = Buffer.from(url.searchParams.get('c')!, 'base64url').toString();
  expect(productId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(categoryId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(LOAD);

  // Back brings the search back from the address.
  await page.goBack();
  await expect(page).toHaveURL('/search?q=tilapa');
  await expect(searchBox(page)).toHaveValue('tilapa');
  await expect(first).toBeVisible(LOAD);

  // Leaving for the shop forgets it (docs/behaviour.md#search): the search page opens clean, offering it
  // again.
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL('/');
  // The search page's own box (same placeholder) is gone before the landing box is used.
  await expect(page.getByRole('link', { name: 'Back to the shop' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Promotions' })).toBeVisible(LOAD);
  await page.getByPlaceholder('search our products').focus();
  await expect(page).toHaveURL('/search');
  await expect(searchBox(page)).toHaveValue('');
  await expect(results(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Search for tilapa' })).toBeVisible();
});

test('Enter searches, a blank query sends nothing, and recent searches can be used and cleared', async ({
  page,
}) => {
  const searches = countSearches(page);
  await page.goto('/search');
  await expect(searchBox(page)).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Popular searches' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent searches' })).toHaveCount(0);

  await searchBox(page).fill('sukuma wiki');
  await searchBox(page).press('Enter');
  await expect(results(page).getByRole('option').first()).toBeVisible(LOAD);
  expect(await optionName(page, 0)).toMatch(/sukuma wiki/i);

  // Arrow keys move through the results; Escape lets go.
  await searchBox(page).press('ArrowDown');
  await expect(results(page).getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await searchBox(page).press('Escape');
  await expect(results(page).getByRole('option').first()).toHaveAttribute('aria-selected', 'false');

  // Emptied, the box offers the recent search; spaces and Enter send nothing.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(searchBox(page)).toBeFocused();
  await expect(page.getByRole('button', { name: 'Search for sukuma wiki' })).toBeVisible();
  const sent = searches.length;
  expect(sent).toBeGreaterThan(0);
  await searchBox(page).pressSequentially('   ');
  await searchBox(page).press('Enter');
  await page.waitForTimeout(600);
  expect(searches.length).toBe(sent);
  await expect(page.getByTestId('global-loader')).toHaveCount(0);

  // Nothing found: a helpful empty state.
  await searchBox(page).fill('zzqxw');
  await expect(page.getByRole('heading', { name: 'No products match “zzqxw”' })).toBeVisible(LOAD);
  await expect(page.getByRole('link', { name: /browse categories/i })).toHaveAttribute('href', '/');

  // A recent search searches again, and survives a reload; then it can be cleared.
  await searchBox(page).fill('');
  await page.getByRole('button', { name: 'Search for sukuma wiki' }).click();
  await expect(searchBox(page)).toHaveValue('sukuma wiki');
  await expect(results(page).getByRole('option').first()).toBeVisible(LOAD);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).toHaveURL('/search');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Search for sukuma wiki' })).toBeVisible(LOAD);
  await page.getByRole('button', { name: 'Clear recent searches' }).click();
  await expect(page.getByRole('heading', { name: 'Recent searches' })).toHaveCount(0);
});
