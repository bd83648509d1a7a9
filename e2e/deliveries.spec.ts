import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../contract/demo-accounts';
import {
  adminSignsIn,
  backOffice,
  clearOfNairobiMidnight,
  openOrder,
  paidOrder,
  sendOutWith,
  shopperSeesDelivered,
  signOutOfBackOffice,
} from './support/orders';

// Riders, on the real server (playwright.config.ts says where each spec runs): the demo shopper
// pays, the demo packer sends the order out with the demo rider, and the rider, on a phone, signs in
// to their deliveries (and nothing else), marks it delivered, and the shopper sees it delivered.

test.describe.configure({ timeout: 150_000 });
const LOAD = { timeout: 20_000 };
const PHONE = { width: 390, height: 844 };

test('the packer sends a paid order out with the rider, who delivers it from their phone', async ({
  page,
}) => {
  const number = await paidOrder(page);

  // The packer packs it and gives it to the demo rider.
  await adminSignsIn(page, DEMO_ACCOUNTS.packer);
  await openOrder(page, number);
  await page
    .getByRole('group', { name: 'Order actions' })
    .getByRole('button', { name: 'Mark as processing' })
    .click();
  await expect(page.getByRole('group', { name: 'Statuses' })).toContainText('Processing', LOAD);
  await sendOutWith(page);
  await expect(page.getByRole('region', { name: 'Rider' })).toContainText('0722 334 455');
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText(
    `Given to ${DEMO_ACCOUNTS.rider.name}.`,
  );
  await signOutOfBackOffice(page);

  // The rider, on a phone: straight to their deliveries, with nothing else in the menu.
  await page.setViewportSize(PHONE);
  await adminSignsIn(page, DEMO_ACCOUNTS.rider, 'deliveries');
  const deliveries = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: 'My deliveries' })).toBeVisible(LOAD);
  await page.getByRole('button', { name: 'Open back office menu' }).click();
  await expect(backOffice(page).getByRole('link')).toHaveText(['Deliveries']);
  await page.keyboard.press('Escape');

  // Its card (a failed earlier try's order may be on the round too: that it is theirs alone is the
  // server's and the component tests' to prove).
  const toDeliver = page.getByRole('list', { name: 'To deliver' });
  const card = toDeliver.getByRole('listitem', { name: new RegExp(`^SKN${number},`) });
  await expect(card).toBeVisible(LOAD);
  await expect(card).toContainText('Mpaka Road, Apt 4B, 3rd floor');
  await expect(card.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:0\d{9}$/);
  await expect(card.getByRole('link', { name: 'Map' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=-?\d/,
  );
  const mark = card.getByRole('button', { name: 'Mark delivered' });
  // A big target for a thumb.
  expect((await mark.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await clearOfNairobiMidnight();
  await mark.click();
  await expect(page.getByText(`SKN${number} is delivered. Thank you!`)).toBeVisible(LOAD);
  await expect(
    page
      .getByRole('list', { name: 'Delivered today' })
      .getByRole('listitem', { name: new RegExp(`^SKN${number},`) }),
  ).toBeVisible(LOAD);

  // Any other screen, opened by its address: back to the deliveries, told why.
  await page.goto(deliveries.replace(/deliveries$/, 'orders'));
  await expect(page.getByText('Your role (rider) cannot see orders.')).toBeVisible(LOAD);
  await expect(page).toHaveURL(deliveries, LOAD);
  await signOutOfBackOffice(page);

  await shopperSeesDelivered(page, number);
});
