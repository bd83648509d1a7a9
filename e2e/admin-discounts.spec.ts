import { expect, test } from '@playwright/test';
import { backOffice } from './support/orders';
import { admin, signInAs } from './support/session';
import { cardName, ksh, money, toDashboardFromShop } from './support/shop';

// Discounts (issue 11), on the real server (playwright.config.ts says where each spec runs): an admin
// puts a product on sale and the shop shows it at once with the 'SAVE n%' badge and the old price
// struck through.

const LOAD = { timeout: 20_000 };
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('an admin puts a product on sale and the shop shows SAVE 30% with the old price struck', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signInAs(page, testInfo.project.name, admin);
  await page.goto('/');

  // A product the shop sells at full price today (an admin sees the cards without the cart buttons).
  const card = page
    .getByRole('list', { name: 'Our products' })
    .getByRole('article')
    .filter({ hasNotText: /SAVE \d+%/ })
    .first();
  await expect(card).toBeVisible(LOAD);
  const name = await cardName(card);
  const price = ksh(await card.getByTestId('price').textContent());
  const salePrice = Math.round(price * 0.7);

  // To the back office by the account menu, then Discounts.
  await toDashboardFromShop(page);
  await backOffice(page).getByRole('link', { name: 'Discounts' }).click();
  await expect(page.getByRole('heading', { name: 'Discounts', level: 1 })).toBeVisible(LOAD);

  const discount = `E2E weekend ${stamp()}`;
  await page.getByRole('button', { name: 'Create discount' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create discount' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(discount);
  await dialog.getByRole('radio', { name: 'Percentage' }).check({ force: true });
  await dialog
    .getByRole('spinbutton', { name: 'Value' })
    .or(dialog.getByRole('textbox', { name: 'Value' }))
    .fill('30');
  await dialog.getByRole('searchbox', { name: 'Search products' }).fill(name);
  const match = dialog
    .getByRole('group', { name: 'Matching products' })
    .getByRole('checkbox', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) })
    .first();
  await match.check({ force: true });
  await expect(dialog.getByRole('list', { name: 'Chosen products' })).toContainText(name);
  await dialog.getByRole('button', { name: 'Create discount' }).click();
  await expect(dialog).toHaveCount(0, LOAD);
  const row = page.getByRole('row').filter({ hasText: discount });
  await expect(row).toContainText('Active', LOAD);
  await expect(row).toContainText('30% off');

  // The shop follows at once.
  await page.getByRole('link', { name: 'Sokoni home' }).click();
  await expect(page).toHaveURL('/');
  const onSale = page.getByRole('list', { name: 'Our products' }).getByRole('article', { name });
  await expect(onSale.getByText('SAVE 30%')).toBeVisible(LOAD);
  await expect(onSale.getByTestId('original-price')).toHaveText(money(price));
  await expect(onSale.getByTestId('price')).toHaveText(money(salePrice));
});
