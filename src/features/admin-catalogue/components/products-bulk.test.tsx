import { renderAppQuietly } from '@/test/render-app';
import { formatKsh } from '@/lib/format';
import { mockDb } from '@mocks/db';
import { activeVariants } from '@mocks/fixtures/catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminOnLaptop, PRODUCTS, rowOf, table } from './products-table.test-kit';

adminOnLaptop();

const toolbar = () => screen.findByRole('toolbar', { name: /selected$/ });
/** A product of the fixture with one active variant, so its row shows one price. */
const oneSized = () =>
  mockDb.catalogue.products.filter((p) => !p.archivedAt && activeVariants(p).length === 1);

describe('Bulk edits on the products table', { timeout: 30_000 }, () => {
  it('raises the prices of two ticked products by 10 %, after a preview of old and new', async () => {
    const [a, b] = oneSized();
    const [priceA, priceB] = [activeVariants(a!)[0]!.price, activeVariants(b!)[0]!.price];
    const raised = (price: number) => Math.floor((price * 110 + 50) / 100);
    const { user } = renderAppQuietly(PRODUCTS);
    await user.click(within(await rowOf(a!.name)).getByRole('checkbox', { name: `Select ${a!.name}` }));
    await user.click(within(await rowOf(b!.name)).getByRole('checkbox', { name: `Select ${b!.name}` }));
    const bar = await toolbar();
    expect(bar).toHaveAccessibleName('2 products selected');

    await user.click(within(bar).getByRole('button', { name: 'Change prices…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the prices of 2 products' });
    await user.type(within(dialog).getByRole('textbox', { name: /Percentage/ }), '10');
    const preview = await within(dialog).findByRole('table', { name: 'Price preview' });
    const rowFor = (name: string) => within(preview).getByRole('cell', { name }).closest('tr')!;
    expect(within(rowFor(a!.name)).getByText(formatKsh(priceA))).toBeInTheDocument();
    expect(within(rowFor(a!.name)).getByText(formatKsh(raised(priceA)))).toBeInTheDocument();
    expect(within(rowFor(b!.name)).getByText(formatKsh(raised(priceB)))).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('2 prices change at +10 %.');
    // The preview wrote nothing.
    expect(activeVariants(mockDb.catalogue.products.find((p) => p.id === a!.id)!)[0]!.price).toBe(priceA);

    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText('2 products updated.')).toBeInTheDocument();
    await waitFor(async () =>
      expect(within(await rowOf(a!.name)).getByText(formatKsh(raised(priceA)))).toBeInTheDocument(),
    );
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(
      mockDb.activity
        .filter((e) => e.action === 'bulk_edited')
        .map((e) => e.entityId)
        .sort(),
    ).toEqual([a!.id, b!.id].sort());
  });

  it('offers every product matching the filter once the whole page is ticked, and hides them all', async () => {
    // More than a page: the fixture and copies of it.
    for (const [i, p] of mockDb.catalogue.products.slice(0, 10).entries())
      mockDb.catalogue.products.push({
        ...structuredClone(p),
        id: `00000000-0000-4000-8000-0000000008${String(i).padStart(2, '0')}`,
        name: `${p.name} ${i}`,
      });
    const matching = mockDb.catalogue.products.filter((p) => !p.archivedAt).length;
    const { user } = renderAppQuietly(PRODUCTS);
    await table();
    await user.click(screen.getByRole('checkbox', { name: 'Select all products on this page' }));
    const bar = await toolbar();
    expect(bar).toHaveAccessibleName('25 products selected');
    await user.click(
      screen.getByRole('button', { name: `Select all ${matching} products matching the filter` }),
    );
    expect(await toolbar()).toHaveAccessibleName(`${matching} products selected`);

    // Those already hidden are matched but not changed.
    const shown = mockDb.catalogue.products.filter((p) => !p.archivedAt && !p.hidden).length;
    await user.click(within(await toolbar()).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText(`${shown} products updated.`)).toBeInTheDocument();
    expect(mockDb.catalogue.products.filter((p) => !p.archivedAt).every((p) => p.hidden)).toBe(true);
  });

  it('is a toolbar the keyboard moves along with the arrow keys', async () => {
    const [a] = oneSized();
    const { user } = renderAppQuietly(PRODUCTS);
    within(await rowOf(a!.name))
      .getByRole('checkbox', { name: `Select ${a!.name}` })
      .focus();
    await user.keyboard(' ');
    const bar = await toolbar();
    within(bar).getByRole('button', { name: 'Hide' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(bar).getByRole('button', { name: 'Show' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(bar).getByRole('button', { name: 'Clear selection' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(bar).getByRole('button', { name: 'Hide' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('1 product updated.')).toBeInTheDocument();
  });

  it('clears the ticks when the filter changes', async () => {
    const [a] = oneSized();
    const { user } = renderAppQuietly(PRODUCTS);
    await user.click(within(await rowOf(a!.name)).getByRole('checkbox', { name: `Select ${a!.name}` }));
    expect(await toolbar()).toHaveAccessibleName('1 product selected');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Visible');
    await waitFor(() => expect(screen.queryByRole('toolbar')).not.toBeInTheDocument());
  });

  it('deletes the ticked products after a confirmation naming how many', async () => {
    const [a, b] = oneSized();
    const { user } = renderAppQuietly(PRODUCTS);
    await user.click(within(await rowOf(a!.name)).getByRole('checkbox', { name: `Select ${a!.name}` }));
    await user.click(within(await rowOf(b!.name)).getByRole('checkbox', { name: `Select ${b!.name}` }));
    await user.click(within(await toolbar()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete 2 products?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete 2 products' }));
    expect(await screen.findByText('2 products updated.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Products' })).queryByText(a!.name)).toBeNull(),
    );
    expect(mockDb.catalogue.products.find((p) => p.id === a!.id)!.archivedAt).not.toBeNull();
  });

  it('shows the refusal when a product already has the most categories', async () => {
    const [a] = oneSized();
    a!.categoryIds = Array.from({ length: 10 }, (_, i) => `00000000-0000-4000-8000-00000000070${i}`);
    const category = mockDb.catalogue.categories[0]!;
    const { user } = renderAppQuietly(PRODUCTS);
    await user.click(within(await rowOf(a!.name)).getByRole('checkbox', { name: `Select ${a!.name}` }));
    await user.click(within(await toolbar()).getByRole('button', { name: 'Add to category…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add 1 product to a category' });
    const select = within(dialog).getByRole('combobox', { name: /Category/ });
    await within(select).findByRole('option', { name: category.name });
    await user.selectOptions(select, category.id);
    await user.click(within(dialog).getByRole('button', { name: 'Add to category' }));
    expect(
      await screen.findByText(/1 of the products already has 10 categories, the most a product may have\./),
    ).toBeInTheDocument();
    expect(a!.categoryIds).not.toContain(category.id);
  });
});
