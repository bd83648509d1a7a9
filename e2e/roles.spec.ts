import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../contract/demo-accounts';

// Issue 27, roles and permissions, on the real server (playwright.config.ts says where): the demo shop's packer (the fulfilment role)
// signs in by the back office's own form, gets only the sections, figures and actions of that role,
// moves a paid order along, and is sent back, with the reason, from a screen the role cannot use.

test.describe.configure({ timeout: 120_000 });
const LOAD = { timeout: 20_000 };

test('a packer moves a paid order along, and sees no takings, no cancel or refund, and no discounts', async ({
  page,
}) => {
  const { packer } = DEMO_ACCOUNTS;
  await page.goto('/admin/auth');
  await page.getByRole('textbox', { name: 'Email' }).fill(packer.email);
  await page.getByLabel('Password', { exact: true }).fill(packer.password);
  await page.getByRole('button', { name: 'Sign in to the back office' }).click();
  await expect(page).toHaveURL(/\/admin\/[0-9a-f-]{36}\/dashboard$/, LOAD);
  const dashboard = new URL(page.url()).pathname;
  await expect(page.getByText('Karibu, Baraka!')).toBeVisible(LOAD);

  // The menu has the role's sections only; the dashboard counts paid orders but shows no takings,
  // and offers no shortcut to the catalogue's screens.
  const menu = page.getByRole('navigation', { name: 'Admin menu', exact: true });
  await expect(menu.getByRole('link')).toHaveText(['Dashboard', 'Orders']);
  await expect(page.getByRole('group', { name: 'Today' })).toContainText('Paid orders, today', LOAD);
  await expect(page.getByText(/^Revenue, /)).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Back office actions' })).toHaveCount(0);

  // A paid order that waits to be packed: the next step is offered, nothing that touches the money.
  await menu.getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('combobox', { name: 'Payment' }).selectOption({ label: 'Paid' });
  await page.getByRole('combobox', { name: 'Fulfilment' }).selectOption({ label: 'New' });
  await expect(page).toHaveURL(/status=new/, LOAD);
  const first = page.getByRole('link', { name: /SKN\d+/ }).first();
  await expect(first).toBeVisible(LOAD);
  await first.click();
  const actions = page.getByRole('group', { name: 'Order actions' });
  await expect(actions.getByRole('button', { name: 'Mark as processing' })).toBeVisible(LOAD);
  for (const money of ['Cancel order', 'Record refund', 'Mark as paid', 'Ask M-Pesa again'])
    await expect(actions.getByRole('button', { name: money })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Mark as processing' }).click();
  await expect(page.getByRole('group', { name: 'Statuses' })).toContainText('Processing', LOAD);
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Baraka', LOAD);

  // A screen of another role, opened by its address: back to the dashboard, told why.
  await page.goto(dashboard.replace(/dashboard$/, 'discounts'));
  await expect(page).toHaveURL(dashboard, LOAD);
  await expect(page.getByText('Your role (fulfilment) cannot see discounts.')).toBeVisible(LOAD);
});
