import { resetShop } from '@/test/shop';
import { mockViewport } from '@/test/media';
import { admin, signInAs } from '@/test/tokens';
import { commerceDb, saveCommerceDb, type MockOrder } from '@mocks/commerce-db';
import { sampleOrders } from '@mocks/sample-orders';
import { afterEach, beforeEach } from 'vitest';

/** What the back-office order tests (src/features/admin-orders) share: an admin on a laptop and the sample orders (SKN1001–1009). */

export const ORDERS = `/admin/${admin.userId}/orders`;
export const orderPath = (number: number) => `${ORDERS}/${orderNumbered(number).orderId}`;
export const orderNumbered = (number: number): MockOrder =>
  commerceDb.orders.find((o) => o.number === number)!;

/** Puts orders in the mock database, numbered on from the last one. */
export function addOrders(orders: MockOrder[]) {
  commerceDb.orders.push(...orders);
  commerceDb.nextOrderNumber = Math.max(commerceDb.nextOrderNumber, ...orders.map((o) => o.number + 1));
  saveCommerceDb();
}

export function adminWithOrders({ seed = true }: { seed?: boolean } = {}) {
  beforeEach(() => {
    resetShop();
    if (seed) addOrders(sampleOrders());
    signInAs(admin);
    mockViewport(1280);
  });
  afterEach(resetShop);
}
