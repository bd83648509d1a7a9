import { http, HttpResponse } from 'msw';
import {
  StockAdjusted,
  StockAdjustmentBody,
  StockHistory,
  StockHistoryQuery,
  VariantIdParams,
  type StockVariant,
} from '../../contract/admin-stock';
import {
  countBelowHeldMessage,
  countedChange,
  stockAdjustedSummary,
  stockHeldMessage,
} from '../../contract/stock-movements';
import { adminOf, recordActivity } from '../admin';
import type { MockUser } from '../auth-db';
import { commerceDb } from '../commerce-db';
import { mockDb } from '../db';
import type { FixtureProduct, FixtureVariant } from '../fixtures/catalogue';
import { errorResponse, invalid, jsonBody, queryObject } from '../http';
import { recordMovement } from '../stock-history';

/*
 * A variant's stock adjustments and history (server/modules/stock/adjustments.ts), answered from the
 * mock catalogue: the same refusals (404, 400 naming the field, 409 `stock_held` with the units
 * held), and the same words in the history and the activity log. Products saved here open and
 * count their variants' stock through recordStockChanges.
 */

const movements = () => (mockDb.stockMovements ??= []);

/** Units of the variant held by unpaid orders. */
const heldUnits = (variantId: string) =>
  commerceDb.orders
    .filter((o) => o.stockReserved && o.paymentStatus !== 'paid')
    .flatMap((o) => o.items)
    .filter((i) => i.variantId === variantId)
    .reduce((n, i) => n + i.quantity, 0);

function findVariant(variantId: string): { product: FixtureProduct; variant: FixtureVariant } | undefined {
  for (const product of mockDb.catalogue.products) {
    const variant = product.variants.find((v) => v.id === variantId);
    if (variant) return { product, variant };
  }
  return undefined;
}

const variantView = ({
  product,
  variant,
}: {
  product: FixtureProduct;
  variant: FixtureVariant;
}): StockVariant => ({
  variantId: variant.id,
  productId: product.id,
  pid: product.pid,
  name: product.name,
  variantName: variant.name,
  quantity: variant.quantity,
  held: heldUnits(variant.id),
});

/** A movement by an admin. */
const record = (m: Parameters<typeof recordMovement>[0], actor: MockUser | null) =>
  recordMovement({ ...m, actorName: actor ? actor.name || actor.email : '' });

/**
 * What a product save did to its variants' stock, as server/modules/products-admin/variants.ts
 * records it: a new variant opens with its quantity, an existing one whose quantity was sent and
 * differs is the admin's stock count. `before` maps each existing variant id to its quantity.
 */
export function recordStockChanges(
  admin: MockUser,
  before: ReadonlyMap<string, number>,
  after: readonly FixtureVariant[],
): void {
  for (const v of after) {
    const was = before.get(v.id);
    if (was === undefined)
      record({ variantId: v.id, kind: 'opening', change: v.quantity, levelAfter: v.quantity }, admin);
    else if (was !== v.quantity)
      record(
        {
          variantId: v.id,
          kind: 'adjustment',
          reason: 'stock_count',
          change: v.quantity - was,
          levelAfter: v.quantity,
        },
        admin,
      );
  }
}

const notFound = () => errorResponse(404, 'not_found', 'Variant was not found.');

export const stockHandlers = [
  http.post('*/api/v1/admin/variants/:variantId/adjustments', async ({ request, params }) => {
    const auth = adminOf(request, 'products.write');
    if ('error' in auth) return auth.error;
    const path = VariantIdParams.safeParse(params);
    if (!path.success) return invalid('param', path.error);
    const body = StockAdjustmentBody.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    const found = findVariant(path.data.variantId);
    if (!found || found.variant.archivedAt) return notFound();
    const { variant, product } = found;
    const held = heldUnits(variant.id);
    const { reason, countedTo, note } = body.data;
    let change = body.data.change ?? 0;
    if (countedTo !== undefined) {
      const counted = countedChange(countedTo, variant.quantity, held);
      if (counted === null) return errorResponse(409, 'stock_held', countBelowHeldMessage(held));
      change = counted;
    }
    if (variant.quantity + change < 0)
      return errorResponse(409, 'stock_held', stockHeldMessage(variant.quantity, held));
    variant.quantity += change;
    const movement = record(
      { variantId: variant.id, kind: 'adjustment', reason, change, levelAfter: variant.quantity, note },
      auth.admin,
    );
    const summary = stockAdjustedSummary(variant.name, change, reason, variant.quantity);
    recordActivity(
      auth.admin,
      'product',
      product.id,
      'stock_adjusted',
      note ? `${summary}: ${note}` : summary,
    );
    return HttpResponse.json(
      { data: StockAdjusted.parse({ movement, variant: variantView(found) }) },
      { status: 201 },
    );
  }),

  http.get('*/api/v1/admin/variants/:variantId/adjustments', ({ request, params }) => {
    const auth = adminOf(request, 'products.read');
    if ('error' in auth) return auth.error;
    const path = VariantIdParams.safeParse(params);
    if (!path.success) return invalid('param', path.error);
    const query = StockHistoryQuery.safeParse(queryObject(new URL(request.url)));
    if (!query.success) return invalid('query', query.error);
    const found = findVariant(path.data.variantId);
    if (!found) return notFound();
    const { limit, offset } = query.data;
    const history = movements()
      .filter((m) => m.variantId === found.variant.id)
      .reverse();
    return HttpResponse.json(
      StockHistory.parse({
        variant: variantView(found),
        data: history.slice(offset, offset + limit),
        meta: { total: history.length, limit, offset },
      }),
      { headers: { 'Cache-Control': 'no-store' } },
    );
  }),
];
