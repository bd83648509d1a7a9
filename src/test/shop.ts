import { shownFigures } from '@contract/checkout-rules';
import { clearCartQueue, clearGuestCart, clearPromoCode } from '@/features/cart';
import { viewFromSummary, type ProductView } from '@/features/catalogue';
import { getSession } from '@/features/session';
import type { Cart } from '@contract/cart';
import type { CheckoutResult } from '@contract/checkout';
import { resetAuthDb } from '@mocks/auth-db';
import { cartOf, resetCommerceDb, saveCommerceDb } from '@mocks/commerce-db';
import { mockDb, resetMockDb } from '@mocks/db';
import { fixtureId, type FixtureDiscount } from '@mocks/fixtures/catalogue';
import { listProducts } from '@mocks/handlers/catalogue';

/*
 * Test helpers of the shopping features (cart, checkout, orders, saved items); only tests import
 * this file. They set up the mock API's state the way earlier visits would have left it.
 */

/**
 * Fresh catalogue, accounts, carts, orders and saved items, an empty guest cart, no queued cart change
 * and no promo code.
 */
export function resetShop() {
  resetMockDb();
  resetAuthDb();
  resetCommerceDb();
  clearGuestCart();
  clearCartQueue();
  clearPromoCode();
}

let promoCodes = 0;
/**
 * A discount with a code in the mock catalogue, as the back office would have saved it: by default
 * KARIBU10, 10 % off an order of KSH 500 or more, first order only, started yesterday.
 */
export function addPromoCode(over: Partial<FixtureDiscount> = {}): FixtureDiscount {
  const discount: FixtureDiscount = {
    id: fixtureId(6, 800 + (promoCodes += 1)),
    name: 'Karibu: 10% off your first order',
    kind: 'percentage',
    value: 10,
    active: true,
    startsAt: new Date(Date.now() - 86_400_000),
    endsAt: null,
    code: 'KARIBU10',
    appliesTo: 'order',
    minSubtotal: 500,
    firstOrderOnly: true,
    perShopperLimit: 1,
    ...over,
  };
  mockDb.catalogue.discounts.push(discount);
  return discount;
}

export const productNamed = (name: string) => {
  const product = mockDb.catalogue.products.find((p) => p.name === name);
  if (!product) throw new Error(`No fixture product ${name}`);
  return product;
};

/** A fixture product as a listing shows it (its card's view). */
export function productView(name: string): ProductView {
  const page = listProducts({ limit: 100, offset: 0, sort: 'newest' }, mockDb.catalogue, new Date());
  const summary = page.data.find((p) => p.name === name);
  if (!summary) throw new Error(`No fixture product ${name}`);
  return viewFromSummary(summary, page.linked);
}

/** Puts units of a product's first variant in a shopper's server cart; answers the line's id. */
export function putInServerCart(userId: string, name: string, quantity: number): string {
  const product = productNamed(name);
  const itemId = crypto.randomUUID();
  cartOf(userId).push({
    itemId,
    productId: product.id,
    variantId: product.variants[0]!.id,
    quantity,
    createdAt: Date.now(),
  });
  saveCommerceDb();
  return itemId;
}

/** Calls the mock API as the signed-in shopper, the way the app does. */
async function callAsShopper(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const { token } = getSession();
  const res = await fetch(`http://localhost/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res;
}

/** Checks out the signed-in shopper's server cart to Westlands with the given phone. */
export async function placeOrderAsShopper(phone: string): Promise<CheckoutResult> {
  // With the figures the checkout page would show, as it sends them.
  const { data: cart } = (await (await callAsShopper('GET', '/v1/cart?deliveryAreaId=westlands')).json()) as {
    data: Cart;
  };
  const shown = shownFigures(cart);
  const res = await callAsShopper(
    'POST',
    '/v1/checkout',
    { phone, deliveryAreaId: 'westlands', address: 'Mpaka Road, Apt 4B', shown },
    { 'Idempotency-Key': crypto.randomUUID() },
  );
  if (res.status !== 201) throw new Error(`checkout answered ${res.status}`);
  return ((await res.json()) as { data: CheckoutResult }).data;
}
