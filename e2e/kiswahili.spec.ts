import { expect, test } from '@playwright/test';
import { signUp, uniqueEmail } from './support/accounts';
import { onMocks } from './support/session';
import { textsTo } from './support/sms';
import { appReady, cardName } from './support/shop';

// The shop in Kiswahili, end to end: a new shopper picks Kiswahili on More, reloads (on the real
// server the page comes already in Kiswahili: <html lang> and the texts in the first HTML), adds to
// the Kikapu, pays with the M-Pesa simulator, and the "paid" SMS to their phone is in Kiswahili: the
// profile took the choice, and SMS are written in the shopper's language. In both projects: mock
// mode keeps the choice in the same cookie and its dev SMS outbox writes the server's texts.

test.describe.configure({ timeout: 120_000 });
const PAGE_LOAD = { timeout: 20_000 };

test('a shopper switches to Kiswahili, shops, pays and gets the paid SMS in Kiswahili', async ({
  page,
}, testInfo) => {
  // A phone of this run's own: the simulator pays a number ending in 00.
  const phone = `0712${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}00`;
  await page.goto('/auth');
  await signUp(page, testInfo, { email: uniqueEmail('kiswahili'), name: 'Amani Mwangi' });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Amani, your account' })).toBeVisible(
    PAGE_LOAD,
  );

  await page.goto('/more');
  await appReady(page);
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Kiswahili' }).click();
  await expect(page.getByRole('group', { name: 'Lugha' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Zaidi' })).toBeVisible();

  // The reload is drawn by the server in Kiswahili, before any script runs.
  const reloaded = await page.reload();
  if (!onMocks(testInfo.project.name)) {
    const html = await reloaded!.text();
    expect(html).toMatch(/<html lang="sw-KE"/);
    expect(html).toContain('Ruka hadi maudhui');
    expect(html).not.toContain('Skip to content');
  }
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw-KE');
  await expect(page.getByRole('heading', { level: 1, name: 'Zaidi' })).toBeVisible(PAGE_LOAD);
  await expect(page).toHaveTitle('Sokoni | Zaidi');

  // Into the Kikapu from the landing page.
  await page.goto('/');
  const products = page.getByRole('list', { name: 'Bidhaa zetu' });
  const card = products
    .getByRole('article')
    .filter({ has: page.getByRole('button', { name: 'Ongeza kwenye kikapu', disabled: false }) })
    .first();
  await expect(card).toBeVisible(PAGE_LOAD);
  const name = await cardName(card);
  await page.getByRole('article', { name }).getByRole('button', { name: 'Ongeza kwenye kikapu' }).click();
  await expect(page.getByRole('article', { name }).getByRole('status')).toHaveText('1 kwenye kikapu');
  await page.getByRole('banner').getByRole('link', { name: 'Kikapu, bidhaa 1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kikapu' })).toBeVisible(PAGE_LOAD);
  await page.getByRole('link', { name: 'Endelea kulipa' }).click();

  // Checkout: Lipa na M-Pesa.
  await expect(page).toHaveURL('/checkout', PAGE_LOAD);
  await expect(page.getByRole('heading', { level: 1, name: 'Kamilisha oda' })).toBeVisible(PAGE_LOAD);
  await page.getByRole('combobox', { name: 'Eneo la usafirishaji' }).selectOption({ label: 'Westlands' });
  await page.getByRole('textbox', { name: 'Anwani ya usafirishaji' }).fill('Mpaka Road, Apt 4B');
  await page.getByRole('textbox', { name: 'Nambari ya simu ya M-Pesa' }).fill(phone);
  await expect(page.getByTestId('checkout-shipping')).toHaveText(/^KSH /);
  await page.getByRole('button', { name: /^Lipa KSH [\d,.]+ na M-Pesa$/ }).click();

  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/, PAGE_LOAD);
  const number = (await page.getByRole('heading', { name: /^Oda #\d+$/ }).textContent())!.replace(/\D/g, '');
  const payment = page.getByRole('region', { name: 'Malipo' });
  await expect(payment.getByText(/^Imelipwa /)).toBeVisible(PAGE_LOAD);
  const receipt = (await page
    .getByText(/^Risiti ya M-Pesa [A-Z0-9]{10}$/)
    .first()
    .textContent())!.slice(-10);

  // The paid SMS, in Kiswahili, with the receipt.
  const texts = await textsTo(page, testInfo, phone, (t) => `${t.event}:${t.language}`, [
    'paid:sw',
    'received:sw',
  ]);
  expect(texts[0]!.text).toMatch(
    new RegExp(
      `^Sokoni: Malipo ya KSH [\\d,]+ ya oda SKN${number} yamepokelewa, risiti ya M-Pesa ${receipt}\\. ` +
        'Tunaandaa oda yako sasa\\.$',
    ),
  );
});
