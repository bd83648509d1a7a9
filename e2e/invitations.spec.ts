import { expect, test, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../contract/demo-accounts';
import { newestMail, uniqueEmail } from './support/accounts';

// Issue 27, invitations, on the real server (playwright.config.ts says where each spec runs): the owner invites a packer from the staff screen; the
// invitee opens the mailed link (read from the dev outbox), chooses a name and a password, lands in
// the back office with the packer's share of it, and moves a paid order along. One browser, as
// people sign in and out.

test.describe.configure({ timeout: 150_000 });
const LOAD = { timeout: 20_000 };

/** The back office's own Logout; done once the session is gone from the page's storage. */
async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('sokoni.token')).catch(() => 'navigating'), LOAD)
    .toBeNull();
}

test('the owner invites a packer, who joins by the link and moves an order, with no money actions', async ({
  page,
}, testInfo) => {
  const { admin } = DEMO_ACCOUNTS;
  const email = uniqueEmail('packer');
  await page.goto('/admin/auth');
  await page.getByRole('textbox', { name: 'Email' }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in to the back office' }).click();
  await expect(page).toHaveURL(/\/admin\/[0-9a-f-]{36}\/dashboard$/, LOAD);

  const menu = page.getByRole('navigation', { name: 'Admin menu', exact: true });
  await menu.getByRole('link', { name: 'Staff' }).click();
  // A shopper's email is refused, and the page says why.
  await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_ACCOUNTS.shopper.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(/This email belongs to a shopper's account/)).toBeVisible(LOAD);

  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page
    .getByRole('combobox', { name: 'Role', exact: true })
    .selectOption({ label: 'Fulfilment (packer)' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  const invitations = page.getByRole('list', { name: 'Invitations' });
  await expect(invitations.getByRole('listitem', { name: email })).toContainText('Waiting', LOAD);
  const link = /https?:\/\/\S+(\/admin\/join\/[A-Za-z0-9_-]{43})/.exec(
    await newestMail(page, testInfo, email),
  );
  expect(link, 'the join link in the mail').toBeTruthy();
  await logOut(page);

  await page.goto(link![1]!);
  await expect(page.getByRole('heading', { name: 'Join the Sokoni team' })).toBeVisible(LOAD);
  await expect(page.getByText(`You are invited as a packer, signing in as ${email}`)).toBeVisible(LOAD);
  await page.getByRole('textbox', { name: 'Full name' }).fill('Njeri Packer');
  await page.getByLabel('Password', { exact: true }).fill('packing-bananas-at-dawn');
  await page.getByRole('button', { name: 'Join the team' }).click();
  await expect(page).toHaveURL(/\/admin\/[0-9a-f-]{36}\/dashboard$/, LOAD);
  await expect(menu.getByRole('link')).toHaveText(['Dashboard', 'Orders'], LOAD);

  // A paid order waiting to be packed: the next step, and nothing that touches the money.
  await menu.getByRole('link', { name: 'Orders' }).click();
  await page.getByRole('combobox', { name: 'Payment' }).selectOption({ label: 'Paid' });
  await page.getByRole('combobox', { name: 'Fulfilment' }).selectOption({ label: 'New' });
  await expect(page).toHaveURL(/status=new/, LOAD);
  await page
    .getByRole('link', { name: /SKN\d+/ })
    .first()
    .click();
  const actions = page.getByRole('group', { name: 'Order actions' });
  await expect(actions.getByRole('button', { name: 'Mark as processing' })).toBeVisible(LOAD);
  for (const money of ['Cancel order', 'Record refund', 'Mark as paid'])
    await expect(actions.getByRole('button', { name: money })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Mark as processing' }).click();
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Njeri Packer', LOAD);

  // The link worked once.
  await logOut(page);
  await page.goto(link![1]!);
  await expect(page.getByText('This invitation can no longer be used')).toBeVisible(LOAD);
});
