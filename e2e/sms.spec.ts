import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/accounts';
import { buyableCards, cardName } from './support/shop';
import { textsTo } from './support/sms';

// Order updates by SMS on the real server: a new shopper (SMS on by default) pays with the Daraja
// simulator, and the dev SMS outbox (GET /api/dev/sms?to=…) holds the "paid" text to the paying
// phone with the M-Pesa receipt the order page shows, delivered by the SMS simulator's report.

test.describe.configure({ timeout: 120_000 });
const PAGE_LOAD = { timeout: 20_000 };

test('a shopper pays with M-Pesa and gets the "paid" SMS with the receipt', async ({ page }, testInfo) => {
  // A phone of this run's own: the simulator pays a number ending in 00.
  const digits = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  const phone = `0712${digits}00`;

  await page.goto('/');
  const card = buyableCards(page, page.getByRole('list', { name: 'Our products' })).first();
  await expect(card).toBeVisible(PAGE_LOAD);
  const name = await cardName(card);
  await page.getByRole('article', { name }).getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' }).click();
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await signUp(page, testInfo, { email: uniqueEmail('sms'), name: 'Achieng Otieno' });
  await expect(page).toHaveURL('/checkout', PAGE_LOAD);

  await page.getByRole('combobox', { name: 'Delivery area' }).selectOption({ label: 'Westlands' });
  await page.getByRole('textbox', { name: 'Delivery address' }).fill('Mpaka Road, Apt 4B');
  await page.getByRole('textbox', { name: 'M-Pesa phone number' }).fill(phone);
  await expect(page.getByTestId('checkout-shipping')).toHaveText(/^KSH /);
  await page.getByRole('button', { name: /^Pay KSH/ }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/, PAGE_LOAD);
  const number = (await page.getByRole('heading', { name: /^Order #\d+$/ }).textContent())!.replace(
    /\D/g,
    '',
  );
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByText(/^Paid on /)).toBeVisible(PAGE_LOAD);
  const receipt = (await page
    .getByText(/^M-Pesa receipt [A-Z0-9]{10}$/)
    .first()
    .textContent())!.slice(-10);

  const texts = await textsTo(page, testInfo, phone, (t) => `${t.event}:${t.status}`, [
    'paid:delivered',
    'received:delivered',
  ]);
  expect(texts[0]!.text).toBe(
    `Sokoni: Payment of ${texts[0]!.text.match(/KSH [\d,]+/)![0]} received for order SKN${number}, ` +
      `M-Pesa receipt ${receipt}. We are packing your order now.`,
  );
  expect(texts[0]!.to).toBe(`254${phone.slice(1)}`);
  expect(texts[1]!.text).toMatch(new RegExp(`^Sokoni: We have your order SKN${number} for KSH [\\d,]+\\.`));

  // The page a developer opens shows the same texts to that phone.
  await page.goto(`/api/dev/sms/phone?to=${phone}`);
  await expect(page.getByRole('heading', { name: 'SMS phone' })).toBeVisible();
  await expect(page.getByText(texts[0]!.text)).toBeVisible();
});
