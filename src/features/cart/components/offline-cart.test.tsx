import { renderApp } from '@/test/render-app';
import { productNamed, putInServerCart, resetShop } from '@/test/shop';
import { customer, signInAs } from '@/test/tokens';
import { cartOf } from '@mocks/commerce-db';
import { goOffline, goOnline } from '@/test/connection';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 15_000 });

describe('the cart offline', () => {
  beforeEach(() => resetShop());

  it('keeps a change made offline, says it will be sent, and shows the refusal on its line once back online', async () => {
    putInServerCart(customer.userId, 'Omena', 1);
    putInServerCart(customer.userId, 'Hass avocado', 1);
    signInAs(customer);
    const { user } = renderApp('/cart');
    const omena = await screen.findByRole('listitem', { name: 'Omena' });
    const avocado = screen.getByRole('listitem', { name: 'Hass avocado' });

    goOffline();
    expect(
      screen.getByText('You’re offline. Changes to your cart are kept and sent when you’re back online.'),
    ).toBeInTheDocument();
    // Meanwhile the last Omena is sold to someone else.
    productNamed('Omena').variants[0]!.quantity = 1;
    await user.click(within(omena).getByRole('button', { name: 'Increase quantity of Omena' }));
    await user.click(within(avocado).getByRole('button', { name: 'Increase quantity of Hass avocado' }));
    // Shown at once, sent later.
    await waitFor(() =>
      expect(within(avocado).getByRole('group', { name: 'Quantity of Hass avocado' })).toHaveTextContent('2'),
    );
    expect(within(omena).getByRole('group', { name: 'Quantity of Omena' })).toHaveTextContent('2');
    expect(cartOf(customer.userId).map((l) => l.quantity)).toEqual([1, 1]);

    goOnline();
    const note = 'Your change was not saved: Only 1 of Omena (250 g) is in stock; your cart would have 2.';
    expect(await within(omena).findByText(note)).toBeInTheDocument();
    // The cart shown is the server's: the refused + undone, the other one applied.
    await waitFor(() =>
      expect(within(omena).getByRole('group', { name: 'Quantity of Omena' })).toHaveTextContent('1'),
    );
    expect(within(avocado).getByRole('group', { name: 'Quantity of Hass avocado' })).toHaveTextContent('2');
    expect(cartOf(customer.userId).map((l) => l.quantity)).toEqual([1, 2]);
    expect(screen.queryByText(/You’re offline/)).not.toBeInTheDocument();

    await user.click(within(omena).getByRole('button', { name: 'Dismiss the note about Omena' }));
    expect(within(omena).queryByText(note)).not.toBeInTheDocument();
  });

  it('adds a product from its card offline, shows it in the cart at once, and sends it once back online', async () => {
    signInAs(customer);
    const { user } = renderApp('/');
    const header = await screen.findByRole('banner');
    const card = await screen.findByRole('article', { name: 'Sukuma wiki' });
    goOffline();

    await user.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    const stepper = await within(card).findByRole('group', { name: 'Quantity of Sukuma wiki' });
    await user.click(within(stepper).getByRole('button', { name: 'Increase quantity of Sukuma wiki' }));
    expect(await within(header).findByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
    expect(cartOf(customer.userId)).toEqual([]);

    goOnline();
    await waitFor(() => expect(cartOf(customer.userId).map((l) => l.quantity)).toEqual([2]));
    expect(within(header).getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
  });
});
