import { renderAppQuietly } from '@/test/render-app';
import { mockDb } from '@mocks/db';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminOnLaptop, names, PRODUCTS, rowOf } from './products-table.test-kit';

adminOnLaptop();

// Its own file: Chakra's menus keep module state that makes a second menu selection in one file flaky.
describe('Manage products: delete', { timeout: 20_000 }, () => {
  it('deletes a product after confirmation, and undoes it from the toast', async () => {
    const first = mockDb.catalogue.products[0]!;
    const { user } = renderAppQuietly(PRODUCTS);
    await user.click(
      within(await rowOf(first.name)).getByRole('button', { name: `Actions for ${first.name}` }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: `Delete ${first.name}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Delete product' }));
    expect(await screen.findByText(`${first.name} was deleted.`)).toBeInTheDocument();
    await waitFor(async () => expect(await names()).not.toContain(first.name));
    expect(mockDb.catalogue.products[0]!.archivedAt).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect(await names()).toContain(first.name));
    expect(mockDb.catalogue.products[0]!.archivedAt).toBeNull();
  });
});
