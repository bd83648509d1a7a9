import { clearGuestCart } from '@/features/cart';
import { encodeBase64Url } from '@/lib/base64';
import { renderApp } from '@/test/render-app';
import { fixtureId } from '@mocks/fixtures/catalogue';
import { mockDb, resetMockDb } from '@mocks/db';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

const produce = () => mockDb.catalogue.categories.find((c) => c.slug === 'fruits-vegetables')!;
const names = () =>
  within(screen.getByRole('list', { name: 'Fruits & Vegetables' }))
    .getAllByRole('article')
    .map((a) => a.getAttribute('aria-labelledby') && within(a).getByRole('heading').textContent);

describe('a category page', () => {
  beforeEach(() => {
    resetMockDb();
    clearGuestCart();
  });

  it('shows the category with its name and its products, newest first', async () => {
    renderApp(`/view/category/${encodeBase64Url(produce().id)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fruits & Vegetables' })).toBeInTheDocument();
    expect(screen.getByText('7 products')).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Fruits & Vegetables' });
    expect(names()).toEqual([
      'Sukuma wiki',
      'Hass avocado',
      'Managu',
      'Dhania',
      'Apple mangoes',
      'Tomatoes',
      'Red onions',
    ]);
    await waitFor(() => expect(document.title).toBe('Sokoni | Fruits & Vegetables'));
    // Product links carry the category the shopper came through.
    expect(screen.getByRole('link', { name: 'Sukuma wiki' }).getAttribute('href')).toContain(
      `?c=${encodeBase64Url(produce().id)}`,
    );
  });

  it('sorts by price and by name', async () => {
    const { user, router } = renderApp(`/view/category/${encodeBase64Url(produce().id)}`);
    await screen.findByRole('list', { name: 'Fruits & Vegetables' });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('newest');

    await user.selectOptions(sort, 'Price: low to high');
    await waitFor(() => expect(names()[0]).toBe('Dhania'));
    expect(names()).toEqual([
      'Dhania',
      'Sukuma wiki',
      'Hass avocado',
      'Managu',
      'Red onions',
      'Tomatoes',
      'Apple mangoes',
    ]);
    expect(router.state.location.search).toEqual({ sort: 'price_asc' });

    await user.selectOptions(sort, 'Price: high to low');
    await waitFor(() => expect(names()[0]).toBe('Apple mangoes'));

    await user.selectOptions(sort, 'Name (A–Z)');
    await waitFor(() =>
      expect(names()).toEqual([
        'Apple mangoes',
        'Dhania',
        'Hass avocado',
        'Managu',
        'Red onions',
        'Sukuma wiki',
        'Tomatoes',
      ]),
    );
  });

  it('also opens from its slug', async () => {
    renderApp(`/view/category/${encodeBase64Url('bakery')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bakery' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Chapati' })).toBeInTheDocument();
  });

  it('says so when the category has no products', async () => {
    mockDb.catalogue.categories.push({
      id: fixtureId(1, 99),
      slug: 'snacks',
      name: 'Snacks',
      icon: 'mdiCookie',
      iconPath: '',
      color: 'orange',
      position: 9,
    });
    renderApp(`/view/category/${encodeBase64Url(fixtureId(1, 99))}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Snacks' })).toBeInTheDocument();
    expect(await screen.findByText('No products in this category yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all products' })).toHaveAttribute('href', '/#our-products');
  });

  it.each([
    ['not base64', 'not%20base64!'],
    ['an unknown id', encodeBase64Url(fixtureId(1, 404))],
    ['an unknown slug', encodeBase64Url('no-such-aisle')],
  ])('shows a friendly not-found state for %s', async (_case, segment) => {
    renderApp(`/view/category/${segment}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all products' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});
