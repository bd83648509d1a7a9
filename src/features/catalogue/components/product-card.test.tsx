import { CartControl } from '@/features/cart/components/cart-control';
import { addGuestItem, clearGuestCart, getGuestCartItems } from '@/features/cart/stores/guest-cart-store';
import { renderInRouter } from '@/features/catalogue/test-utils';
import { mockDb, resetMockDb } from '@mocks/db';
import { listProducts } from '@mocks/handlers/catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { productPath } from '../model/paths';
import { cardVariant, unitPrice, viewFromSummary, type ProductView } from '../model/product-view';
import { ProductCard } from './product-card';

function product(name: string): ProductView {
  const page = listProducts({ limit: 100, offset: 0, sort: 'newest' }, mockDb.catalogue, new Date());
  const summary = page.data.find((p) => p.name === name);
  if (!summary) throw new Error(`No fixture product ${name}`);
  return viewFromSummary(summary, page.linked);
}

const renderCard = (view: ProductView) =>
  renderInRouter(<ProductCard product={view} action={<CartControl product={view} />} />);

const card = (name: string) => screen.getByRole('article', { name });

describe('the product card', () => {
  beforeEach(() => {
    resetMockDb();
    clearGuestCart();
  });

  it('shows a product on sale with its SAVE badge, sale price and struck original price', async () => {
    const avocado = product('Hass avocado');
    renderCard(avocado);
    const article = await screen.findByRole('article', { name: 'Hass avocado' });

    // 10% off 40 KSH: Math.round((40 - 36) / 40 * 100).
    expect(within(article).getByText('SAVE 10%')).toBeInTheDocument();
    expect(within(article).getByTestId('price')).toHaveTextContent('KSH 36.00');
    const original = within(article).getByTestId('original-price');
    expect(original.tagName).toBe('S');
    expect(original).toHaveTextContent('KSH 40.00');

    expect(within(article).getByRole('link', { name: 'Hass avocado' })).toHaveAttribute(
      'href',
      productPath(avocado),
    );
    const chips = within(within(article).getByRole('list', { name: 'Categories and options' })).getAllByRole(
      'listitem',
    );
    expect(chips.map((c) => c.textContent)).toEqual(['Fruits & Vegetables', 'Pack: Single']);
    expect(within(article).getByText('In Stock')).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Add to Cart' })).toBeEnabled();

    const image = article.querySelector('img')!;
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '900');
    expect(image.getAttribute('srcset')?.split(', ')).toHaveLength(3);
  });

  it('loads the first row eagerly with high priority', async () => {
    const sukuma = product('Sukuma wiki');
    renderInRouter(<ProductCard product={sukuma} priority />);
    const image = (await screen.findByRole('article', { name: 'Sukuma wiki' })).querySelector('img')!;
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('shows an out-of-stock product that cannot be added', async () => {
    renderCard(product('Managu'));
    const article = await screen.findByRole('article', { name: 'Managu' });
    expect(within(article).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(article).queryByText(/SAVE/)).not.toBeInTheDocument();
    expect(within(article).queryByTestId('original-price')).not.toBeInTheDocument();
    expect(within(article).getByTestId('price')).toHaveTextContent('KSH 50.00');
    expect(within(article).getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

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
      { name: 'Sukuma wiki', quantity: 1, price: 30, productPid: 'SKN-10001' },
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
          price: unitPrice(variant),
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
