import { CartControl } from '@/features/cart';
import { renderInRouter } from '@/test/render-app';
import { productView as product, resetShop } from '@/test/shop';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { productPath } from '../model/paths';
import type { ProductView } from '../model/product-view';
import { ProductCard } from './product-card';

const renderCard = (view: ProductView) =>
  renderInRouter(<ProductCard product={view} action={<CartControl product={view} />} />);

describe('the product card', () => {
  beforeEach(() => resetShop());

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
});
