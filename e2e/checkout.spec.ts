import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signUp, uniqueEmail } from './support/accounts';
import { buyableCards, cardName, ksh, money } from './support/shop';

// Checkout end to end, on the real server: a guest fills the cart, signs up (code from the dev
// outbox), finds the cart moved to the account, checks out with M-Pesa and watches the order become
// paid; a cancelled payment is retried with another phone. The M-Pesa outcome is chosen by the
// phone's last two digits (00 pays, 01 cancels) by the Daraja simulator. Mock mode's way to a paid
// order is the promo code journey (promo-codes.spec.ts). Each test signs up once, well inside the
// auth routes' 30 calls a minute.

test.describe.configure({ timeout: 120_000 });
const PAGE_LOAD = { timeout: 20_000 };
const PAYMENT = { timeout: 20_000 };

const PAYMENT_SENT =
  "We've sent you payment notification on your phone, please proceed to make payment then comeback";

/** Adds `quantity` units of the first buyable product on the landing page; answers its name. */
async function addFirstBuyable(page: Page, quantity: number): Promise<string> {
  const card = buyableCards(page, page.getByRole('list', { name: 'Our products' })).first();
  await expect(card).toBeVisible(PAGE_LOAD);
  const name = await cardName(card);
  const article = page.getByRole('article', { name });
  await article.getByRole('button', { name: 'Add to Cart' }).click();
  const stepper = article.getByRole('group', { name: `Quantity of ${name}` });
  await expect(stepper.getByRole('status')).toHaveText('1 in cart');
  for (let n = 2; n <= quantity; n += 1) {
    await stepper.getByRole('button', { name: `Increase quantity of ${name}` }).click();
    await expect(stepper.getByRole('status')).toHaveText(`${n} in cart`);
  }
  return name;
}

/** From the cart, through sign-up, to the checkout page. */
async function signUpAtCheckout(page: Page, testInfo: TestInfo, label: string, units: number) {
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: `Cart, ${units} ${units === 1 ? 'item' : 'items'}` }).click();
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL('/auth?redirect=%2Fcheckout');
  await signUp(page, testInfo, { email: uniqueEmail(label), name: 'Njeri Wambui' });
  await expect(page).toHaveURL('/checkout', PAGE_LOAD);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page).toHaveTitle('Sokoni | Checkout');
}

async function fillCheckout(page: Page, phone: string) {
  await page.getByRole('combobox', { name: 'Delivery area' }).selectOption({ label: 'Westlands' });
  await page.getByRole('textbox', { name: 'Delivery address' }).fill('Mpaka Road, Apt 4B, 3rd floor');
  await page.getByRole('textbox', { name: 'M-Pesa phone number' }).fill(phone);
  await expect(page.getByTestId('checkout-shipping')).toHaveText(/^KSH /);
}

/** Pays and lands on the order page; answers its path. */
async function pay(page: Page) {
  const button = page.getByRole('button', { name: /^Pay KSH/ });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByText(PAYMENT_SENT)).toBeVisible();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/, PAGE_LOAD);
  await expect(page.getByRole('heading', { name: /^Order #\d+$/ })).toBeVisible(PAGE_LOAD);
  return new URL(page.url()).pathname;
}

test('a guest fills the cart, signs up, finds it in the account, checks out and sees the order paid', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  const first = await addFirstBuyable(page, 2);
  const second = await (async () => {
    const card = buyableCards(page, page.getByRole('list', { name: 'Our products' }))
      .filter({ hasNot: page.getByRole('heading', { name: first, exact: true }) })
      .first();
    const name = await cardName(card);
    await page.getByRole('article', { name }).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByRole('article', { name }).getByRole('status')).toHaveText('1 in cart');
    return name;
  })();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

  await signUpAtCheckout(page, testInfo, 'checkout', 3);

  // The guest cart moved to the account: the server cart has the lines, the browser none.
  const items = page.getByRole('list', { name: 'Items in your order' });
  await expect(items.getByRole('listitem', { name: first })).toContainText('Qty 2', PAGE_LOAD);
  await expect(items.getByRole('listitem', { name: second })).toContainText('Qty 1');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(localStorage.getItem('sokoni.cart') ?? '{}')?.state?.items?.length ?? 0),
    )
    .toBe(0);
  // The profile's phone is offered for the prompt.
  await expect(page.getByRole('textbox', { name: 'M-Pesa phone number' })).toHaveValue('0722 000 111');

  await fillCheckout(page, '0712345600');
  // Total = the items' totals + the delivery fee, as the server will charge.
  const lineTotals = await items.getByTestId('line-total').allTextContents();
  const shipping = ksh(await page.getByTestId('checkout-shipping').textContent());
  const total = ksh(await page.getByTestId('checkout-total').textContent());
  expect(shipping).toBeGreaterThan(0);
  expect(total).toBe(lineTotals.reduce((sum, t) => sum + ksh(t), 0) + shipping);

  const orderPath = await pay(page);
  const paymentRegion = page.getByRole('region', { name: 'Payment' });
  await expect(paymentRegion.getByText(/^Paid on /)).toBeVisible(PAYMENT);
  await expect(page.getByTestId('order-total')).toHaveText(money(total));
  await expect(page.getByRole('region', { name: 'Delivery' }).getByText('Westlands')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  // The orders page lists it, paid.
  await page.goto('/account/orders');
  const row = page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').first();
  await expect(row.getByText('Paid')).toBeVisible(PAGE_LOAD);
  await row.getByRole('link', { name: /^Order #\d+$/ }).click();
  await expect(page).toHaveURL(orderPath);
});

test('a cancelled M-Pesa payment is retried with another phone and paid', async ({ page }, testInfo) => {
  await page.goto('/');
  await addFirstBuyable(page, 1);
  await signUpAtCheckout(page, testInfo, 'retry', 1);
  await expect(page.getByRole('list', { name: 'Items in your order' }).getByRole('listitem')).toHaveCount(
    1,
    PAGE_LOAD,
  );

  await fillCheckout(page, '0712 345 601');
  await pay(page);
  const paymentRegion = page.getByRole('region', { name: 'Payment' });
  await expect(paymentRegion.getByText('The payment did not go through')).toBeVisible(PAYMENT);
  await expect(
    paymentRegion.getByText('You cancelled the M-Pesa prompt. You can try the payment again.'),
  ).toBeVisible();
  const attempts = page.getByRole('list', { name: 'Payment attempts' });
  await expect(attempts.getByText('Cancelled on the phone')).toBeVisible();

  const phone = paymentRegion.getByRole('textbox', { name: 'M-Pesa phone number' });
  await expect(phone).toHaveValue('0712 345 601');
  await phone.fill('0712345600');
  await paymentRegion.getByRole('button', { name: 'Retry payment' }).click();
  await expect(page.getByText(PAYMENT_SENT)).toBeVisible();
  await expect(paymentRegion.getByText(/^Paid on /)).toBeVisible(PAYMENT);
  await expect(attempts.getByRole('listitem')).toHaveCount(2);
  await expect(paymentRegion.getByRole('button', { name: 'Retry payment' })).toHaveCount(0);
});
