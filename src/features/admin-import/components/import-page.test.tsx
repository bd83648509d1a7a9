import { renderAppQuietly } from '@/test/render-app';
import { resetShop } from '@/test/shop';
import { mockViewport } from '@/test/media';
import { admin, signInAs } from '@/test/tokens';
import type { ImportPreview, ImportResult } from '@contract/admin-import';
import { errorResponse } from '@mocks/http';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const IMPORT = `/admin/${admin.userId}/products/import`;

beforeEach(() => {
  resetShop();
  signInAs(admin);
  mockViewport(1280);
});
afterEach(resetShop);

const HEADER = 'pid,name,description,categories,variant,price,stock,available,attributes,visible';
const csv = (name: string, ...rows: string[]) =>
  new File([[HEADER, ...rows].join('\n')], name, { type: 'text/csv' });

const counts = (create: number, update = 0, unchanged = 0) => ({ create, update, unchanged });
const preview = (fields: Partial<ImportPreview>): ImportPreview => ({
  importId: '5e1ec7ed-0000-4000-8000-000000000001',
  fileName: 'new-stock.csv',
  rows: 2,
  products: counts(2),
  variants: counts(2),
  missing: { categories: [], attributeValues: [] },
  problems: [],
  problemCount: 0,
  changes: [],
  ...fields,
});
const result: ImportResult = {
  products: { created: 2, updated: 0, unchanged: 0 },
  variants: { created: 2, updated: 0, unchanged: 0 },
  categoriesCreated: 0,
  attributeValuesCreated: 0,
};

/**
 * The shop's import, answering each upload in turn. By turn, not by content: jsdom's File reaches
 * MSW through jsdom's XMLHttpRequest without its bytes or name, so a handler cannot read the CSV.
 */
function importServer(...answers: (ImportPreview | Response)[]) {
  const shop = { uploads: 0, confirms: [] as unknown[], applied: Promise.resolve() };
  server.use(
    http.post('*/api/v1/admin/products/import', async ({ request }) => {
      // The file part, as a browser sends it.
      expect((await request.formData()).get('file')).toMatchObject({ type: 'text/csv' });
      const answer = answers[shop.uploads++]!;
      return answer instanceof Response ? answer : HttpResponse.json({ data: answer });
    }),
    http.post('*/api/v1/admin/products/import/:importId/confirm', async ({ request }) => {
      shop.confirms.push(await request.json());
      await shop.applied;
      return HttpResponse.json({ data: result });
    }),
  );
  return shop;
}

const fileInput = () => screen.findByLabelText('CSV file');

describe('Importing products from a CSV file', { timeout: 20_000 }, () => {
  it('shows the problems of a file by row, then imports the corrected file', async () => {
    const shop = importServer(
      preview({
        importId: null,
        problems: [
          {
            row: 3,
            column: 'price',
            message: "row 3, price: 'KSh 1,200' is not a whole number of shillings",
            blocking: true,
          },
        ],
        problemCount: 1,
      }),
      preview({
        fileName: 'new-stock-fixed.csv',
        changes: [
          { row: 2, pid: '', name: 'Sukuma wiki', variant: '1 bunch', action: 'create', fields: [] },
          { row: 3, pid: '', name: 'Managu', variant: '1 bunch', action: 'create', fields: [] },
        ],
      }),
    );
    const { user, queryClient, router } = renderAppQuietly(IMPORT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Import products' })).toBeInTheDocument();

    await user.upload(
      await fileInput(),
      csv(
        'new-stock.csv',
        ',Sukuma wiki,,Vegetables,1 bunch,30,50,,,',
        ',Managu,,Vegetables,1 bunch,KSh 1,200,40,,,',
      ),
    );
    const problems = await screen.findByRole('table', { name: 'Problems' });
    const row = within(problems).getAllByRole('row')[1]!;
    expect(within(row).getByRole('cell', { name: '3' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'price' })).toBeInTheDocument();
    expect(
      within(row).getByText("row 3, price: 'KSh 1,200' is not a whole number of shillings"),
    ).toBeInTheDocument();
    expect(within(row).getByText('Blocking')).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Import 2 products' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(/problems that stop the import/);

    await user.click(screen.getByRole('button', { name: 'Choose another file' }));
    await user.upload(
      await fileInput(),
      csv(
        'new-stock-fixed.csv',
        ',Sukuma wiki,,Vegetables,1 bunch,30,50,,,',
        ',Managu,,Vegetables,1 bunch,1200,40,,,',
      ),
    );
    expect(
      await screen.findByRole('heading', { name: 'Preview of new-stock-fixed.csv' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Problems' })).not.toBeInTheDocument();
    const summary = screen.getByRole('table', { name: 'What the import changes' });
    expect(within(summary).getByRole('row', { name: 'Products 2 0 0' })).toBeInTheDocument();
    const changes = screen.getByRole('table', { name: 'Changes' });
    expect(within(changes).getByRole('row', { name: /^3 new Managu 1 bunch New$/ })).toBeInTheDocument();

    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    let apply!: () => void;
    shop.applied = new Promise((resolve) => (apply = resolve));
    await user.click(screen.getByRole('button', { name: 'Import 2 products' }));
    // While the shop applies the file, the page says so and nothing can be pressed twice.
    expect(await screen.findByText('Applying 2 rows…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose another file' })).toBeDisabled();
    apply();
    expect(await screen.findByText('Import complete')).toBeInTheDocument();
    expect(screen.getByText('2 products created, 0 updated, 0 unchanged.')).toBeInTheDocument();
    expect(shop.uploads).toBe(2);
    expect(shop.confirms).toEqual([{ createMissing: false }]);
    // The back office's products and the shop's pages and search show the new products at once.
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey?.slice(0, 2).join('/'));
    expect(keys).toEqual(expect.arrayContaining(['admin/products', 'products', 'search']));

    await user.click(screen.getByRole('link', { name: 'Back to products' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/${admin.userId}/products`));
    expect(await screen.findByRole('table', { name: 'Products' })).toBeInTheDocument();
  });

  it('asks before creating the categories and attribute values the shop lacks', async () => {
    const shop = importServer(
      preview({
        missing: { categories: ['Vegatables'], attributeValues: [{ attribute: 'Origin', value: 'Kisii' }] },
        problems: [
          {
            row: 2,
            column: 'categories',
            message: "row 2: category 'Vegatables' does not exist — create it or fix the name",
            blocking: false,
          },
        ],
        problemCount: 1,
      }),
    );
    const { user } = renderAppQuietly(IMPORT);
    await user.upload(
      await fileInput(),
      csv('bananas.csv', ',Bananas,,Vegatables,1 kg,120,10,,Origin: Kisii,'),
    );

    const missing = await screen.findByRole('region', { name: 'Not in the shop yet' });
    expect(within(missing).getByText('Vegatables')).toBeInTheDocument();
    expect(within(missing).getByText('Origin: Kisii')).toBeInTheDocument();
    expect(screen.getByText('Warning')).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Import 2 products' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription(/Tick “Create these when importing”/);

    await user.click(within(missing).getByRole('checkbox', { name: 'Create these when importing' }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText('Import complete')).toBeInTheDocument();
    expect(shop.confirms).toEqual([{ createMissing: true }]);
  });

  it('shows why a file is refused as a whole, and starts again on another file', async () => {
    const shop = importServer(
      errorResponse(
        400,
        'bad_file',
        'The file has no price or stock column; the header row must name pid, name, variant, price and stock.',
      ),
    );
    const { user } = renderAppQuietly(IMPORT);
    await user.upload(
      await fileInput(),
      new File(['pid,name,variant\n,Mango,1 kg'], 'mangoes.csv', { type: 'text/csv' }),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('mangoes.csv cannot be imported')).toBeInTheDocument();
    // The server's sentence, without its correlation id.
    expect(
      within(alert).getByText(
        'The file has no price or stock column; the header row must name pid, name, variant, price and stock.',
      ),
    ).toBeInTheDocument();
    expect(shop.uploads).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Choose another file' }));
    expect(await fileInput()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a file over 10 MB before sending it', async () => {
    const shop = importServer(preview({}));
    const { user } = renderAppQuietly(IMPORT);
    const big = csv('whole-shop.csv', ',Sukuma wiki,,Vegetables,1 bunch,30,50,,,');
    Object.defineProperty(big, 'size', { value: 12 * 1024 * 1024 });
    await user.upload(await fileInput(), big);
    expect(
      await screen.findByText(
        'whole-shop.csv is 12 MB, larger than the 10 MB a file may be. Split it into smaller files and import them one after the other.',
      ),
    ).toBeInTheDocument();
    expect(shop.uploads).toBe(0);
  });

  it('downloads the template to start from', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:template');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderAppQuietly(IMPORT);
    await user.click(await screen.findByRole('button', { name: 'Download the template' }));
    await waitFor(() => expect(saved).toEqual(['sokoni-products-template.csv']));
  });
});
