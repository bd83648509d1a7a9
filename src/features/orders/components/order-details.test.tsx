import { renderApp, renderAppQuietly } from '@/test/render-app';
import { goOffline, goOnline } from '@/test/connection';
import { customer, signInAs } from '@/test/tokens';
import { commerceSettings } from '@mocks/commerce-db';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { LANGUAGE_COOKIE } from '@contract/languages';
import { orderQueries, PAYMENT_POLL_MS } from '../api/order-queries';
import { PAYMENT_SENT } from '../model/payment-toast';
import { placeOrderAsShopper, putInServerCart, resetShop } from '@/test/shop';
import { PAYMENT_RECEIVED } from './payment-panel';

vi.setConfig({ testTimeout: 20_000 });

/** Counts GET /api/v1/orders/{orderId}. */
function orderReads() {
  const reads: number[] = [];
  const listener = ({ request }: { request: Request }) => {
    if (request.method === 'GET' && /^\/api\/v1\/orders\/[^/]+$/.test(new URL(request.url).pathname))
      reads.push(Date.now());
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return reads;
}

const paymentRegion = () => screen.getByRole('region', { name: 'Payment' });

/**
 * Shows the shop in Kiswahili as a shopper who chose it on this device: the catalogue, and the cookie
 * that keeps the signed-in profile (English) from switching the page back.
 */
function inKiswahili() {
  adoptCatalogue('sw', sw);
  document.cookie = `${LANGUAGE_COOKIE}=sw; Path=/`;
  onTestFinished(() => {
    document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
  });
}

describe('the order page', () => {
  beforeEach(() => {
    resetShop();
    putInServerCart(customer.userId, 'Omena', 2);
    signInAs(customer);
  });

  it('follows a pending payment every ~2 s until it is paid, then stops asking', async () => {
    // The prompt stays open until the test lets it be paid.
    commerceSettings.paymentDelayMs = 60_000;
    const order = await placeOrderAsShopper('0712345600');
    const reads = orderReads();
    renderAppQuietly(`/account/orders/${order.orderId}`);

    expect(await screen.findByRole('heading', { name: `Order #${order.number}` })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Sokoni | Order #${order.number}`));
    expect(within(paymentRegion()).getByText('Awaiting payment')).toBeInTheDocument();
    expect(within(paymentRegion()).getByText('Waiting for your M-Pesa payment')).toBeInTheDocument();
    // Still asking while the shopper has the prompt on their phone.
    await waitFor(() => expect(reads.length).toBeGreaterThanOrEqual(2), { timeout: PAYMENT_POLL_MS * 2 });
    commerceSettings.paymentDelayMs = 0;

    expect(await within(paymentRegion()).findByText(/^Paid on /, {}, { timeout: 6000 })).toBeInTheDocument();
    expect(await screen.findByText(PAYMENT_RECEIVED)).toBeInTheDocument();
    expect(within(paymentRegion()).getByText('Paid')).toBeInTheDocument();
    expect(reads.length).toBeGreaterThanOrEqual(2);
    const seen = reads.length;
    await new Promise((r) => setTimeout(r, PAYMENT_POLL_MS + 500));
    expect(reads).toHaveLength(seen);

    // Items, totals, delivery and the phone.
    expect(screen.getByTestId('order-subtotal')).toHaveTextContent('KSH 240.00');
    expect(screen.getByTestId('order-total')).toHaveTextContent(/KSH/);
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(within(delivery).getByText('Westlands')).toBeInTheDocument();
    expect(within(delivery).getByText('Mpaka Road, Apt 4B')).toBeInTheDocument();
    expect(within(delivery).getByText('0712 345 600')).toBeInTheDocument();
  });

  it('says offline that it may be out of date, and asks at once when the connection is back', async () => {
    commerceSettings.paymentDelayMs = 60_000;
    const order = await placeOrderAsShopper('0712345600');
    const reads = orderReads();
    // The app's own retry policy: a failed read waits out its back-off before it is tried again.
    const { queryClient } = renderApp(`/account/orders/${order.orderId}`);
    expect(await screen.findByText('Waiting for your M-Pesa payment')).toBeInTheDocument();

    // The connection drops: the next poll gets no answer.
    server.use(http.get('*/api/v1/orders/:orderId', () => HttpResponse.error()));
    goOffline();
    const stale =
      "You're offline: this order may have changed since it was last shown. It updates by itself when you're back online.";
    expect(await screen.findByText(stale)).toBeInTheDocument();
    const failures = () =>
      queryClient.getQueryState(orderQueries.detail(order.orderId).queryKey)?.fetchFailureCount ?? 0;
    await waitFor(() => expect(failures()).toBeGreaterThan(0), { timeout: PAYMENT_POLL_MS * 2 });

    // Meanwhile the shopper paid on their phone; the connection comes back.
    commerceSettings.paymentDelayMs = 0;
    server.resetHandlers();
    const failed = reads.length;
    goOnline();
    // At once: not after the failed read's back-off (a second) nor the next poll.
    await waitFor(() => expect(reads.length).toBeGreaterThan(failed), { timeout: 500 });
    expect(await within(paymentRegion()).findByText(/^Paid on /)).toBeInTheDocument();
    expect(screen.queryByText(stale)).not.toBeInTheDocument();
  });

  it('explains a failed payment and pays on retry, with another phone', async () => {
    commerceSettings.paymentDelayMs = 0;
    const order = await placeOrderAsShopper('0712345601');
    const { user } = renderAppQuietly(`/account/orders/${order.orderId}`);

    expect(await screen.findByText('The payment did not go through')).toBeInTheDocument();
    expect(
      within(paymentRegion()).getByText('You cancelled the M-Pesa prompt. You can try the payment again.'),
    ).toBeInTheDocument();
    const attempts = screen.getByRole('list', { name: 'Payment attempts' });
    expect(within(attempts).getByText('Cancelled on the phone')).toBeInTheDocument();

    const phone = within(paymentRegion()).getByRole('textbox', { name: 'M-Pesa phone number' });
    expect(phone).toHaveValue('0712 345 601');
    await user.clear(phone);
    await user.type(phone, '12');
    await user.click(within(paymentRegion()).getByRole('button', { name: 'Retry payment' }));
    expect(await within(paymentRegion()).findByText(/Enter a Kenyan mobile number/)).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '0712 345 600');
    await user.click(within(paymentRegion()).getByRole('button', { name: 'Retry payment' }));

    expect(await screen.findByText(PAYMENT_SENT)).toBeInTheDocument();
    expect(await within(paymentRegion()).findByText(/^Paid on /)).toBeInTheDocument();
    await waitFor(() => expect(within(attempts).getAllByRole('listitem')).toHaveLength(2));
    expect(within(attempts).getAllByRole('listitem')[0]).toHaveTextContent('0712 345 600');
    expect(within(attempts).getAllByRole('listitem')[0]).toHaveTextContent('Paid');
    expect(within(paymentRegion()).queryByRole('button', { name: 'Retry payment' })).not.toBeInTheDocument();
  });

  it("shows a friendly not-found for another shopper's order", async () => {
    const order = await placeOrderAsShopper('0712345600');
    signInAs({ ...customer, userId: 'c0ffee00-0000-4000-8000-000000000999' });
    renderAppQuietly(`/account/orders/${order.orderId}`);
    expect(await screen.findByText('We could not find that order')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/account/orders');
  });

  it('shows a friendly not-found for a malformed id', async () => {
    renderAppQuietly('/account/orders/not-an-order');
    expect(await screen.findByText('We could not find that order')).toBeInTheDocument();
  });

  it('reads in Kiswahili: a failed payment in plain words, its attempts, the retry and the paid state', async () => {
    inKiswahili();
    commerceSettings.paymentDelayMs = 0;
    const order = await placeOrderAsShopper('0712345601');
    const { user } = renderAppQuietly(`/account/orders/${order.orderId}`);

    expect(await screen.findByRole('heading', { name: `Oda #${order.number}` })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`Sokoni | Oda #${order.number}`));
    const payment = () => screen.getByRole('region', { name: 'Malipo' });
    expect(await within(payment()).findByText('Malipo hayakufanikiwa')).toBeInTheDocument();
    expect(
      within(payment()).getByText('Ulighairi ombi la M-Pesa. Unaweza kujaribu kulipa tena.'),
    ).toBeInTheDocument();
    expect(within(payment()).getByText('Malipo yameshindikana')).toBeInTheDocument();
    const attempts = screen.getByRole('list', { name: 'Majaribio ya malipo' });
    expect(within(attempts).getByText('Ilighairiwa kwenye simu')).toBeInTheDocument();
    expect(within(attempts).getByText('Imeshindikana')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Bidhaa' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Usafirishaji' })).getByText('Simu ya M-Pesa'),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Iliwekwa /)).toBeInTheDocument();

    const phone = within(payment()).getByRole('textbox', { name: 'Nambari ya simu ya M-Pesa' });
    await user.clear(phone);
    await user.type(phone, '12');
    await user.click(within(payment()).getByRole('button', { name: 'Jaribu kulipa tena' }));
    expect(
      await within(payment()).findByText(
        'Andika nambari ya simu ya Kenya kama 0712 345 678 au +254 712 345 678.',
      ),
    ).toBeInTheDocument();
    await user.clear(phone);
    await user.type(phone, '0712 345 600');
    await user.click(within(payment()).getByRole('button', { name: 'Jaribu kulipa tena' }));

    expect(
      await screen.findByText('Tumetuma ombi la malipo kwenye simu yako. Tafadhali lipa kisha urudi hapa'),
    ).toBeInTheDocument();
    expect(await within(payment()).findByText(/^Imelipwa /)).toBeInTheDocument();
    for (const english of [PAYMENT_SENT, /^Paid/, 'Payment attempts', 'Retry payment', /You cancelled/]) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });
});
