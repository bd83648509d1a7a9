// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shownFigures } from '../../contract/checkout-rules';
import { Cart } from '../../contract/cart';
import { envelope } from '../../contract/common';
import { StockHistory } from '../../contract/admin-stock';
import { commerceSettings } from '../commerce-db';
import { mockDb } from '../db';
import { mockFetch, serveMocks, tokenOf } from '../test-api';
import { cartHandlers } from './cart';
import { checkoutHandlers } from './checkout';
import { deliveryHandlers } from './delivery';
import { ordersHandlers } from './orders';
import { stockHandlers } from './stock';

serveMocks(...deliveryHandlers, ...cartHandlers, ...checkoutHandlers, ...ordersHandlers, ...stockHandlers);
afterEach(() => vi.useRealTimers());

/** Every mock variant's movements add up to its stock, and the newest says the level it left. */
function expectEveryUnitExplained() {
  for (const v of mockDb.catalogue.products.flatMap((p) => p.variants)) {
    const own = mockDb.stockMovements.filter((m) => m.variantId === v.id);
    expect({ id: v.id, sum: own.reduce((n, m) => n + m.change, 0), last: own.at(-1)?.levelAfter }).toEqual({
      id: v.id,
      sum: v.quantity,
      last: v.quantity,
    });
  }
}

describe('the mock stock history', () => {
  it('explains every unit through an adjustment, a sale, a failed payment and a retry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expectEveryUnitExplained();
    const shopper = tokenOf('shopper');
    const admin = tokenOf('admin');
    const omena = mockDb.catalogue.products.find((p) => p.name === 'Omena')!;
    const variant = omena.variants[0]!;

    const adjusted = await mockFetch(
      'POST',
      `/v1/admin/variants/${variant.id}/adjustments`,
      { reason: 'goods_received', change: 10 },
      { token: admin },
    );
    expect(adjusted.status).toBe(201);

    await mockFetch('POST', '/v1/cart', { item: { productId: omena.id, quantity: 2 } }, { token: shopper });
    const cart = envelope(Cart).parse(
      await (
        await mockFetch('GET', '/v1/cart?deliveryAreaId=westlands', undefined, { token: shopper })
      ).json(),
    ).data;
    const placed = await mockFetch(
      'POST',
      '/v1/checkout',
      { phone: '0712345601', deliveryAreaId: 'westlands', address: 'Mpaka Road', shown: shownFigures(cart) },
      { token: shopper, headers: { 'Idempotency-Key': crypto.randomUUID() } },
    );
    expect(placed.status).toBe(201);
    const orderId: string = (await placed.json()).data.orderId;
    // The prompt was cancelled (…01): the units go back when the order is next read.
    vi.setSystemTime(Date.now() + commerceSettings.paymentDelayMs);
    await mockFetch('GET', `/v1/orders/${orderId}`, undefined, { token: shopper });
    const retried = await mockFetch(
      'POST',
      `/v1/orders/${orderId}/pay`,
      { phone: '0712345600' },
      { token: shopper },
    );
    expect(retried.status).toBe(201);

    const history = StockHistory.parse(
      await (
        await mockFetch('GET', `/v1/admin/variants/${variant.id}/adjustments`, undefined, { token: admin })
      ).json(),
    );
    expect(history.data.map((m) => [m.kind, m.change])).toEqual([
      ['sale', -2],
      ['release', 2],
      ['sale', -2],
      ['adjustment', 10],
      ['opening', history.data.at(-1)!.change],
    ]);
    expect(history.data[0]!.orderId).toBe(orderId);
    expectEveryUnitExplained();
  });
});
