import { renderAppQuietly } from '@/test/render-app';
import { categoryIds } from '@mocks/fixtures/catalogue';
import { server } from '@mocks/node';
import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { adminOnLaptop, PRODUCTS, table } from './products-table.test-kit';

adminOnLaptop();

describe('Exporting the products list', { timeout: 20_000 }, () => {
  it('downloads the list as filtered, as a CSV file', async () => {
    const asked: URLSearchParams[] = [];
    // Answering nothing hands the request on to the mock's own handler.
    server.use(
      http.get('*/api/v1/admin/products/export', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
      }),
    );
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:products');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderAppQuietly(
      `${PRODUCTS}?q=mango&categoryId=${categoryIds.spices}&status=hidden&sort=name&page=2`,
    );
    expect(await screen.findByText('No products match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(
      await screen.findByText(/^Downloaded sokoni-products-\d{4}-\d{2}-\d{2}\.csv\.$/),
    ).toBeInTheDocument();
    expect(saved).toEqual([expect.stringMatching(/^sokoni-products-\d{4}-\d{2}-\d{2}\.csv$/)]);
    // The filters on screen, and every product they select: no page.
    expect(Object.fromEntries(asked[0]!)).toEqual({
      q: 'mango',
      categoryId: categoryIds.spices,
      status: 'hidden',
      sort: 'name',
    });
  });

  it('offers the import beside it to those who may change products', async () => {
    const { user, router } = renderAppQuietly(PRODUCTS);
    await table();
    await user.click(screen.getByRole('link', { name: 'Import CSV' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${PRODUCTS}/import`));
    // The page is drawn again once its chunk has loaded: look for it until it stays.
    await waitFor(() => expect(screen.getByLabelText('CSV file')).toBeInTheDocument());
  });
});
