import { and, eq, inArray } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { CUSTOMER_BLOCKED_MESSAGE } from '../../../contract/admin-customers';
import type { Cart } from '../../../contract/cart';
import type { CheckoutBody, CheckoutResult, ShownFigures } from '../../../contract/checkout';
import { cartView } from '../../../contract/cart-view';
import {
  cartEmpty,
  checkoutRequestKey,
  idempotencyKeyReused,
  priceChangedRefusal,
  totalRefusal,
} from '../../../contract/checkout-rules';
import type { DeliverySettings, Place, PlaceInput } from '../../../contract/delivery';
import { normaliseKenyanPhone } from '../../../contract/phone';
import type { Db } from '../../db/client';
import { cartItems, orderDiscounts, orderItems, orders, users } from '../../db/schema';
import type { Config } from '../../lib/http';
import type { AuthUser } from '../../lib/auth/session';
import { AppError, badRequest, refused } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { queueOrderMail } from '../../lib/mail/order-mail';
import { wakeMailWorker } from '../../lib/mail/outbox';
import type { DarajaClient } from '../../lib/payments/daraja';
import { type CartLine, loadCartLines } from '../cart';
import { deliverySettings, placeInput, resolvePlace } from '../delivery';
import { orderState } from '../orders';
import { countPrompt, limitUnpaidOrders, openAttempt, sendPrompt } from '../payments';
import { type OrderDiscount, reserveLines, takeDiscountUses } from '../stock';
import { CART_HINT, reservationRefusal, variantLabel } from '../../../contract/stock';

export interface CheckoutDeps {
  db: Db;
  env: Config;
  daraja: DarajaClient;
  logger: Logger;
  now?: () => Date;
}

export interface CheckoutAnswer {
  result: CheckoutResult;
  /** True when the Idempotency-Key had been used: the answer describes the order made then. */
  replayed: boolean;
}

/** Checkout: the order and its reservation in one transaction, then the prompt. */
export function createCheckoutService(deps: CheckoutDeps) {
  const prompt = { ...deps, now: deps.now ?? (() => new Date()) };
  const settings = deliverySettings(deps.env);

  return {
    /**
     * Places the order for the user's cart: re-prices it, reserves the units, freezes the totals and
     * opens a payment attempt in one transaction, empties the cart, then sends the prompt. The same
     * Idempotency-Key answers with the same order; with another body it is a 409.
     */
    async checkout(user: AuthUser, idempotencyKey: string, body: CheckoutBody): Promise<CheckoutAnswer> {
      const request = readRequest(body);
      const now = prompt.now();
      const placed = await deps.db.transaction(async (tx) => {
        const usedBy = await lockShopperAndFindKey(tx, user.id, idempotencyKey, request.hash);
        if (usedBy) return { kind: 'replay' as const, orderId: usedBy };
        await limitUnpaidOrders(tx, deps.env, user.id);
        await countPrompt(tx, deps.env, user.id, request.phone, now);
        const priced = await priceCart(tx, user.id, request.place, settings, now);
        await reserveLines(tx, priced.lines);
        // One use of each discount that priced a line, taken now; one that ended, was paused or
        // ran out since the prices were read is a 409 and the transaction takes nothing.
        await takeDiscountUses(tx, priced.discounts, now);
        // The amount asked for is the amount the page showed: any difference (an offer ended, a
        // price or the delivery fee changed) is a 409 with the new figures, and nothing is taken.
        const changed = priceChangedRefusal(request.shown, priced.cart);
        if (changed) throw refused(changed);
        const order = await writeOrder(tx, { userId: user.id, idempotencyKey, request, priced, now });
        const attempt = await openAttempt(
          tx,
          deps.env,
          { orderId: order.id, phone: request.phone, amount: priced.total },
          now,
        );
        await emptyCart(tx, priced.lines);
        await queueOrderMail(tx, order.id, 'received');
        return { kind: 'placed' as const, order, attempt };
      });

      if (placed.kind === 'replay')
        return { result: await orderState(deps.db, placed.orderId), replayed: true };
      wakeMailWorker();
      // After the commit: the prompt must never go out for an order that does not exist.
      await sendPrompt(prompt, placed.attempt, placed.order.number);
      return { result: await orderState(deps.db, placed.order.id), replayed: false };
    },
  };
}

interface CheckoutRequest {
  phone: string;
  place: PlaceInput;
  address: string;
  /** What the page showed: the order is placed only at that total. */
  shown: ShownFigures;
  /** What the Idempotency-Key is checked against: the body as it means. */
  hash: string;
}

/** A bad phone or no place is a 400 before anything is locked. */
function readRequest(body: CheckoutBody): CheckoutRequest {
  const phone = normaliseKenyanPhone(body.phone);
  if (!phone) throw badRequest('Enter a Kenyan mobile number such as 0712 345 678.');
  const place = placeInput(body);
  if (!place) throw badRequest('Choose a delivery area, or send lat and lng.');
  const hash = createHash('sha256').update(checkoutRequestKey(body, phone)).digest('hex');
  return { phone, place, address: body.address, shown: body.shown, hash };
}

/**
 * One checkout per shopper at a time: a double click, a retry or a second tab waits here and then
 * finds the order (same key) or an empty cart. A blocked customer is refused here (403
 * `customer_blocked`), before any stock is held or any prompt sent; blocking and erasing take the same lock. Answers the id of the order the key already made;
 * a key used for another body is a 409.
 */
async function lockShopperAndFindKey(tx: Db, userId: string, idempotencyKey: string, requestHash: string) {
  // NO KEY UPDATE leaves the row's key free, so the shopper's other inserts (sessions, cart lines)
  // referencing it are not blocked.
  const [shopper] = await tx
    .select({ blockedAt: users.blockedAt, erasedAt: users.erasedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  // A blocked (or, racing this checkout, an erased) customer is refused before anything is held.
  if (shopper?.blockedAt || shopper?.erasedAt)
    throw new AppError(403, 'customer_blocked', CUSTOMER_BLOCKED_MESSAGE);
  const [existing] = await tx
    .select({ id: orders.id, requestHash: orders.requestHash })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  if (existing && existing.requestHash !== requestHash) throw refused(idempotencyKeyReused());
  return existing?.id;
}

interface PricedCart {
  lines: CartLine[];
  /** The discounts the lines' prices came from, once each: the order takes a use of each. */
  discounts: OrderDiscount[];
  where: Place;
  /** The lines, the delivery fee and the totals, as a cart answer shows them. */
  cart: Cart;
  subtotal: number;
  total: number;
}

/** Today's prices and the delivery fee, which the order freezes; M-Pesa's limit is checked before any unit is taken. */
async function priceCart(
  tx: Db,
  userId: string,
  place: PlaceInput,
  settings: DeliverySettings,
  now: Date,
): Promise<PricedCart> {
  const { lines, unsold, pricedBy } = await loadCartLines(tx, userId, now, { lock: true });
  // A line the shop stopped selling (a hidden or archived product or variant) is refused as a
  // variant no longer sold, never bought.
  const [gone] = unsold;
  if (gone) throw refused(reservationRefusal(gone.label, null, CART_HINT));
  if (lines.length === 0) throw refused(cartEmpty());
  const where = await resolvePlace(tx, place, settings);
  const cart = cartView(lines, where.fee);
  const { subtotal, total } = cart;
  const tooMuch = totalRefusal(total);
  if (tooMuch) throw refused(tooMuch);
  // A variant the admin switched off reads as stock 0 with its units still counted, so the
  // reservation would take them: refuse it as sold out here.
  const off = lines.find((l) => l.stock === 0);
  if (off) throw refused(reservationRefusal(variantLabel(off.name, off.variantName), 0, CART_HINT));
  const discounts = [...new Map([...pricedBy.values()].map((d) => [d.discountId, d])).values()];
  return { lines, discounts, where, cart, subtotal, total };
}

/** The order with its totals and lines frozen, holding the units just reserved; payment `pending`. */
async function writeOrder(
  tx: Db,
  o: { userId: string; idempotencyKey: string; request: CheckoutRequest; priced: PricedCart; now: Date },
) {
  const { request, priced, now } = o;
  const [order] = await tx
    .insert(orders)
    .values({
      userId: o.userId,
      idempotencyKey: o.idempotencyKey,
      requestHash: request.hash,
      stockReserved: true,
      subtotal: priced.subtotal,
      shippingRate: priced.where.fee,
      total: priced.total,
      phone: request.phone,
      deliveryAreaId: priced.where.areaId,
      deliveryAreaName: priced.where.areaName,
      address: request.address,
      lat: priced.where.lat,
      lng: priced.where.lng,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id, number: orders.number });
  await tx.insert(orderItems).values(
    priced.lines.map((l, position) => ({
      orderId: order!.id,
      productId: l.productId,
      variantId: l.variantId,
      productPid: l.productPid,
      name: l.name,
      variantName: l.variantName,
      image: l.image,
      unitPrice: l.price,
      quantity: l.quantity,
      totalPrice: l.totalPrice,
      position,
    })),
  );
  if (priced.discounts.length)
    await tx
      .insert(orderDiscounts)
      .values(priced.discounts.map((d) => ({ orderId: order!.id, discountId: d.discountId })));
  return order!;
}

/** Only the lines this order took: one added meanwhile in another tab stays in the cart. */
async function emptyCart(tx: Db, lines: CartLine[]) {
  await tx.delete(cartItems).where(
    inArray(
      cartItems.id,
      lines.map((l) => l.itemId),
    ),
  );
}
