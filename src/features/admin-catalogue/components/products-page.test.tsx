import { renderAppQuietly } from '@/test/render-app';
import { productLink } from '@/features/catalogue';
import { mockDb } from '@mocks/db';
import { categoryIds } from '@mocks/fixtures/catalogue';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminOnLaptop, names, PRODUCTS, rowOf, table } from './products-table.test-kit';

adminOnLaptop();

describe('Manage products', { timeout: 20_000 }, () => {
  it('lists products a page at a time, with their price, stock and status', async () => {
    // 30 products: two pages of 25.
    for (const [i, p] of mockDb.catalogue.products.slice(0, 7).entries())
      mockDb.catalogue.products.push({
        ...structuredClone(p),
        id: `00000000-0000-4000-8000-0000000009${String(i).padStart(2, '0')}`,
        name: `${p.name} ${i}`,
      });
    const hidden = mockDb.catalogue.products[1]!;
    hidden.hidden = true;
    const { user } = renderAppQuietly(PRODUCTS);
    expect(await screen.findByRole('heading', { name: 'Manage products' })).toBeInTheDocument();
    const row = await rowOf(hidden.name);
    expect(within(row).getByText('Hidden')).toBeInTheDocument();
    expect(within(row).getByText(hidden.pid)).toBeInTheDocument();
    expect(screen.getByText(`Showing 1–25 of ${mockDb.catalogue.products.length}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText(/^Showing 26–/)).toBeInTheDocument();
    expect(screen.getByText(/^Page 2 of/)).toBeInTheDocument();
  });

  it('searches as the admin types, keeping the search in the address', async () => {
    const { user, router } = renderAppQuietly(PRODUCTS);
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'avoc');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'avoc' }));
    await waitFor(async () =>
      expect(await names()).toEqual(expect.arrayContaining([expect.stringMatching(/avocado/i)])),
    );
    for (const name of await names()) expect(name).toMatch(/avocado/i);
  });

  it('lets a link followed while typing win over the pending search', async () => {
    // A product page waits for its product: the list stays on screen past the search's pause.
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    // Answering nothing hands the request on to the catalogue's own handler.
    server.use(http.get('*/api/v1/products/:id', async () => void (await loaded)));
    const product = mockDb.catalogue.products[0]!;
    const { user, router } = renderAppQuietly(PRODUCTS);
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'avoc');
    void router.navigate(productLink({ productId: product.id }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    release();
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/view\/product\//));
    expect(router.state.location.search).not.toHaveProperty('q');
  });

  it('filters by category and sorts', async () => {
    const { user, router } = renderAppQuietly(PRODUCTS);
    await table();
    const spices = mockDb.catalogue.categories.find((c) => c.id === categoryIds.spices)!;
    const category = await screen.findByRole('combobox', { name: 'Category' });
    await within(category).findByRole('option', { name: spices.name });
    await user.selectOptions(category, spices.id);
    await waitFor(() => expect(router.state.location.search).toMatchObject({ categoryId: spices.id }));
    const expected = mockDb.catalogue.products
      .filter((p) => p.categoryIds.includes(spices.id))
      .map((p) => p.name);
    await waitFor(async () => expect((await names()).sort()).toEqual([...expected].sort()));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name (A–Z)');
    await waitFor(async () =>
      expect(await names()).toEqual([...expected].sort((a, b) => a.localeCompare(b))),
    );
  });

  it('hides a product from the shop', async () => {
    const first = mockDb.catalogue.products[0]!;
    const { user } = renderAppQuietly(PRODUCTS);
    await user.click(
      within(await rowOf(first.name)).getByRole('button', { name: `Actions for ${first.name}` }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Hide from shop' }));
    expect(await screen.findByText(`${first.name} is hidden from the shop.`)).toBeInTheDocument();
    await waitFor(async () =>
      expect(within(await rowOf(first.name)).getByText('Hidden')).toBeInTheDocument(),
    );
    expect(mockDb.catalogue.products[0]!.hidden).toBe(true);
  });

  it('opens a row’s actions on its button and closes them on any other click', async () => {
    const first = mockDb.catalogue.products[0]!;
    const { user } = renderAppQuietly(PRODUCTS);
    await user.click(
      within(await rowOf(first.name)).getByRole('button', { name: `Actions for ${first.name}` }),
    );
    expect(await screen.findByRole('menuitem', { name: 'Duplicate' })).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { name: 'Manage products' }));
    await waitFor(() =>
      expect(screen.queryByRole('menuitem', { name: 'Duplicate' })).not.toBeInTheDocument(),
    );
  });
});
