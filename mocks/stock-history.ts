import type { StockMovementView } from '../contract/admin-stock';
import type { MockOrder } from './commerce-db';
import { mockDb } from './db';

// The mock stock history's writes (server/modules/stock/movements.ts): every change of a variant's
// quantity in the mocks adds a movement, so a variant's movements add up to its stock here too.

type NewMovement = Pick<StockMovementView, 'variantId' | 'kind' | 'change' | 'levelAfter'> &
  Partial<Omit<StockMovementView, 'movementId' | 'at'>>;

/** Adds a movement; the caller has changed the variant's quantity already. */
export function recordMovement(m: NewMovement): StockMovementView {
  const movement: StockMovementView = {
    movementId: crypto.randomUUID(),
    reason: null,
    note: '',
    orderId: null,
    orderNumber: null,
    actorName: '',
    at: new Date().toISOString(),
    ...m,
  };
  (mockDb.stockMovements ??= []).push(movement);
  return movement;
}

const quantityOf = (variantId: string) =>
  mockDb.catalogue.products.flatMap((p) => p.variants).find((v) => v.id === variantId)?.quantity;

/** The order's sale (its units just taken) or release (just given back), a movement per line. */
export function recordOrderStock(order: MockOrder, kind: 'sale' | 'release'): void {
  for (const item of order.items) {
    const level = quantityOf(item.variantId);
    if (level === undefined) continue;
    recordMovement({
      variantId: item.variantId,
      kind,
      change: kind === 'sale' ? -item.quantity : item.quantity,
      levelAfter: level,
      orderId: order.orderId,
      orderNumber: order.number,
    });
  }
}
