import { mockViewport } from '@/test/media';
import { renderAppQuietly } from '@/test/render-app';
import { resetShop } from '@/test/shop';
import { admin, signInAs } from '@/test/tokens';
import { mockDb } from '@mocks/db';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

beforeEach(() => {
  resetShop();
  signInAs(admin);
  // The attribute list belongs to the attributes screen's mocks; the form only reads it.
  server.use(http.get('*/api/v1/attribute', () => HttpResponse.json({ data: { count: 0, rows: [] } })));
});
afterEach(resetShop);

/** A fixture product whose first variant has stock, and that variant. */
function stocked() {
  const product = mockDb.catalogue.products.find((p) => !p.archivedAt && (p.variants[0]?.quantity ?? 0) > 3)!;
  return { product, variant: product.variants[0]! };
}

const page = (productId: string, search = '') => `/admin/${admin.userId}/products/${productId}${search}`;
const stockOfFirst = () => screen.findByRole('group', { name: 'Stock of Variant 1' });

async function openAdjust(productId: string) {
  const rendered = renderAppQuietly(page(productId));
  await rendered.user.click(within(await stockOfFirst()).getByRole('button', { name: 'Adjust stock' }));
  return { ...rendered, dialog: await screen.findByRole('dialog', { name: /^Adjust stock:/ }) };
}

describe('adjusting a variant’s stock', { timeout: 30_000 }, () => {
  it('shows the level instead of a quantity field, and adds the units received to it', async () => {
    const { product, variant } = stocked();
    const before = variant.quantity;
    const { user, dialog } = await openAdjust(product.id);
    expect(within(dialog).getByText(`${before} units on sale.`)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Reason' })).toHaveValue('goods_received');
    await user.type(within(dialog).getByRole('textbox', { name: 'Add or remove' }), '12');
    expect(within(dialog).getByText(new RegExp(`On sale after: ${before + 12}\\.`))).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Morning delivery');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(variant.quantity).toBe(before + 12);
    expect(await within(await stockOfFirst()).findByText(`${before + 12} on sale`)).toBeInTheDocument();
    expect(mockDb.stockMovements.at(-1)).toMatchObject({
      reason: 'goods_received',
      change: 12,
      note: 'Morning delivery',
    });
  });

  it('sets the level from a stock count of the shelf', async () => {
    const { product, variant } = stocked();
    const { user, dialog } = await openAdjust(product.id);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Stock count');
    await user.type(within(dialog).getByRole('textbox', { name: 'Counted on the shelf' }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(variant.quantity).toBe(3));
    expect(await within(await stockOfFirst()).findByText('3 on sale')).toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s refusal when more would go than there is', async () => {
    const { product, variant } = stocked();
    const before = variant.quantity;
    const { user, dialog } = await openAdjust(product.id);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Damaged or expired');
    await user.type(within(dialog).getByRole('textbox', { name: 'Add or remove' }), `-${before + 1}`);
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(
      await within(dialog).findByText(
        `Only ${before} units can be taken away: that is all the stock there is.`,
      ),
    ).toBeInTheDocument();
    expect(variant.quantity).toBe(before);
  });

  it('says what to type, and sends nothing, for a number it cannot use', async () => {
    const { product, variant } = stocked();
    const before = variant.quantity;
    const movements = mockDb.stockMovements.length;
    const { user, dialog } = await openAdjust(product.id);
    const amount = within(dialog).getByRole('textbox', { name: 'Add or remove' });
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(within(dialog).getByText('Enter how many to add or remove.')).toBeInTheDocument();
    await user.type(amount, 'a dozen');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(within(dialog).getByText('Enter a whole number, e.g. 12 or -3.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    expect(within(dialog).getByText('Enter a change other than 0.')).toBeInTheDocument();
    expect(variant.quantity).toBe(before);
    expect(mockDb.stockMovements).toHaveLength(movements);
  });
});

describe('a variant’s stock history', { timeout: 30_000 }, () => {
  it('opens from its address, newest first, with the sale’s order linked', async () => {
    const { product, variant } = stocked();
    const orderId = crypto.randomUUID();
    mockDb.stockMovements.push({
      movementId: crypto.randomUUID(),
      variantId: variant.id,
      kind: 'sale',
      reason: null,
      change: -2,
      levelAfter: variant.quantity - 2,
      actorName: '',
      orderId,
      orderNumber: 1042,
      note: '',
      at: new Date().toISOString(),
    });
    variant.quantity -= 2;
    renderAppQuietly(page(product.id, `?stock=${variant.id}`));
    const dialog = await screen.findByRole('dialog', { name: /^Stock history:/ });
    const table = await within(dialog).findByRole('table', { name: /^Stock history of/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Sale',
      'Opening stock',
    ]);
    expect(within(rows[0]!).getByText('−2')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('System')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('link', { name: 'Order #1042' })).toHaveAttribute(
      'href',
      `/admin/${admin.userId}/orders/${orderId}`,
    );
  });

  it('opens from the variant’s card and shows an adjustment with who made it', async () => {
    const { product } = stocked();
    const { user, dialog } = await openAdjust(product.id);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Reason' }), 'Returned');
    await user.type(within(dialog).getByRole('textbox', { name: 'Add or remove' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save adjustment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(await stockOfFirst()).getByRole('button', { name: 'Stock history' }));
    const history = await screen.findByRole('table', { name: /^Stock history of/ });
    const newest = within(history).getAllByRole('row')[1]!;
    expect(within(newest).getByText('Returned')).toBeInTheDocument();
    expect(within(newest).getByText('+2')).toBeInTheDocument();
    expect(within(newest).queryByText('System')).not.toBeInTheDocument();
  });

  it('opens from the dashboard’s low-stock list', async () => {
    mockViewport(1280);
    stocked().variant.quantity = 2;
    const { user } = renderAppQuietly(`/admin/${admin.userId}/dashboard`);
    const low = await screen.findByRole('list', { name: 'Low on stock (5 or fewer)' }, { timeout: 5_000 });
    const link = within(low).getAllByRole('link')[0]!;
    expect(link.getAttribute('href')).toMatch(/\/products\/[0-9a-f-]+\?stock=[0-9a-f-]+$/);
    await user.click(link);
    expect(await screen.findByRole('dialog', { name: /^Stock history:/ })).toBeInTheDocument();
  });
});
