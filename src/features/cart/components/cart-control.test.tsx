import { cardVariant, ProductCard, productQueries, type ProductView } from '@/features/catalogue';
import { quietQueryClient, renderInRouter } from '@/test/render-app';
import { productView as product, resetShop } from '@/test/shop';
import { screen, waitFor, within } from '@testing-library/react';
import { adoptCatalogue } from '@/lib/i18n';
import sw from '@/locales/sw';
import { Profiler } from 'react';
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

  it("draws a guest's add once: no busy button on the way to minus, quantity and plus", async () => {
    const sukuma = product('Sukuma wiki');
    // As on a card: the product is loaded, so a guest's add is made in the browser at once.
    const queryClient = quietQueryClient();
    await queryClient.prefetchQuery(productQueries.detail(sukuma.productId));
    const drawn: string[] = [];
    const whatIsDrawn = () =>
      document.querySelector('button[data-loading], button[aria-busy="true"]')
        ? 'busy'
        : screen.queryByRole('group', { name: 'Quantity of Sukuma wiki' })
          ? 'stepper'
          : 'add';
    const { user } = renderInRouter(
      <Profiler id="control" onRender={() => drawn.push(whatIsDrawn())}>
        <CartControl product={sukuma} />
      </Profiler>,
      queryClient,
    );
    await user.click(await screen.findByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('group', { name: 'Quantity of Sukuma wiki' })).toBeInTheDocument();
    expect(drawn).not.toContain('busy');
    expect(drawn.at(-1)).toBe('stepper');
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

  it('reads in Kiswahili: Ongeza kwenye kikapu, the toasts and the stepper', async () => {
    adoptCatalogue('sw', sw);
    const sukuma = product('Sukuma wiki');
    const { user } = renderCard(sukuma);
    await user.click(
      within(await screen.findByRole('article', { name: 'Sukuma wiki' })).getByRole('button', {
        name: 'Ongeza kwenye kikapu',
      }),
    );
    expect(await screen.findByText('Bidhaa imeongezwa kwenye kikapu')).toBeInTheDocument();
    expect(screen.queryByText('Item was successfully added to cart')).not.toBeInTheDocument();
    const stepper = within(card('Sukuma wiki')).getByRole('group', { name: 'Idadi ya Sukuma wiki' });
    expect(within(stepper).getByRole('status')).toHaveTextContent('1 kwenye kikapu');
    expect(
      within(stepper).getByRole('button', { name: 'Ondoa Sukuma wiki kwenye kikapu' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).not.toBeInTheDocument();
  });

  it('says in Kiswahili how many are left when + passes the stock', async () => {
    adoptCatalogue('sw', sw);
    const tilapia = product('Lake Victoria tilapia');
    const variant = cardVariant(tilapia)!;
    const line = {
      productId: tilapia.productId,
      productPid: tilapia.pid,
      variantId: variant.variantId,
      image: '',
      name: tilapia.name,
    };
    for (let i = 0; i < variant.quantity; i += 1) addGuestItem(line, variant.quantity);
    const { user } = renderCard(tilapia);
    const stepper = await screen.findByRole('group', { name: 'Idadi ya Lake Victoria tilapia' });
    await user.click(within(stepper).getByRole('button', { name: 'Ongeza idadi ya Lake Victoria tilapia' }));
    expect(await screen.findByText(`Samahani, zimebaki ${variant.quantity} tu`)).toBeInTheDocument();
  });
});
