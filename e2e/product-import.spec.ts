import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { adminSignsIn, backOffice } from './support/orders';

// Importing the catalogue from a CSV (issue 29), on the real server and on the mocks: an admin
// uploads a 50-row file with two mistakes, sees both by row number, uploads the corrected file,
// imports it, and the new products are in the shop and its search at once.

test.describe.configure({ timeout: 180_000 });
const LOAD = { timeout: 20_000 };
const HEADER = 'pid,name,description,categories,variant,price,stock,available,attributes,visible';
const ROWS = 50;

/** The file's rows: 50 new products (blank pid: the shop gives each its code), one variant each. */
function catalogueCsv(token: string, mistakes: boolean): string {
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    const price = mistakes && i === 13 ? '"KSh 1,200"' : String(100 + i);
    const stock = mistakes && i === 36 ? 'ten' : '25';
    return `,Mchicha ${token} ${n},Fresh from Limuru,fruits-vegetables,1 bunch,${price},${stock},yes,,yes`;
  });
  return [HEADER, ...rows].join('\n') + '\n';
}

async function upload(page: Page, name: string, text: string) {
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
  await expect(page.getByRole('heading', { name: `Preview of ${name}` })).toBeVisible(LOAD);
}

test('an admin imports 50 new products after fixing two rows, and the shop and its search have them', async ({
  page,
}, testInfo) => {
  // New names on every run (and retry): the live server keeps what an earlier run imported.
  const token = `imp${Date.now().toString(36)}${testInfo.retry}`;
  await adminSignsIn(page);
  await backOffice(page).getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Manage products' })).toBeVisible(LOAD);
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible(LOAD);

  // The header is row 1: data rows 14 and 37 are rows 15 and 38 of the file.
  await upload(page, 'new-greens.csv', catalogueCsv(token, true));
  const problems = page.getByRole('table', { name: 'Problems' });
  const price = problems.getByRole('row').filter({ hasText: 'KSh 1,200' });
  await expect(price.getByRole('cell').nth(0)).toHaveText('15');
  await expect(price.getByRole('cell').nth(1)).toHaveText('price');
  await expect(price).toContainText('Blocking');
  const stock = problems.getByRole('row').filter({ hasText: "'ten'" });
  await expect(stock.getByRole('cell').nth(0)).toHaveText('38');
  await expect(stock.getByRole('cell').nth(1)).toHaveText('stock');
  await expect(stock).toContainText('Blocking');
  // The rows without problems would import, but a blocking problem keeps Confirm off and says why.
  const blocked = page.getByRole('button', { name: /^Import \d+ products$/ });
  await expect(blocked).toBeDisabled();
  await expect(blocked).toHaveAccessibleDescription(/problems that stop the import/);
  await expectNoSeriousA11yViolations(page, 'the import preview with its problems');

  // The corrected file: nothing blocks, and confirming creates all fifty.
  await page.getByRole('button', { name: 'Choose another file' }).click();
  await upload(page, 'new-greens-fixed.csv', catalogueCsv(token, false));
  const summary = page.getByRole('table', { name: 'What the import changes' });
  await expect(summary.getByRole('row', { name: /^Products/ })).toHaveText(/^Products\s*50\s*0\s*0$/);
  await expect(page.getByRole('table', { name: 'Problems' }).getByText('Blocking')).toHaveCount(0);
  await page.getByRole('button', { name: `Import ${ROWS} products` }).click();
  await expect(page.getByText('Import complete')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('50 products created, 0 updated, 0 unchanged.')).toBeVisible();

  // The shop's search finds them at once, and a product's page shows what the file said.
  await page.goto(`/search?q=${token}`);
  const results = page.getByRole('listbox', { name: 'Search results' });
  await expect(results.getByRole('option').filter({ hasText: `Mchicha ${token}` })).toHaveCount(20, LOAD);
  // Row 38 of the corrected file, once refused for its stock.
  const name = `Mchicha ${token} 37`;
  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  const found = results.getByRole('option').filter({ hasText: name });
  await expect(found).toBeVisible(LOAD);
  await found.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(LOAD);
  await expect(page.getByText('Fresh from Limuru')).toBeVisible();
  await expect(page.getByText('KSH 136.00').first()).toBeVisible();
});
