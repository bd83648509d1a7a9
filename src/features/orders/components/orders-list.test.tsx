import { renderAppQuietly } from '@/test/render-app';
import { customer, signInAs } from '@/test/tokens';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { LANGUAGE_COOKIE } from '@contract/languages';
import { commerceSettings } from '@mocks/commerce-db';
import { placeOrderAsShopper, putInServerCart, resetShop } from '@/test/shop';

vi.setConfig({ testTimeout: 15_000 });

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

describe('the orders page', () => {
  beforeEach(() => {
    resetShop();
    signInAs(customer);
  });

  it('says when there are no orders yet', async () => {
    renderAppQuietly('/account/orders');
    expect(await screen.findByText('No orders yet')).toBeInTheDocument();
  });

  it('lists orders newest first with number, date, item count, total and both statuses, a page at a time', async () => {
    // Eleven prompts left unanswered: more than a shopper may hold at once, which is not this test's point.
    commerceSettings.maxUnpaidOrders = 11;
    const numbers: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      putInServerCart(customer.userId, 'Omena', 1 + (i % 2));
      numbers.push((await placeOrderAsShopper('0712345609')).number);
    }
    const { user } = renderAppQuietly('/account/orders');
    const list = await screen.findByRole('list', { name: 'Your orders' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(10);
    const newest = within(list).getByRole('listitem', { name: `Order ${numbers[10]}` });
    expect(within(newest).getByRole('link', { name: `Order #${numbers[10]}` })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/account\/orders\/[0-9a-f-]{36}$/),
    );
    expect(newest).toHaveTextContent('1 item');
    expect(within(newest).getByText('Awaiting payment')).toBeInTheDocument();
    expect(within(newest).getByText('New')).toBeInTheDocument();
    expect(within(newest).getByTestId('order-total')).toHaveTextContent(/^KSH /);
    expect(screen.getByText('Page 1 of 2 · 11 orders')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Older' }));
    expect(await screen.findByText('Page 2 of 2 · 11 orders')).toBeInTheDocument();
    const second = screen.getByRole('list', { name: 'Your orders' });
    expect(within(second).getAllByRole('listitem')).toHaveLength(1);
    expect(within(second).getByRole('listitem', { name: `Order ${numbers[0]}` })).toHaveTextContent('1 item');
  });

  it('reads in Kiswahili: Oda zangu, the rows with their plural and statuses, the pages', async () => {
    inKiswahili();
    commerceSettings.maxUnpaidOrders = 11;
    const numbers: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      putInServerCart(customer.userId, 'Omena', 1);
      if (i === 10) putInServerCart(customer.userId, 'Hass avocado', 1);
      numbers.push((await placeOrderAsShopper('0712345609')).number);
    }
    const { user } = renderAppQuietly('/account/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oda zangu' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Oda zako' });
    const newest = within(list).getByRole('listitem', { name: `Oda ${numbers[10]}` });
    expect(within(newest).getByRole('link', { name: `Oda #${numbers[10]}` })).toBeInTheDocument();
    expect(newest).toHaveTextContent('bidhaa 2');
    expect(within(newest).getByText('Inasubiri malipo')).toBeInTheDocument();
    expect(within(newest).getByText('Mpya')).toBeInTheDocument();
    expect(within(list).getByRole('listitem', { name: `Oda ${numbers[9]}` })).toHaveTextContent('bidhaa 1');
    expect(screen.getByText('Ukurasa 1 kati ya 2 · oda 11')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Za zamani' }));
    expect(await screen.findByText('Ukurasa 2 kati ya 2 · oda 11')).toBeInTheDocument();
    const page = within(screen.getByRole('main'));
    for (const english of [/item/, 'Awaiting payment', 'New', /^Page /, 'Older', 'Newer']) {
      expect(page.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('says in Kiswahili when there are no orders yet', async () => {
    inKiswahili();
    renderAppQuietly('/account/orders');
    expect(await screen.findByText('Bado huna oda')).toBeInTheDocument();
    expect(screen.queryByText('No orders yet')).not.toBeInTheDocument();
  });
});
