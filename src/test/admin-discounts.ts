import { resetShop } from '@/test/shop';
import { mockViewport } from '@/test/media';
import { admin, signInAs } from '@/test/tokens';
import { mockDb } from '@mocks/db';
import { server } from '@mocks/node';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach } from 'vitest';

/** What the back-office discount tests (src/features/admin-discounts) share; only tests import this file. */

export const DISCOUNTS = `/admin/${admin.userId}/discounts`;

/** An admin on a laptop, over the fixture catalogue and its discounts. */
export function adminOnDiscounts() {
  beforeEach(() => {
    resetShop();
    signInAs(admin);
    mockViewport(1280);
  });
  afterEach(resetShop);
}

export const fixtureDiscount = (name: string) => {
  const d = mockDb.catalogue.discounts.find((x) => x.name === name);
  if (!d) throw new Error(`No fixture discount ${name}`);
  return d;
};

export interface SeenRequest {
  method: string;
  url: URL;
  body: unknown;
}

/** The discount requests the screen makes; answering nothing hands each on to the mock's handler. */
export function discountRequests(): SeenRequest[] {
  const seen: SeenRequest[] = [];
  server.use(
    http.all('*/api/v1/discounts*', async ({ request }) => {
      const body =
        request.method === 'GET' || request.method === 'DELETE' ? undefined : await request.clone().json();
      seen.push({ method: request.method, url: new URL(request.url), body });
    }),
  );
  return seen;
}

export const discountsTable = () => screen.findByRole('table', { name: 'Discounts' });

/** The table row of the discount named `name`. */
export async function rowOf(name: string): Promise<HTMLElement> {
  const table = await discountsTable();
  const cell = await within(table).findByRole('cell', { name });
  return cell.closest('tr')!;
}

/** The names in the table, in order. */
export async function names(): Promise<string[]> {
  const rows = within(await discountsTable())
    .getAllByRole('row')
    .slice(1);
  return rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent ?? '');
}
