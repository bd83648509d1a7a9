import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import {
  AddCartItemBody,
  Cart,
  CART_LINES_MAX,
  CartItemParams,
  CartQuery,
  CartQuoteBody,
  UpdateCartItemBody,
  type CartItem,
} from '../../contract/cart';
import { cartView, cartWriteRequest, priceCartLine } from '../../contract/cart-view';
import { IdempotencyKey } from '../../contract/checkout';
import { idempotencyKeyReused } from '../../contract/checkout-rules';
import { envelope } from '../../contract/common';
import { placeInput, UNKNOWN_AREA_MESSAGE } from '../../contract/delivery';
import {
  applyPromo,
  normalisePromoCode,
  PROMO_GUESSES_MESSAGE,
  PROMO_GUESSES_PER_MINUTE,
  type PromoPricing,
  type PromoRecord,
  type PromoShopper,
} from '../../contract/promo';
import { cartFull, cartQuantityRefusal, outOfStock, variantLabel } from '../../contract/stock';
import { cartOf, commerceDb, customerOf, saveCommerceDb, settleDuePayments } from '../commerce-db';
import { mockDb } from '../db';
import type { FixtureDiscount } from '../fixtures/catalogue';
import { errorResponse, invalid, jsonBody, queryObject, refused } from '../http';
import { coveringDiscounts, discountCovers, productDetail } from './catalogue';
import { resolveMockPlace } from './delivery';

/*
 * The server cart (server/modules/cart): GET with an optional place for the delivery fee and an
 * optional promo code, POST to add (merging by variant; a guest line's localItemId counts once per
 * account), PATCH ±1, DELETE; the guest's quote, with a code too. Every answer is the cart priced now
 * from the catalogue fixture with the shared rules of contract/cart-view.ts, contract/promo.ts and
 * contract/stock.ts, through the Cart schema. The changes answer the plain cart (no code, no fee).
 */

/** A line priced now, as the API shows it; null when its product or variant is gone. */
function pricedLine(
  line: { itemId: string; productId: string; variantId: string; quantity: number },
  now: Date,
): CartItem | null {
  const product = mockDb.catalogue.products.find((p) => p.id === line.productId);
  if (!product) return null;
  const detail = productDetail(product, mockDb.catalogue, now);
  const variant = detail.variants.find((v) => v.variantId === line.variantId);
  if (!variant) return null;
  const names = new Map(detail.attributes.map((a) => [a.attributeId, a.name]));
  return priceCartLine(
    {
      ...line,
      productPid: product.pid,
      name: product.name,
      variantName: variant.name,
      attributes: variant.attributes.map((a) => ({ name: names.get(a.attributeId) ?? '', value: a.value })),
      categoryId: detail.categoryIds[0] ?? null,
      image: detail.images[0]?.urls.thumb ?? null,
      listPrice: variant.price,
      stock: variant.quantity,
      discounts: coveringDiscounts(product, mockDb.catalogue),
    },
    now,
  );
}

/** The user's cart lines priced now, oldest first (lines of deleted products drop out). */
export function mockCartLines(userId: string, now = new Date()): CartItem[] {
  // Lines are kept in the order they were added.
  return cartOf(userId).flatMap((line) => pricedLine(line, now) ?? []);
}

// ---- promo codes ------------------------------------------------------------------------------

/** A fixture discount with a code as the pricing rules take it (absent fields read as the API's defaults). */
const promoRecord = (d: FixtureDiscount & { code: string }): PromoRecord => ({
  ...d,
  discountId: d.id,
  code: normalisePromoCode(d.code),
  appliesTo: d.appliesTo ?? 'items',
  minSubtotal: d.minSubtotal ?? null,
  firstOrderOnly: d.firstOrderOnly ?? false,
  perShopperLimit: d.perShopperLimit === undefined ? 1 : d.perShopperLimit,
});

/** The shopper a code is checked for: a paid order yet, and their orders holding a use of it. */
function promoShopper(userId: string, discountId: string): PromoShopper {
  settleDuePayments(userId);
  const mine = commerceDb.orders.filter((o) => o.userId === userId);
  return {
    hasPaidOrder: mine.some((o) => o.paymentStatus === 'paid'),
    usesOfCode: mine.filter((o) => o.stockReserved && o.promoDiscountId === discountId).length,
  };
}

/**
 * A 429 once `subject` tried PROMO_GUESSES_PER_MINUTE codes that do not exist in the last minute
 * (the server counts per account and per address; the mocks have one browser, so per account or
 * "guest"). Codes that exist are never counted: an honest shopper is not held back.
 */
function guessLimit(subject: string, now: number): Response | null {
  const recent = (commerceDb.promoGuesses[subject] ?? []).filter((t) => t > now - 60_000);
  commerceDb.promoGuesses[subject] = recent;
  if (recent.length < PROMO_GUESSES_PER_MINUTE) return null;
  const seconds = Math.max(
    1,
    Math.ceil((recent[recent.length - PROMO_GUESSES_PER_MINUTE]! + 60_000 - now) / 1000),
  );
  const res = errorResponse(
    429,
    'rate_limited',
    `${PROMO_GUESSES_MESSAGE} Please try again in ${seconds} seconds.`,
  );
  res.headers.set('Retry-After', String(seconds));
  return res;
}

/**
 * `cart` priced with the typed `code` for `userId` (null for a guest: the per-shopper checks wait
 * for sign-in), as the server prices it; or the 429 of too many codes that do not exist.
 */
export function mockPromoPricing(
  cart: Cart,
  code: string | undefined,
  userId: string | null,
  now = new Date(),
): PromoPricing | { error: Response } {
  if (code === undefined) return applyPromo(cart, null, null, () => false, null, now);
  const subject = userId ?? 'guest';
  const limited = guessLimit(subject, now.getTime());
  if (limited) return { error: limited };
  const found = mockDb.catalogue.discounts.find(
    (d): d is FixtureDiscount & { code: string } => !!d.code && normalisePromoCode(d.code) === code,
  );
  if (!found) {
    commerceDb.promoGuesses[subject]!.push(now.getTime());
    saveCommerceDb();
    return applyPromo(cart, code, null, () => false, null, now);
  }
  const covers = (line: CartItem) => {
    const product = mockDb.catalogue.products.find((p) => p.id === line.productId);
    return product !== undefined && discountCovers(found, product);
  };
  const shopper = userId ? promoShopper(userId, found.id) : null;
  return applyPromo(cart, code, promoRecord(found), covers, shopper, now);
}

const CartBody = envelope(Cart);
const cartAnswer = (cart: Cart) =>
  HttpResponse.json(CartBody.parse({ data: cart }), { headers: { 'Cache-Control': 'no-store' } });
/** The plain cart, as every change answers it. */
const answer = (userId: string) => cartAnswer(cartView(mockCartLines(userId), 0));

type Found = { variantId: string; stock: number; label: string } | { error: Response };

/** The named variant of the product, or its first (server/modules/cart/service.ts findVariant). */
function findVariant(productId: string, variantId: string | undefined): Found {
  const product = mockDb.catalogue.products.find((p) => p.id === productId);
  if (variantId) {
    const owner = mockDb.catalogue.products.find((p) => p.variants.some((v) => v.id === variantId));
    if (!owner) return { error: errorResponse(404, 'not_found', 'That product variant was not found.') };
    if (owner.id !== productId) {
      return {
        error: product
          ? errorResponse(404, 'not_found', `That variant is not one of ${product.name}'s.`)
          : errorResponse(404, 'not_found', 'Product was not found.'),
      };
    }
  }
  if (!product) return { error: errorResponse(404, 'not_found', 'Product was not found.') };
  const variant = variantId ? product.variants.find((v) => v.id === variantId) : product.variants[0];
  if (!variant) return { error: errorResponse(400, 'not_for_sale', 'That product has no variant for sale.') };
  return { variantId: variant.id, stock: variant.quantity, label: variantLabel(product.name, variant.name) };
}

/** The refusal of a line of `quantity` units, as the server answers it; null when it may be kept. */
function quantityProblem(quantity: number, stock: number, label: string): Response | null {
  const refusal = cartQuantityRefusal(quantity, stock, label);
  return refusal ? refused(refusal) : null;
}

const noLine = () => errorResponse(404, 'not_found', 'Cart item was not found.');

const WriteHeaders = z.object({ 'idempotency-key': IdempotencyKey.optional() });

/**
 * A cart write's Idempotency-Key as the server judges it (server/modules/cart/write-keys.ts): a key of
 * the wrong form is a 400; a key already applied answers the cart now (`Idempotent-Replayed`) and
 * changes nothing; another request under it is a 409. Otherwise `record` notes the key once the write
 * is applied (a refused write records nothing).
 */
function writeKey(
  request: Request,
  userId: string,
  meaning: string,
): { answered: Response } | { record(): void } {
  const headers = WriteHeaders.safeParse({
    'idempotency-key': request.headers.get('Idempotency-Key') ?? undefined,
  });
  if (!headers.success) return { answered: invalid('header', headers.error) };
  const key = headers.data['idempotency-key'];
  if (key === undefined) return { record: () => {} };
  const applied = (commerceDb.cartWrites[userId] ??= {});
  const used = applied[key];
  if (used !== undefined) {
    if (used !== meaning) return { answered: refused(idempotencyKeyReused('cart change')) };
    const replay = answer(userId);
    replay.headers.set('Idempotent-Replayed', 'true');
    return { answered: replay };
  }
  return { record: () => void (applied[key] = meaning) };
}

export const cartHandlers = [
  // Before the line routes: `quote` is not a line id.
  http.post('*/api/v1/cart/quote', async ({ request }) => {
    const body = CartQuoteBody.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    const now = new Date();
    const priced: CartItem[] = [];
    const missing: string[] = [];
    for (const line of body.data.items) {
      const item = pricedLine(line, now);
      if (item) priced.push(item);
      else missing.push(line.itemId);
    }
    const pricing = mockPromoPricing(cartView(priced, 0, missing), body.data.promoCode, null, now);
    return 'error' in pricing ? pricing.error : cartAnswer(pricing.cart);
  }),

  http.get('*/api/v1/cart', ({ request }) => {
    const who = customerOf(request);
    if ('error' in who) return who.error;
    const query = CartQuery.safeParse(queryObject(new URL(request.url)));
    if (!query.success) return invalid('query', query.error);
    const input = placeInput(query.data);
    let fee = 0;
    if (input) {
      const place = resolveMockPlace(input);
      if (!place) {
        return errorResponse(400, 'bad_request', UNKNOWN_AREA_MESSAGE, [
          { path: 'deliveryAreaId', message: 'unknown delivery area' },
        ]);
      }
      fee = place.fee;
    }
    const cart = cartView(mockCartLines(who.user.id), fee);
    const pricing = mockPromoPricing(cart, query.data.promoCode, who.user.id);
    return 'error' in pricing ? pricing.error : cartAnswer(pricing.cart);
  }),

  http.post('*/api/v1/cart', async ({ request }) => {
    const who = customerOf(request);
    if ('error' in who) return who.error;
    const body = AddCartItemBody.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    const { item } = body.data;
    const userId = who.user.id;
    const keyed = writeKey(request, userId, cartWriteRequest('POST', null, body.data));
    if ('answered' in keyed) return keyed.answered;
    const merged = (commerceDb.merges[userId] ??= []);
    // A guest line pushed again (a retry, a second tab) changes nothing.
    if (item.localItemId !== undefined && merged.includes(item.localItemId)) return answer(userId);

    const found = findVariant(item.productId, item.variantId);
    if ('error' in found) return found.error;
    if (found.stock === 0) return refused(outOfStock(found.label));
    const lines = cartOf(userId);
    const existing = lines.find((l) => l.variantId === found.variantId);
    const quantity = (existing?.quantity ?? 0) + item.quantity;
    const problem = quantityProblem(quantity, found.stock, found.label);
    if (problem) return problem;
    if (!existing && lines.length + 1 > CART_LINES_MAX) return refused(cartFull());
    if (existing) existing.quantity = quantity;
    else {
      lines.push({
        itemId: crypto.randomUUID(),
        productId: item.productId,
        variantId: found.variantId,
        quantity,
        createdAt: Date.now(),
      });
    }
    if (item.localItemId !== undefined) merged.push(item.localItemId);
    keyed.record();
    saveCommerceDb();
    return answer(userId);
  }),

  http.patch('*/api/v1/cart/:itemId', async ({ request, params }) => {
    const who = customerOf(request);
    if ('error' in who) return who.error;
    const parsedParams = CartItemParams.safeParse(params);
    if (!parsedParams.success) return invalid('param', parsedParams.error);
    const body = UpdateCartItemBody.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    const { itemId } = parsedParams.data;
    const keyed = writeKey(request, who.user.id, cartWriteRequest('PATCH', itemId, body.data));
    if ('answered' in keyed) return keyed.answered;
    const lines = cartOf(who.user.id);
    const line = lines.find((l) => l.itemId === itemId);
    if (!line) return noLine();
    if (body.data.quantity === -1) {
      if (line.quantity > 1) line.quantity -= 1;
      else lines.splice(lines.indexOf(line), 1);
    } else {
      const found = findVariant(line.productId, line.variantId);
      if ('error' in found) return found.error;
      const problem = quantityProblem(line.quantity + 1, found.stock, found.label);
      if (problem) return problem;
      line.quantity += 1;
    }
    keyed.record();
    saveCommerceDb();
    return answer(who.user.id);
  }),

  http.delete('*/api/v1/cart/:itemId', ({ request, params }) => {
    const who = customerOf(request);
    if ('error' in who) return who.error;
    const parsedParams = CartItemParams.safeParse(params);
    if (!parsedParams.success) return invalid('param', parsedParams.error);
    const { itemId } = parsedParams.data;
    const keyed = writeKey(request, who.user.id, cartWriteRequest('DELETE', itemId, null));
    if ('answered' in keyed) return keyed.answered;
    const lines = cartOf(who.user.id);
    const index = lines.findIndex((l) => l.itemId === itemId);
    if (index === -1) return noLine();
    lines.splice(index, 1);
    keyed.record();
    saveCommerceDb();
    return answer(who.user.id);
  }),
];
