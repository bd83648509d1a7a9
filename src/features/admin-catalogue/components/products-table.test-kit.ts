import { resetShop } from '@/test/shop';
import { mockViewport } from '@/test/media';
import { admin, signInAs } from '@/test/tokens';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

/** What the manage-products tests share: the page, an admin on a laptop, and the table's rows. */

export const PRODUCTS = `/admin/${admin.userId}/products`;

/** An admin on a 1280px laptop (the table shows), with the shop as seeded before and after each test. */
export function adminOnLaptop() {
  beforeEach(() => {
    resetShop();
    signInAs(admin);
    mockViewport(1280);
  });
  afterEach(resetShop);
}

export const table = () => screen.findByRole('table', { name: 'Products' });

export const rowOf = async (name: string) => {
  const cell = await within(await table()).findByRole('link', { name });
  return cell.closest('tr')!;
};

/** The product names of the table's rows, in order. */
export const names = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('link')[0]!.textContent);
