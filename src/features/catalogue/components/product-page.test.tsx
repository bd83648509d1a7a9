import { clearGuestCart, getGuestCartItems } from '@/features/cart';
import { encodeBase64Url } from '@/lib/base64';
import { quietQueryClient, renderApp, renderAppQuietly, renderInRouter } from '@/test/render-app';
import { fixtureId } from '@mocks/fixtures/catalogue';
import { mockDb, resetMockDb } from '@mocks/db';
import { errorResponse } from '@mocks/http';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Profiler } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { productQueries } from '../api/product-queries';
import { productPath } from '../model/paths';
import { ProductPage } from './product-page';

const find = (name: string) => mockDb.catalogue.products.find((p) => p.name === name)!;
const pathOf = (name: string) => productPath({ productId: find(name).id });

describe('the product page', () => {
  beforeEach(() => {
    resetMockDb();
    clearGuestCart();
  });

  it('opened from a link with the product loaded, draws its skeleton first and the details in a later render', async () => {
    // As when a card is tapped: the route's loader fetched the product before the page mounts.
    const queryClient = quietQueryClient();
    await queryClient.prefetchQuery(productQueries.detail(find('Hass avocado').id));
    const commits: string[] = [];
    const whatIsDrawn = () =>
      screen.queryByRole('heading', { level: 1 })?.textContent ??
      (screen.queryByRole('status', { name: 'Loading product' }) ? 'skeleton' : 'nothing');

    renderInRouter(
      <Profiler id="product" onRender={() => commits.push(whatIsDrawn())}>
        <ProductPage productId={find('Hass avocado').id} via={null} />
      </Profiler>,
      queryClient,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Hass avocado' })).toBeInTheDocument();
    expect(commits[0]).toBe('skeleton');
    expect(commits.at(-1)).toBe('Hass avocado');
  });

  it('shows the product with its gallery, prices, variants, categories and description', async () => {
    const { user } = renderApp(pathOf('Hass avocado'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hass avocado' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sokoni | Hass avocado'));

    // Two pictures: the first at detail size, eager, with thumbnails to switch.
    const pictures = screen.getByRole('list', { name: 'Pictures' });
    const thumbs = within(pictures).getAllByRole('button');
    expect(thumbs).toHaveLength(2);
    const main = screen.getByRole('img', { name: 'Hass avocado' });
    expect(main).toHaveAttribute('loading', 'eager');
    expect(main).toHaveAttribute('fetchpriority', 'high');
    await user.click(thumbs[1]!);
    expect(screen.getByRole('img', { name: 'Hass avocado: Avocado halves' })).toBeInTheDocument();
    expect(thumbs[1]).toHaveAttribute('aria-pressed', 'true');

    const main_ = screen.getByRole('main');
    expect(within(main_).getByText('SAVE 10%')).toBeInTheDocument();
    const prices = within(main_).getAllByTestId('price');
    expect(prices[0]).toHaveTextContent('KSH 36.00');
    expect(within(main_).getAllByTestId('original-price')[0]).toHaveTextContent('KSH 40.00');
    expect(within(main_).getByText('In Stock')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Categories' })).getByRole('link', {
        name: 'Fruits & Vegetables',
      }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Creamy Hass avocados/)).toBeInTheDocument();

    // Choosing the pack of four changes the price and what Add to Cart adds (150 − 10% = 135).
    const single = screen.getByRole('radio', { name: /Pack: Single/ });
    const four = screen.getByRole('radio', { name: /Pack: Pack of 4/ });
    expect(single).toBeChecked();
    await user.click(four);
    expect(four).toBeChecked();
    expect(within(main_).getAllByTestId('price')[0]).toHaveTextContent('KSH 135.00');

    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByText('Item was successfully added to cart')).toBeInTheDocument();
    const stepper = screen.getByRole('group', { name: 'Quantity of Hass avocado' });
    await user.click(within(stepper).getByRole('button', { name: 'Increase quantity of Hass avocado' }));
    await waitFor(() => expect(within(stepper).getByRole('status')).toHaveTextContent('2 in cart'));
    // The chosen variant is the one in the cart.
    const pack = mockDb.catalogue.products.find((p) => p.name === 'Hass avocado')!.variants[1]!;
    expect(getGuestCartItems()).toMatchObject([{ name: 'Hass avocado', variantId: pack.id, quantity: 2 }]);
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Cart, 2 items' }),
    ).toBeInTheDocument();
  });

  it('leads back to the category the shopper came through', async () => {
    const dhania = find('Dhania');
    const spices = mockDb.catalogue.categories.find((c) => c.slug === 'spices')!;
    renderApp(productPath({ productId: dhania.id, categoryId: spices.id }));
    await screen.findByRole('heading', { level: 1, name: 'Dhania' });
    const crumbs = screen.getByRole('navigation', { name: /breadcrumb/i });
    expect(within(crumbs).getByRole('link', { name: 'Spices & Herbs' })).toHaveAttribute(
      'href',
      `/view/category/${encodeBase64Url(spices.id)}`,
    );
  });

  it('shows each variant as name: value, and says which are sold out', async () => {
    renderApp(pathOf('Chapati'));
    await screen.findByRole('heading', { level: 1, name: 'Chapati' });
    const packOf10 = screen.getByRole('radio', { name: /Pack: Pack of 10/ });
    expect(packOf10.closest('label')).toHaveTextContent('Out of Stock');
  });

  it('renders recipe tips from sanitised HTML only', async () => {
    const sukuma = find('Sukuma wiki');
    sukuma.recipeTips =
      '<p>Fry <strong>onions</strong> first.</p><script>window.__pwned = true</script>' +
      '<img src="x" onerror="window.__pwned = true"><p onclick="window.__pwned = true">Serve hot.</p>';
    renderApp(pathOf('Sukuma wiki'));
    const tips = await screen.findByRole('region', { name: 'Recipe tips' });
    expect(within(tips).getByText('onions').tagName).toBe('STRONG');
    expect(within(tips).getByText('Serve hot.')).not.toHaveAttribute('onclick');
    expect(tips.querySelector('script, img, [onerror], [onclick]')).toBeNull();
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  });

  it.each([
    ['an unknown product', productPath({ productId: fixtureId(3, 404) })],
    ['an id that is not base64', '/view/product/%25%25%25'],
    ['base64 that is not a product id', `/view/product/${encodeBase64Url('sukuma-wiki')}`],
  ])('shows a friendly not-found state for %s', async (_case, path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all products' })).toBeInTheDocument();
  });

  it('shows the error message in a toast when the product cannot be loaded', async () => {
    server.use(
      http.get('*/api/v1/products/:id', () => errorResponse(500, 'internal', 'Something broke on our side.')),
    );
    renderAppQuietly(pathOf('Omena'));
    expect(await screen.findByText('Something broke on our side.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
