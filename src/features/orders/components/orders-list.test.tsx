import { renderAppQuietly } from '@/test/render-app';
import { customer, signInAs } from '@/test/tokens';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { commerceSettings } from '@mocks/commerce-db';
import { placeOrderAsShopper, putInServerCart, resetShop } from '@/test/shop';

vi.setConfig({ testTimeout: 15_000 });

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
});
