import { cardVariant, ProductCard, type ProductView } from '@/features/catalogue';
import { renderInRouter } from '@/test/render-app';
import { productView as product, resetShop } from '@/test/shop';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { addGuestItem, getGuestCartItems } from '../stores/guest-cart-store';
import { CartControl } from './cart-control';

const renderCard = (view: ProductView) =>
  renderInRouter(<ProductCard product={view} action={<CartControl product={view} />} />);

const card = (name: string) => screen.getByRole('article', { name });

describe('the cart control on a product card', () => {
  beforeEach(() => resetShop());

  it('turns Add to Cart into minus, quantity and plus once added', async () => {
    const sukuma = product('Sukuma wiki');
    const { user } = renderCard(sukuma);
    await user.click(
      within(await screen.findByRole('article', { name: 'Sukuma wiki' })).getByRole('button', {
        name: 'Add to Cart',
      }),
    );

    expect(await screen.findByText('Item was successfully added to cart')).toBeInTheDocument();
    const stepper = within(card('Sukuma wiki')).getByRole('group', { name: 'Quantity of Sukuma wiki' });
    expect(within(stepper).getByRole('status')).toHaveTextContent('1 in cart');
    expect(getGuestCartItems()).toMatchObject([
      { name: 'Sukuma wiki', quantity: 1, productPid: 'SKN-10001' },
    ]);

    await user.click(within(stepper).getByRole('button', { name: 'Increase quantity of Sukuma wiki' }));
    await waitFor(() => expect(within(stepper).getByRole('status')).toHaveTextContent('2 in cart'));
    await user.click(within(stepper).getByRole('button', { name: 'Decrease quantity of Sukuma wiki' }));
    await waitFor(() => expect(within(stepper).getByRole('status')).toHaveTextContent('1 in cart'));

    // Minus at one removes the line and brings Add to Cart back.
    await user.click(within(stepper).getByRole('button', { name: 'Remove Sukuma wiki from cart' }));
    expect(await within(card('Sukuma wiki')).findByRole('button', { name: 'Add to Cart' })).toBeEnabled();
    expect(getGuestCartItems()).toEqual([]);
  });

  it('shows the quantity of a product already in the cart and stops at the stock', async () => {
    const tilapia = product('Lake Victoria tilapia');
    const variant = cardVariant(tilapia)!;
    for (let i = 0; i < variant.quantity; i += 1) {
      addGuestItem(
        {
          productId: tilapia.productId,
          productPid: tilapia.pid,
          variantId: variant.variantId,
          image: '',
          name: tilapia.name,
        },
        variant.quantity,
      );
    }
    const { user } = renderCard(tilapia);
    const stepper = await screen.findByRole('group', { name: 'Quantity of Lake Victoria tilapia' });
    expect(within(stepper).getByRole('status')).toHaveTextContent(`${variant.quantity} in cart`);

    await user.click(
      within(stepper).getByRole('button', { name: 'Increase quantity of Lake Victoria tilapia' }),
    );
    expect(await screen.findByText(`Sorry, only ${variant.quantity} units are in stock`)).toBeInTheDocument();
    expect(getGuestCartItems()[0]?.quantity).toBe(variant.quantity);
  });
});
