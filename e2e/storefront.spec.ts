import { expect, test, type Locator } from '@playwright/test';
import { buyableCards, cardName, ksh, money } from './support/shop';

// The storefront as a guest uses it: landing page, a category, a product and the cart, on the real
// server (playwright.config.ts says why not on the mocks too). The steps pick products by position
// and state (the first ones in stock) and read names and prices off the page, so they hold for any
// catalogue, the mock fixtures' as much as the seeded one.

// Several page loads each, which on a busy two-core machine take their time.
test.describe.configure({ timeout: 90_000 });
const PAGE_LOAD = { timeout: 20_000 };

test('a guest browses, fills the cart, changes quantities and keeps the cart after a reload', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByPlaceholder('search our products')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Promotions' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Promotions' }).getByText('24:00:00')).toBeVisible();
  const products = page.getByRole('list', { name: 'Our products' });
  await expect(products.getByRole('article').first()).toBeVisible(PAGE_LOAD);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  // A category from the landing page.
  const firstCategory = page.getByRole('list', { name: 'Shop by category' }).getByRole('link').first();
  const categoryName = (await firstCategory.innerText()).split('\n')[0]!.trim();
  await firstCategory.click();
  await expect(page).toHaveURL(/\/view\/category\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible(PAGE_LOAD);
  await expect(page).toHaveTitle(`Sokoni | ${categoryName}`);

  // The first product in stock: its details, then two of it.
  const firstCard = buyableCards(page).first();
  await expect(firstCard).toBeVisible();
  const firstName = await cardName(firstCard);
  await firstCard.getByRole('link', { name: firstName }).click();
  await expect(page).toHaveURL(/\/view\/product\/[A-Za-z0-9_-]+\?c=[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible(PAGE_LOAD);
  await expect(page).toHaveTitle(`Sokoni | ${firstName}`);
  const main = page.getByRole('main');
  const firstPrice = ksh(await main.getByTestId('price').first().textContent());
  await main.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Item was successfully added to cart')).toBeVisible();
  const firstStepper = main.getByRole('group', { name: `Quantity of ${firstName}` });
  await firstStepper.getByRole('button', { name: `Increase quantity of ${firstName}` }).click();
  await expect(firstStepper.getByRole('status')).toHaveText('2 in cart');
  await expect(header.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  // Back to the category for a second product, added from its card.
  await page
    .getByRole('navigation', { name: /breadcrumb/i })
    .getByRole('link', { name: categoryName })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible(PAGE_LOAD);
  const secondCard = buyableCards(page).first();
  const secondName = await cardName(secondCard);
  expect(secondName).not.toBe(firstName);
  const secondPrice = ksh(await secondCard.getByTestId('price').textContent());
  await secondCard.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByRole('article', { name: secondName }).getByRole('status')).toHaveText('1 in cart');
  await expect(header.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

  // The cart: lines, totals, quantity changes.
  await header.getByRole('link', { name: 'Cart, 3 items' }).click();
  await expect(page).toHaveURL('/cart');
  await expect(page.getByRole('list', { name: 'Items in your cart' })).toBeVisible(PAGE_LOAD);
  const first = page.getByRole('listitem', { name: firstName });
  const second = page.getByRole('listitem', { name: secondName });
  await expect(first.getByTestId('line-total')).toHaveText(money(firstPrice * 2));
  await expect(second.getByTestId('line-total')).toHaveText(money(secondPrice));
  const subtotal = page.getByTestId('cart-subtotal');
  await expect(subtotal).toHaveText(money(firstPrice * 2 + secondPrice));

  await second.getByRole('button', { name: `Increase quantity of ${secondName}` }).click();
  await expect(second.getByTestId('line-total')).toHaveText(money(secondPrice * 2));
  await first.getByRole('button', { name: `Decrease quantity of ${firstName}` }).click();
  await expect(first.getByTestId('line-total')).toHaveText(money(firstPrice));
  const expected = money(firstPrice + secondPrice * 2);
  await expect(subtotal).toHaveText(expected);
  await expect(page.getByText('Subtotal (3 items)')).toBeVisible();

  // A reload keeps the cart.
  await page.reload();
  await expect(page.getByRole('listitem', { name: firstName }).getByRole('status')).toHaveText(
    '1 in cart',
    PAGE_LOAD,
  );
  await expect(page.getByRole('listitem', { name: secondName }).getByRole('status')).toHaveText('2 in cart');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(expected, PAGE_LOAD);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

  // Guests sign in before checkout.
  await expect(page.getByRole('link', { name: 'Proceed to checkout' })).toHaveAttribute(
    'href',
    '/auth?redirect=%2Fcheckout',
  );
});

test('the categories sit in one row without an orphan, and the fruit & vegetables offer opens its category', async ({
  page,
}) => {
  const list = page.getByRole('list', { name: 'Shop by category' });
  const tiles = list.getByRole('listitem');
  /** Whether the row is wider than its box, so some tiles are reached by scrolling sideways. */
  const scrolls = () => list.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  /** The tiles' rows, as the number of tiles on each (by their top edge). */
  const rows = async () => {
    const tops = await tiles.evaluateAll((items) =>
      items.map((i) => Math.round(i.getBoundingClientRect().top)),
    );
    return [...new Set(tops)].map((top) => tops.filter((t) => t === top).length);
  };

  // A laptop: every category in one row.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(tiles.first()).toBeVisible(PAGE_LOAD);
  expect(await rows()).toEqual([await tiles.count()]);
  // The tiles (at least 7.5rem, 1rem apart) share the row when they fit and scroll sideways when
  // not: the nine of the sample catalogue fit; the e2e admin may have added more by now.
  const { width, count } = await list.evaluate((el) => ({
    width: el.clientWidth,
    count: el.children.length,
  }));
  expect(await scrolls()).toBe(count * 120 + (count - 1) * 16 > width);

  // A phone: the same row, scrolled sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(rows).toEqual([await tiles.count()]);
  expect(await scrolls()).toBe(true);

  // The promotion's button opens the category it names.
  const promotions = page.getByRole('region', { name: 'Promotions' });
  await promotions.getByRole('button', { name: 'Go to slide 1' }).click();
  await promotions.getByRole('link', { name: 'Shop the offer' }).click();
  await expect(page).toHaveURL(/\/view\/category\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Fruits & Vegetables' })).toBeVisible(PAGE_LOAD);
});

test('a category sorts its products by price', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('list', { name: 'Shop by category' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/view\/category\//);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page.getByRole('article').first()).toBeVisible();
  // The order follows the listed (first variant) price; a card on sale shows it struck through.
  const listed = async (card: Locator) => {
    const original = card.getByTestId('original-price');
    return ksh(
      await ((await original.count()) > 0 ? original : card.getByTestId('price')).textContent({
        timeout: 2000,
      }),
    );
  };
  await expect(async () => {
    const prices: number[] = [];
    for (const card of await page.getByRole('article').all()) prices.push(await listed(card));
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  }).toPass(PAGE_LOAD);
});

test('links that name no product or category show a friendly not-found page', async ({ page }) => {
  await page.goto('/view/product/bm9wZQ');
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible(PAGE_LOAD);
  await expect(page.getByRole('banner')).toBeVisible();
  await page.goto('/view/category/bm9wZQ');
  await expect(page.getByRole('heading', { level: 1, name: 'Category not found' })).toBeVisible(PAGE_LOAD);
  await page.getByRole('link', { name: 'See all products' }).click();
  await expect(page.getByRole('heading', { name: 'Our products' })).toBeVisible(PAGE_LOAD);
});
