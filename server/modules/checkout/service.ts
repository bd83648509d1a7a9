import { eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { createHash, randomUUID } from 'node:crypto';
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
import { preparedPerHandle, writeTogether, type Db } from '../../db/client';
import { cartItems, orderDiscounts, orderItems, orders, users } from '../../db/schema';
import type { Config } from '../../lib/http';
import type { AuthUser } from '../../lib/auth/session';
import { AppError, badRequest, refused } from '../../lib/errors';
import { createGate } from '../../lib/gate';
import type { Logger } from '../../lib/logger';
import { orderMailColumns, shopperMailColumns, type OrderMailData } from '../../lib/mail/order-mail';
import { orderNoticeWrites, wakeOrderNotices } from '../../lib/order-notices';
import type { DarajaClient } from '../../lib/payments/daraja';
import { promoRefusal, promoRefusalMessage, type PromoRecord } from '../../../contract/promo';
import {
  type CartLine,
  cartLinesOf,
  cartLinesQuery,
  loadCartLines,
  priceWithPromo,
  promoGuesses,
  type PromoGuesser,
} from '../cart';
import { deliverySettings, placeInput, resolvePlace } from '../delivery';
import { orderState } from '../orders';
import {
  attemptWrite,
  countPrompt,
  pendingOrdersOf,
  refuseUnpaid,
  sendPrompt,
  type PromptDeps,
} from '../payments';
import {
  type LevelAfter,
  OfferEndedError,
  type OrderDiscount,
  OutOfStockError,
  takeOrderStock,
} from '../stock';
import { createClaims, createShelfMemory } from './shelf';
import { CART_HINT, type Refusal, reservationRefusal } from '../../../contract/stock';

export interface CheckoutDeps {
  db: Db;
  env: Config;
  daraja: DarajaClient;
  logger: Logger;
  metrics?: PromptDeps['metrics'];
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
  const guesses = promoGuesses(deps.db, deps.env);
  const shelf = createShelfMemory();
  const claims = createClaims();
  const line = createGate({
    concurrency: deps.env.CHECKOUT_CONCURRENCY,
    maxWaitMs: deps.env.CHECKOUT_QUEUE_MS,
    busy: checkoutBusy,
  });

  return {
    /**
     * Places the order for the user's cart: re-prices it, reserves the units, freezes the totals and
     * opens a payment attempt in one transaction, empties the cart, then sends the prompt. The same
     * Idempotency-Key answers with the same order; with another body it is a 409. A typed code is
     * guarded against guessing as the cart guards it (`ip` is the client's address).
     */
    async checkout(
      user: AuthUser,
      idempotencyKey: string,
      body: CheckoutBody,
      ip: string,
    ): Promise<CheckoutAnswer> {
      const request = readRequest(body);
      const now = prompt.now();
      const who: PromoGuesser = { userId: user.id, ip };
      if (request.promoCode !== undefined) await guesses.check(who, now);
      // A blocked customer is refused before the cart is even priced (the transaction checks again,
      // under the lock, for a block racing this checkout).
      if (user.blocked) throw customerBlocked();
      // Set when the code is refused as unknown: counted once nothing else is left to undo.
      let wrongCode = false;
      // The cart priced as the transaction will price it, read without locks: whatever would refuse
      // it there (sold out, an offer ended, a price or the code changed) refuses it here, without
      // waiting in the line or opening a transaction. In a flash sale that is nearly every checkout
      // after the first few hundred; one that passes is judged again under the locks.
      const early = await refuseEarly(deps.db, {
        userId: user.id,
        idempotencyKey,
        request,
        settings,
        now,
      }).catch(async (err: unknown) => {
        if (err instanceof WrongCode) await guesses.countWrong(who, now);
        throw err;
      });
      // The units this checkout wants, unless the checkouts ahead of it already want every one left.
      const claim = early && claims.take(`${user.id} ${idempotencyKey}`, early.lines);
      if (claim && 'short' in claim) throw new OutOfStockError(claim.short.line, claim.short.left, CART_HINT);
      const placed = await line
        .run(() => {
          // Its turn may come after the sale sold out: what the last checkouts saw refuses it then.
          const short = early && shelf.short(early.lines);
          if (short) throw new OutOfStockError(short.line, short.left, CART_HINT);
          return deps.db.transaction(async (tx) => {
            const shopper = await lockShopper(tx, user.id);
            const mine = await keyAndUnpaid(tx, user.id, idempotencyKey, request.hash);
            if (mine.orderId) return { kind: 'replay' as const, orderId: mine.orderId };
            // Priced after the shopper's lock, so their uses of a code are counted one checkout at a
            // time; and first, since it is what refuses most (a sale sold out while this one waited).
            const lines = await loadCartLines(tx, user.id, now, { lock: true });
            const priced = await priceCart(tx, lines, user.id, request, settings, now);
            try {
              refuseUnlike(request, priced);
            } catch (err) {
              wrongCode = err instanceof WrongCode;
              throw err;
            }
            refuseUnpaid(deps.env, mine.pending);
            await countPrompt(tx, deps.env, user.id, request.phone, now);
            // Everything that concerns this shopper alone first, in as few statements as the order
            // allows (each is a round trip the server pays for). The rows every shopper of a product
            // wants (its variant's stock, its discount's uses) are locked last, so each checkout holds
            // them only for one statement and the commit: in a flash sale hundreds of checkouts
            // queue on one variant row, and whatever runs while it is held runs once for each of
            // them, one after another.
            const order = await writeOrder(tx, { userId: user.id, idempotencyKey, request, priced, now });
            const attempt = { id: randomUUID(), phone: request.phone, amount: priced.cart.total };
            await writeTogether(tx, [
              ...orderLineWrites(tx, order.id, priced),
              attemptWrite(tx, deps.env, { ...attempt, orderId: order.id }, now),
              emptyCart(tx, priced.lines),
              ...orderNoticeWrites(tx, order.id, noticeData(shopper, order, priced), 'received'),
            ]);
            // The units, and one use of each discount that priced a line (the code's with them), in
            // one statement; a line sold out or an offer that ended, was paused or ran out since the
            // prices were read is a 409 and the transaction takes nothing.
            const levels = await takeUnitsAndUses(tx, order.id, priced, user.id, now);
            return { kind: 'placed' as const, order, attempt, levels };
          });
        })
        .catch(async (err: unknown) => {
          if (err instanceof OutOfStockError && err.line.variantId && err.left !== null)
            shelf.saw(err.line.variantId, err.left);
          if (wrongCode) await guesses.countWrong(who, now);
          throw err;
        })
        .finally(() => claim?.release());

      if (placed.kind === 'replay')
        return { result: await orderState(deps.db, placed.orderId), replayed: true };
      for (const l of placed.levels) shelf.saw(l.variantId, l.levelAfter);
      wakeOrderNotices();
      // After the commit: the prompt must never go out for an order that does not exist.
      await sendPrompt(prompt, placed.attempt, placed.order.number);
      return { result: await orderState(deps.db, placed.order.id), replayed: false };
    },
  };
}

/** The answer to a checkout that waited CHECKOUT_QUEUE_MS in line: nothing was held, try again. */
function checkoutBusy() {
  const seconds = 2;
  return new AppError(
    503,
    'busy',
    `Many people are checking out right now and nothing was ordered. Please try again in ${seconds} seconds.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

interface CheckoutRequest {
  phone: string;
  place: PlaceInput;
  address: string;
  /** What the page showed: the order is placed only at that total. */
  shown: ShownFigures;
  /** The code the page priced the cart with, upper-case. */
  promoCode: string | undefined;
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
  return { phone, place, address: body.address, shown: body.shown, promoCode: body.promoCode, hash };
}

const customerBlocked = () => new AppError(403, 'customer_blocked', CUSTOMER_BLOCKED_MESSAGE);

/** A 409 for a code refused as unknown: what the guessing guard counts. */
class WrongCode extends AppError {
  constructor({ status, code, message, details }: Refusal) {
    super(status, code, message, undefined, undefined, details);
  }
}

/**
 * Refuses the checkout when the cart as priced is not the order the page showed: the code no
 * longer applies, or any figure differs (an offer ended, a price or the delivery fee changed), a
 * 409 with the new figures.
 */
function refuseUnlike(request: CheckoutRequest, priced: PricedCart) {
  if (priced.promoRefused) {
    const refusal = promoRefusal(priced.promoRefused);
    throw priced.promoRefused.reason === 'unknown' ? new WrongCode(refusal) : refused(refusal);
  }
  // The amount asked for is the amount the page showed: any difference is a 409 with the new
  // figures, and nothing is taken.
  const changed = priceChangedRefusal(request.shown, priced.cart);
  if (changed) throw refused(changed);
}

/**
 * The transaction's judgement of the cart, before it: priced without locks. A refusal stands only
 * when the Idempotency-Key made no order yet; a retry of a placed order goes on to its answer
 * (undefined here).
 */
async function refuseEarly(
  db: Db,
  o: {
    userId: string;
    idempotencyKey: string;
    request: CheckoutRequest;
    settings: DeliverySettings;
    now: Date;
  },
) {
  const rows = await preparedCheckoutLines(db).execute({
    userId: o.userId,
    idempotencyKey: o.idempotencyKey,
  });
  try {
    const priced = await priceCart(db, cartLinesOf(rows, o.now), o.userId, o.request, o.settings, o.now);
    refuseUnlike(o.request, priced);
    return priced;
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500) throw err;
    // Read with the lines; an empty cart (what a placed order leaves) has none to read it with.
    if (rows.length > 0) {
      if (rows[0]!.keyed) return undefined;
      throw err;
    }
    const { keyed, gone } = await emptyCartShopper(db, o.userId, o.idempotencyKey);
    if (keyed) return undefined;
    // An erasure empties the cart too: a checkout whose session was checked just before it is
    // refused as the transaction refuses it, not told its cart is empty.
    if (gone) throw customerBlocked();
    throw err;
  }
}

/**
 * The order the shopper's Idempotency-Key made, as a column (null: none yet): read with the cart
 * lines before the transaction, under the shopper's lock in it, and alone for an empty cart.
 */
const keyedOrder = (userId: SQLWrapper, idempotencyKey: SQLWrapper | string) =>
  sql<KeyedOrder | null>`(select json_build_object('id', o.id, 'requestHash', o.request_hash)
    from ${orders} o where o.user_id = ${userId} and o.idempotency_key = ${idempotencyKey})`;
type KeyedOrder = { id: string; requestHash: string };

/** The cart's lines as checkout reads them before its transaction: each with the order its key made. */
const preparedCheckoutLines = preparedPerHandle((db) =>
  cartLinesQuery(db, sql.placeholder('userId'), {
    keyed: keyedOrder(cartItems.userId, sql.placeholder('idempotencyKey')),
  }).prepare('checkout_lines'),
);

/**
 * For an empty cart, in one statement: the order the shopper's Idempotency-Key made, if any, and
 * whether the shopper was blocked or erased since their session was checked.
 */
async function emptyCartShopper(db: Db, userId: string, idempotencyKey: string) {
  const shopper = sql`${userId}::uuid`;
  const result = await db.execute(
    sql`select ${keyedOrder(shopper, idempotencyKey)} as keyed, exists (select 1 from ${users}
      where ${users.id} = ${shopper} and (${users.blockedAt} is not null or ${users.erasedAt} is not null)) as gone`,
  );
  return (result as unknown as { rows: { keyed: KeyedOrder | null; gone: boolean }[] }).rows[0]!;
}

/**
 * One checkout per shopper at a time: a double click, a retry or a second tab waits here and then
 * finds the order (same key) or an empty cart. A blocked customer is refused here (403
 * `customer_blocked`), before any stock is held or any prompt sent; blocking and erasing take the
 * same lock. Answers what the order's notices need of the shopper.
 */
async function lockShopper(tx: Db, userId: string) {
  // NO KEY UPDATE leaves the row's key free, so the shopper's other inserts (sessions, cart lines)
  // referencing it are not blocked.
  const [shopper] = await tx
    .select({ blockedAt: users.blockedAt, erasedAt: users.erasedAt, ...shopperMailColumns })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  // A blocked (or, racing this checkout, an erased) customer is refused before anything is held.
  if (!shopper || shopper.blockedAt || shopper.erasedAt) throw customerBlocked();
  return shopper;
}

/**
 * Under the shopper's lock, in one statement: the order their Idempotency-Key made (a key used for
 * another body is a 409) and their unpaid orders. Not with the lock's own statement: that one's
 * snapshot is taken before it waits, so it would miss what the checkout it waited for committed.
 */
async function keyAndUnpaid(tx: Db, userId: string, idempotencyKey: string, requestHash: string) {
  const shopper = sql`${userId}::uuid`;
  const result = await tx.execute(
    sql`select ${keyedOrder(shopper, idempotencyKey)} as keyed, ${pendingOrdersOf(shopper)} as pending`,
  );
  const [row] = (result as unknown as { rows: { keyed: KeyedOrder | null; pending: PendingOrders }[] }).rows;
  const { keyed, pending } = row!;
  if (keyed && keyed.requestHash !== requestHash) throw refused(idempotencyKeyReused());
  return { orderId: keyed?.id, pending };
}
type PendingOrders = Parameters<typeof refuseUnpaid>[1];

type CartLines = ReturnType<typeof cartLinesOf>;

interface PricedCart {
  lines: CartLine[];
  /** The discounts the lines' prices came from, once each: the order takes a use of each. */
  discounts: OrderDiscount[];
  /** The code's discount when it applies: the order takes a use of it too. */
  promo: PromoRecord | null;
  /** The code, when it gives nothing: the 409 says why and nothing is placed. */
  promoRefused: Extract<Cart['promo'], { applied: false }> | null;
  where: Place;
  /** The lines (code prices included), the delivery fee and the totals, as a cart answer shows them. */
  cart: Cart;
  /** The same before the code. */
  base: Cart;
}

/**
 * Today's prices, the delivery fee and the typed code, which the order freezes; M-Pesa's limit is
 * checked before any unit is taken.
 */
async function priceCart(
  tx: Db,
  { lines: listed, unsold, pricedBy }: CartLines,
  userId: string,
  request: Pick<CheckoutRequest, 'place' | 'promoCode'>,
  settings: DeliverySettings,
  now: Date,
): Promise<PricedCart> {
  // A line the shop stopped selling (a hidden or archived product or variant) is refused as a
  // variant no longer sold, never bought.
  const [gone] = unsold;
  if (gone) throw refused(reservationRefusal(gone.label, null, CART_HINT));
  if (listed.length === 0) throw refused(cartEmpty());
  // Sold out is known without the place (and is what refuses most in a flash sale); the reservation,
  // last, still decides a race.
  refuseShortLines(listed);
  const where = await resolvePlace(tx, request.place, settings);
  const base = cartView(listed, where.fee);
  const { cart, promoLines, applied } = await priceWithPromo(tx, base, request.promoCode, userId, now);
  const promoRefused = cart.promo?.applied === false ? cart.promo : null;
  const tooMuch = totalRefusal(cart.total);
  if (!promoRefused && tooMuch) throw refused(tooMuch);
  // A line the code prices takes no use of the automatic discount it no longer uses.
  const automatic = [...pricedBy].filter(([itemId]) => !promoLines.has(itemId)).map(([, d]) => d);
  const discounts = [...new Map(automatic.map((d) => [d.discountId, d])).values()];
  return { lines: cart.Items, discounts, promo: applied, promoRefused, where, cart, base };
}

/**
 * A line the stock as read cannot cover is a 409 naming it. A variant the admin switched off reads as
 * stock 0 with its units still counted, so the reservation would take them: it is refused as sold out.
 */
function refuseShortLines(lines: readonly CartLine[]) {
  const short = lines.find((l) => l.quantity > l.stock);
  if (short) throw new OutOfStockError(short, short.stock, CART_HINT);
}

/**
 * The order's units, and one use of each automatic discount that priced a line and of the code, with
 * the same conditional update for each (so no limit in all is ever passed). A code that ended, was
 * paused or ran out since the cart was priced is a 409 with the sentence why, read again now, and
 * the transaction takes nothing. The shopper's own limit was checked under their lock by priceCart.
 */
async function takeUnitsAndUses(
  tx: Db,
  orderId: string,
  priced: PricedCart,
  userId: string,
  now: Date,
): Promise<LevelAfter[]> {
  const promo = priced.promo;
  const uses = promo
    ? [...priced.discounts, { discountId: promo.discountId, name: promo.name }]
    : priced.discounts;
  try {
    return await takeOrderStock(tx, { orderId, lines: priced.lines, uses, usesAt: now });
  } catch (err) {
    if (!promo || !(err instanceof OfferEndedError) || err.discountId !== promo.discountId) throw err;
    const { cart } = await priceWithPromo(tx, priced.base, promo.code, userId, now);
    const why =
      cart.promo?.applied === false
        ? cart.promo
        : ({
            applied: false,
            code: promo.code,
            reason: 'used_up',
            message: promoRefusalMessage('used_up', promo.code),
          } as const);
    throw refused(promoRefusal(why));
  }
}

/**
 * The order with its totals frozen, holding the units about to be reserved; payment `pending`.
 * Answers its id and what its notices need of it.
 */
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
      subtotal: priced.cart.subtotal,
      // The fee charged: after a delivery code.
      shippingRate: priced.cart.shippingRate,
      orderSaving: priced.cart.orderSaving,
      total: priced.cart.total,
      promoCode: priced.promo?.code ?? null,
      promoSaving: priced.cart.promo?.applied ? priced.cart.promo.saving : 0,
      phone: request.phone,
      deliveryAreaId: priced.where.areaId,
      deliveryAreaName: priced.where.areaName,
      address: request.address,
      lat: priced.where.lat,
      lng: priced.where.lng,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id, ...orderMailColumns });
  return order!;
}

/** The order's lines, and the discounts it takes a use of, as writes for `writeTogether`. */
function orderLineWrites(tx: Db, orderId: string, priced: PricedCart) {
  // The code's discount too: a failed, expired or cancelled order gives its use back with the rest.
  const used = priced.promo ? [...priced.discounts, priced.promo] : priced.discounts;
  return [
    tx.insert(orderItems).values(
      priced.lines.map((l, position) => ({
        orderId,
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
    ),
    used.length > 0 &&
      tx.insert(orderDiscounts).values(used.map((d) => ({ orderId, discountId: d.discountId }))),
  ];
}

/** What the "received" notices say: the order just written, its lines and its shopper. */
function noticeData(
  shopper: Pick<OrderMailData, 'email' | 'name' | 'language' | 'smsUpdates'>,
  order: Omit<OrderMailData, 'email' | 'name' | 'language' | 'smsUpdates' | 'receipt' | 'rider' | 'lines'>,
  priced: PricedCart,
): OrderMailData {
  return {
    email: shopper.email,
    name: shopper.name,
    language: shopper.language,
    smsUpdates: shopper.smsUpdates,
    ...order,
    receipt: null,
    rider: null,
    lines: priced.lines.map((l) => ({
      name: l.name,
      variantName: l.variantName,
      quantity: l.quantity,
      totalPrice: l.totalPrice,
    })),
  };
}

/** Only the lines this order took: one added meanwhile in another tab stays in the cart. */
function emptyCart(tx: Db, lines: CartLine[]) {
  return tx.delete(cartItems).where(
    inArray(
      cartItems.id,
      lines.map((l) => l.itemId),
    ),
  );
}
