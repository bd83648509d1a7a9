import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page, type Response } from '@playwright/test';
import { backOffice } from './support/orders';
import { admin, shopper, signInAs } from './support/session';
import { money, toDashboardFromShop } from './support/shop';

// The back office (issue 10), on the real server (playwright.config.ts says where each spec runs). A
// reused live server keeps its data, so names are unique to the run.

const LOAD = { timeout: 20_000 };
const UPLOADS = path.join(import.meta.dirname, '../server/test/fixtures/uploads');

/** A short token no other run has used. */
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** From the shop's header to the back office's section, by the admin's account menu. */
async function toBackOffice(page: Page, section: 'Products') {
  await toDashboardFromShop(page);
  await backOffice(page).getByRole('link', { name: section }).click();
}

/** To the category's page in the shop by the logo (back office or shop) and the landing page's tiles. */
async function toCategory(page: Page, category: string) {
  await page.getByRole('link', { name: 'Sokoni home' }).click();
  await expect(page).toHaveURL('/');
  await page
    .getByRole('list', { name: 'Shop by category' })
    .getByRole('link', { name: new RegExp(`^${category}\\b`) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: category })).toBeVisible(LOAD);
}

/** By the logo to the landing page, whose search box opens /search; answers the results after typing `q`. */
async function searchFor(page: Page, q: string) {
  await page.getByRole('link', { name: 'Sokoni home' }).click();
  await page.getByPlaceholder('search our products').focus();
  await expect(page).toHaveURL('/search');
  await page.getByRole('searchbox', { name: 'Search our products' }).fill(q);
  return page.getByRole('listbox', { name: 'Search results' });
}

/** The admin's products list, searched down to one product. */
async function findInProducts(page: Page, name: string) {
  await expect(page.getByRole('heading', { name: 'Manage products' })).toBeVisible(LOAD);
  await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
  await expect(page).toHaveURL(/[?&]q=/);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toHaveCount(1, LOAD);
  return row;
}

test('an admin adds a category, an attribute and a product, sees it in the shop, reprices it and hides it', async ({
  page,
}, testInfo) => {
  // About fifty seconds alone on a two-core machine; beside another worker's long journey, twice that.
  test.setTimeout(180_000);
  const run = stamp();
  const category = `E2E Greens ${run}`;
  const attribute = `E2E Bunch ${run}`;
  // A made-up word: search is forgiving, and the seeded shop sells real greens (managu among them).
  const product = `Zukuleaf ${run}`;
  const me = await signInAs(page, testInfo.project.name, admin);

  // A category: a name, an icon found by searching the whole set, a colour.
  await page.goto(`/admin/${me.userId}/categories`);
  await expect(page.getByRole('heading', { name: 'Categories' })).toBeVisible(LOAD);
  await page.getByRole('link', { name: 'Add new Category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add new Category' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(category);
  await dialog.getByRole('searchbox', { name: 'Search icons' }).fill('leaf');
  await expect(dialog.getByText(/icons? match/)).toBeVisible(LOAD);
  // People press the drawn icon and swatch; the radio inside is for the keyboard.
  await dialog.getByTitle('leaf', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'leaf', exact: true })).toBeChecked();
  await dialog.getByTitle('Teal', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Teal' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Add category' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page
    .getByRole('list', { name: 'Categories in landing-page order' })
    .getByRole('listitem', { name: category });
  await expect(row).toContainText('0 products');
  await expect(row).toContainText('teal');

  // An attribute with two values, typed as chips.
  await backOffice(page).getByRole('link', { name: 'Attributes' }).click();
  await page.getByRole('textbox', { name: 'Attribute name' }).fill(attribute);
  const values = page.getByRole('textbox', { name: `Values of ${attribute}` });
  await values.fill('Small bunch');
  await values.press('Enter');
  await values.fill('Large bunch');
  await values.press('Enter');
  await page.getByRole('button', { name: 'Create attribute' }).click();
  const card = page.getByRole('list', { name: 'Attributes' }).getByRole('listitem', { name: attribute });
  const chips = card.getByRole('list', { name: `Values of ${attribute}` }).getByRole('listitem');
  await expect(chips).toHaveCount(2);
  for (const value of ['Small bunch', 'Large bunch'])
    await expect(chips.filter({ hasText: value })).toHaveCount(1);

  // A product in that category, with two pictures and two variants, the second a large bunch.
  await backOffice(page).getByRole('link', { name: 'Products' }).click();
  await page.getByRole('link', { name: 'Create a new product' }).click();
  await expect(page.getByRole('heading', { name: 'Add product' })).toBeVisible(LOAD);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(product);
  await page
    .getByRole('textbox', { name: 'Description' })
    .fill('Tender leaves, picked this morning in Limuru.');
  await page.getByRole('group', { name: 'Categories' }).getByText(category, { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: category })).toBeChecked();
  await page.getByLabel('Add images').setInputFiles([
    {
      name: 'zukuleaf-bunch.png',
      mimeType: 'image/png',
      buffer: readFileSync(path.join(UPLOADS, 'plain.png')),
    },
    {
      name: 'zukuleaf-leaves.webp',
      mimeType: 'image/webp',
      buffer: readFileSync(path.join(UPLOADS, 'photo.webp')),
    },
  ]);
  const images = page.getByRole('list', { name: 'Product images' }).getByRole('listitem');
  await expect(images).toHaveCount(2, LOAD);
  await expect(page.getByRole('textbox', { name: 'Alt text for image 1' })).toHaveValue(
    /^zukuleaf (bunch|leaves)$/,
  );

  const first = page.getByRole('group', { name: 'Variant 1' });
  await first.getByRole('textbox', { name: 'Variant name' }).fill('Small bunch');
  await first.getByRole('textbox', { name: 'Price (KSH)' }).fill('60');
  await first.getByRole('textbox', { name: 'Quantity in stock' }).fill('40');
  await page.getByRole('button', { name: 'Add a variant' }).click();
  const second = page.getByRole('group', { name: 'Variant 2' });
  await second.getByRole('textbox', { name: 'Variant name' }).fill('Large bunch');
  await second.getByRole('textbox', { name: 'Price (KSH)' }).fill('110');
  await second.getByRole('textbox', { name: 'Quantity in stock' }).fill('15');
  await second
    .getByRole('combobox', { name: 'Add an attribute to Variant 2' })
    .selectOption({ label: attribute });
  await second.getByRole('combobox', { name: attribute, exact: true }).fill('Large bunch');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText(`${product} was created.`)).toBeVisible(LOAD);
  const listed = await findInProducts(page, product);
  await expect(listed).toContainText('KSH 60.00 – KSH 110.00');
  await expect(listed).toContainText('Visible');

  // The shop: the category's tile and page, then the product with both pictures and variants.
  await toCategory(page, category);
  const shopCard = page.getByRole('article', { name: product });
  await expect(shopCard.getByTestId('price')).toHaveText(money(60));
  await shopCard.getByRole('link', { name: product }).click();
  await expect(page.getByRole('heading', { level: 1, name: product })).toBeVisible(LOAD);
  const main = page.getByRole('main');
  await expect(main.getByTestId('price').first()).toHaveText(money(60));
  await expect(main.getByRole('button', { name: 'Show picture 2 of 2' })).toBeVisible();
  await expect(main.getByText(`${attribute}: Large bunch`)).toBeVisible();
  const productUrl = new URL(page.url()).pathname;

  // Search finds it by its name.
  const results = await searchFor(page, product);
  await expect(results.getByRole('option', { name: product })).toHaveCount(1, LOAD);
  await results.getByRole('option', { name: product }).click();
  await expect(page.getByRole('heading', { level: 1, name: product })).toBeVisible(LOAD);

  // A new price for the small bunch; the product page shows it.
  await toBackOffice(page, 'Products');
  await (await findInProducts(page, product)).getByRole('link', { name: product }).click();
  await expect(page.getByRole('heading', { name: `Edit ${product}` })).toBeVisible(LOAD);
  await page
    .getByRole('group', { name: 'Variant 1' })
    .getByRole('textbox', { name: 'Price (KSH)' })
    .fill('75');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`${product} was saved.`)).toBeVisible(LOAD);
  await expect(await findInProducts(page, product)).toContainText('KSH 75.00 – KSH 110.00');
  await toCategory(page, category);
  await page.getByRole('article', { name: product }).getByRole('link', { name: product }).click();
  await expect(page.getByRole('heading', { level: 1, name: product })).toBeVisible(LOAD);
  await expect(page.getByRole('main').getByTestId('price').first()).toHaveText(money(75));

  // Hidden, it leaves the shop: the category, search and its own page.
  await toBackOffice(page, 'Products');
  await (await findInProducts(page, product)).getByRole('button', { name: `Actions for ${product}` }).click();
  await page.getByRole('menuitem', { name: 'Hide from shop' }).click();
  await expect(page.getByText(`${product} is hidden from the shop.`)).toBeVisible(LOAD);
  await expect(await findInProducts(page, product)).toContainText('Hidden');
  await toCategory(page, category);
  await expect(page.getByRole('heading', { name: 'No products in this category yet' })).toBeVisible(LOAD);
  await expect(page.getByRole('article', { name: product })).toHaveCount(0);
  // Search no longer offers it (a product of a failed earlier try, with the same first word, may).
  const after = await searchFor(page, product);
  const answered = page
    .getByRole('heading', { name: `No products match “${product}”` })
    .or(page.getByRole('status').filter({ hasText: `for “${product}”` }));
  await expect(answered).toBeVisible(LOAD);
  await expect(after.getByRole('option', { name: product })).toHaveCount(0);
  await page.goto(productUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible(LOAD);
});

const ANY_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const adminScreens = (adminId: string) => [
  `/admin/${adminId}/dashboard`,
  `/admin/${adminId}/products`,
  `/admin/${adminId}/products/create`,
  `/admin/${adminId}/products/${ANY_ID}`,
  `/admin/${adminId}/categories`,
  `/admin/${adminId}/attributes`,
  `/admin/${adminId}/discounts`,
  `/admin/${adminId}/orders`,
  `/admin/${adminId}/orders/${ANY_ID}`,
];

/**
 * Opens each screen and expects to land on `to`. The first one is a page load; the others are
 * opened inside the running app, as the browser's back and forward buttons do (a page load per
 * screen costs seconds on two shared cores). The guard is the same route check either way.
 */
async function expectEachSentTo(page: Page, screens: string[], to: string) {
  await page.goto(screens[0]!);
  await expect(page, screens[0]).toHaveURL(to, LOAD);
  for (const screen of screens.slice(1)) {
    await page.evaluate((path) => {
      window.history.pushState(window.history.state, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, screen);
    await expect(page, screen).toHaveURL(to);
  }
  await expect(page.getByRole('navigation', { name: 'Admin menu', exact: true })).toHaveCount(0);
}

test('a guest is sent to the admin sign-in from every back-office screen', async ({ page }) => {
  await expectEachSentTo(page, adminScreens(admin.userId), '/admin/auth');
  await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible();
});

test('a signed-in shopper is sent back to the shop from every back-office screen', async ({
  page,
}, testInfo) => {
  const me = await signInAs(page, testInfo.project.name, shopper);
  // Neither their own id in the path nor the admin's opens anything.
  await expectEachSentTo(page, [...adminScreens(me.userId), adminScreens(admin.userId)[0]!], '/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Fresh food and groceries');
});

/** The text of every script the page loads from now on. */
function collectScripts(page: Page) {
  const bodies: Promise<{ url: string; text: string }>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(response.text().then((text) => ({ url: response.url(), text })));
  });
  return {
    all: () => Promise.all(bodies),
    clear: () => bodies.splice(0),
  };
}

const withText = (scripts: { url: string; text: string }[], needle: string) =>
  scripts.filter((s) => s.text.includes(needle)).map((s) => new URL(s.url).pathname);

test('the shop downloads no back-office code; the back office loads its editor and icon set when used', async ({
  page,
}, testInfo) => {
  const scripts = collectScripts(page);

  await page.goto('/');
  await expect(page.getByRole('list', { name: 'Our products' }).getByRole('article').first()).toBeVisible(
    LOAD,
  );
  await page.waitForLoadState('networkidle');
  const shop = await scripts.all();
  expect(shop.length).toBeGreaterThan(0);
  expect(withText(shop, 'ProseMirror'), 'the rich-text editor').toEqual([]);
  expect(withText(shop, 'mdiAbacus'), 'the whole icon set').toEqual([]);

  // The same checks find the code where it belongs.
  scripts.clear();
  const me = await signInAs(page, testInfo.project.name, admin);
  await page.goto(`/admin/${me.userId}/products/create`);
  await expect(page.getByRole('heading', { name: 'Add product' })).toBeVisible(LOAD);
  await expect(page.getByRole('textbox', { name: 'Recipe tips' })).toBeVisible(LOAD);
  await page.goto(`/admin/${me.userId}/categories/create`);
  const icons = page
    .getByRole('dialog', { name: 'Add new Category' })
    .getByRole('radiogroup', { name: 'Icons' });
  await expect(icons.getByRole('radio').first()).toBeAttached(LOAD);
  const office = await scripts.all();
  expect(withText(office, 'ProseMirror').length, 'the rich-text editor').toBeGreaterThan(0);
  expect(withText(office, 'mdiAbacus').length, 'the whole icon set').toBeGreaterThan(0);
});

test('the dashboard draws the revenue of the last 30 days, on a laptop and on a phone', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const user = await signInAs(page, testInfo.project.name, admin);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/admin/${user.userId}/dashboard`);
    const figure = page.getByRole('figure', { name: /^Revenue per day over the last 30 days/ });
    // Drawn, not just a card: the chart's surface fills the card and the area's line crosses it.
    const surface = figure.locator('svg.recharts-surface');
    await expect(surface).toBeVisible(LOAD);
    const curve = figure.locator('path.recharts-area-curve');
    await expect(curve).toHaveAttribute('d', /^M[\d.-]+,[\d.-]+[LC]/, LOAD);
    const frame = (await figure.boundingBox())!;
    const drawn = (await surface.boundingBox())!;
    const line = (await curve.boundingBox())!;
    expect(drawn.width).toBeGreaterThan(frame.width * 0.9);
    expect(drawn.height).toBeGreaterThan(100);
    expect(line.width).toBeGreaterThan(frame.width * 0.7);
  }
});
