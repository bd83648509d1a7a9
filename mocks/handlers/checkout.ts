import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { CUSTOMER_BLOCKED_MESSAGE } from '../../contract/admin-customers';
import { CheckoutBody, CheckoutResult, IdempotencyKey } from '../../contract/checkout';
import { envelope } from '../../contract/common';
import {
  cartEmpty,
  checkoutRequestKey,
  idempotencyKeyReused,
  priceChangedRefusal,
  totalRefusal,
  unpaidHolds,
  unpaidOrdersRefusal,
} from '../../contract/checkout-rules';
import { cartView } from '../../contract/cart-view';
import { placeInput, UNKNOWN_AREA_MESSAGE } from '../../contract/delivery';
import { normaliseKenyanPhone } from '../../contract/phone';
import { promoRefusal } from '../../contract/promo';
import { CART_HINT } from '../../contract/stock';
import {
  cartOf,
  commerceDb,
  commerceSettings,
  customerOf,
  openAttempt,
  reserve,
  saveCommerceDb,
  settleDuePayments,
  takePromoUse,
  unreserve,
  type MockOrder,
} from '../commerce-db';
import { recordOrderStock } from '../stock-history';
import { errorResponse, invalid, jsonBody, refused } from '../http';
import { mockCartLines, mockPromoPricing } from './cart';
import { resolveMockPlace } from './delivery';
import { mockCheckoutResult } from './orders';

/*
 * POST /api/v1/checkout (server/modules/checkout), with the rules of contract/checkout-rules.ts:
 * with an Idempotency-Key, re-prices the cart (with the promo code, refusing one that no longer
 * applies: 409 promo_refused), reserves the units, refuses a total other than the one the page showed
 * (409 price_changed), creates the order with its payment pending and the code's use taken, takes
 * the lines out of the cart and "sends" the prompt (commerce-db settles it later, by the phone's last
 * two digits). The same key answers with the same order; with another body it is a 409.
 */

const Headers = z.object({ 'idempotency-key': IdempotencyKey });
const ResultBody = envelope(CheckoutResult);

export const checkoutHandlers = [
  http.post('*/api/v1/checkout', async ({ request }) => {
    const who = customerOf(request);
    if ('error' in who) return who.error;
    const headers = Headers.safeParse({
      'idempotency-key': request.headers.get('Idempotency-Key') ?? undefined,
    });
    if (!headers.success) return invalid('header', headers.error);
    const parsed = CheckoutBody.safeParse(await jsonBody(request));
    if (!parsed.success) return invalid('json', parsed.error);
    const body = parsed.data;
    const userId = who.user.id;
    const key = headers.data['idempotency-key'];
    // As the server: a blocked (or erased) customer is refused before anything is held.
    if (who.user.blockedAt || who.user.erasedAt)
      return errorResponse(403, 'customer_blocked', CUSTOMER_BLOCKED_MESSAGE);
    const phone = normaliseKenyanPhone(body.phone)!;
    const requestHash = checkoutRequestKey(body, phone);

    const existing = commerceDb.orders.find((o) => o.userId === userId && o.idempotencyKey === key);
    if (existing) {
      if (existing.requestHash !== requestHash) return refused(idempotencyKeyReused());
      return HttpResponse.json(ResultBody.parse({ data: mockCheckoutResult(existing) }), {
        status: 201,
        headers: { 'Idempotent-Replayed': 'true', 'Cache-Control': 'no-store' },
      });
    }

    settleDuePayments(userId);
    const mine = commerceDb.orders.filter((o) => o.userId === userId);
    if (unpaidHolds(mine) >= commerceSettings.maxUnpaidOrders) {
      return refused(unpaidOrdersRefusal(commerceSettings.maxUnpaidOrders));
    }
    const lines = mockCartLines(userId);
    if (lines.length === 0) return refused(cartEmpty());
    const place = resolveMockPlace(placeInput(body)!);
    if (!place) {
      return errorResponse(400, 'bad_request', UNKNOWN_AREA_MESSAGE, [
        { path: 'deliveryAreaId', message: 'unknown delivery area' },
      ]);
    }
    const pricing = mockPromoPricing(cartView(lines, place.fee), body.promoCode, userId);
    if ('error' in pricing) return pricing.error;
    const { cart: priced, applied } = pricing;
    // A code that stopped applying since the page priced the cart: nothing is held or charged.
    if (priced.promo && !priced.promo.applied) return refused(promoRefusal(priced.promo));
    const tooMuch = totalRefusal(priced.total);
    if (tooMuch) return refused(tooMuch);
    const problem = reserve(lines, CART_HINT);
    if (problem) return refused(problem);
    // Only the total the page showed is charged; any other is a 409 with the new figures.
    const changed = priceChangedRefusal(body.shown, priced);
    if (changed) {
      unreserve(lines);
      return refused(changed);
    }
    // The code's use, with the units (one request at a time here: the check just made still holds).
    if (applied) takePromoUse(applied.discountId);

    const now = Date.now();
    const order: MockOrder = {
      orderId: crypto.randomUUID(),
      userId,
      number: commerceDb.nextOrderNumber++,
      idempotencyKey: key,
      requestHash,
      status: 'new',
      paymentStatus: 'pending',
      paymentIssue: null,
      stockReserved: true,
      items: priced.Items.map((l) => ({
        productId: l.productId,
        productPid: l.productPid,
        variantId: l.variantId,
        name: l.name,
        variantName: l.variantName,
        image: l.image,
        price: l.price,
        quantity: l.quantity,
        totalPrice: l.totalPrice,
      })),
      subtotal: priced.subtotal,
      shippingRate: priced.shippingRate,
      orderSaving: priced.orderSaving,
      total: priced.total,
      promoCode: applied ? applied.code : null,
      promoSaving: priced.promo?.applied ? priced.promo.saving : 0,
      promoDiscountId: applied ? applied.discountId : null,
      delivery: {
        areaId: place.areaId,
        areaName: place.areaName,
        address: body.address,
        lat: place.lat,
        lng: place.lng,
      },
      phone,
      attempts: [],
      createdAt: now,
      paidAt: null,
    };
    openAttempt(order, phone, now);
    commerceDb.orders.push(order);
    recordOrderStock(order, 'sale');
    // Only the lines this order took.
    const taken = new Set(lines.map((l) => l.itemId));
    commerceDb.carts[userId] = cartOf(userId).filter((l) => !taken.has(l.itemId));
    saveCommerceDb();
    return HttpResponse.json(ResultBody.parse({ data: mockCheckoutResult(order) }), {
      status: 201,
      headers: { 'Cache-Control': 'no-store' },
    });
  }),
];
