import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { CheckoutBody, CheckoutResult, PayOrderBody, PaymentIssue } from '../../../contract/checkout';
import { checkoutResult } from '../../../contract/order-view';
import { OPEN_ATTEMPT } from '../../../contract/payments';
import { normaliseKenyanPhone } from '../../../contract/phone';
import type { Db } from '../../db/client';
import { cartItems, orderItems, orders, paymentAttempts, users } from '../../db/schema';
import type { Env } from '../../env';
import type { AuthUser } from '../../lib/auth/session';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { MPESA_MAX_AMOUNT, type DarajaClient } from '../../lib/payments/daraja';
import { DarajaError, type DarajaErrorKind } from '../../lib/payments/daraja-errors';
import { loadCartLines } from '../cart/service';
import { deliverySettings, placeInput, resolvePlace } from '../delivery/service';
import { orderRecord } from './orders';
import { settleAttempt } from './settlement';
import { reserveLines, reserveOrderStock } from './stock';

export interface CheckoutDeps {
  db: Db;
  env: Env;
  daraja: DarajaClient;
  logger: Logger;
  now?: () => Date;
}

export interface CheckoutAnswer {
  result: CheckoutResult;
  /** True when the Idempotency-Key had been used: the answer describes the order made then. */
  replayed: boolean;
}

/** The M-Pesa account reference of an order (Daraja allows 12 characters). */
export const accountReference = (orderNumber: number) => `SKN${orderNumber}`;

// What a prompt that could not be sent means for the shopper. `timeout` is not here: the push may
// have reached Daraja, so that attempt stays open as `unknown` for the callback or the reconciler.
const PUSH_FAILURE: Record<Exclude<DarajaErrorKind, 'timeout'>, PaymentIssue> = {
  prompt_open: 'prompt_open',
  invalid_phone: 'invalid_phone',
  invalid_amount: 'mpesa_unavailable',
  invalid_request: 'mpesa_unavailable',
  auth: 'mpesa_unavailable',
  unavailable: 'mpesa_unavailable',
  unexpected: 'mpesa_unavailable',
};

/** Checkout and payment retries: the order and its reservation in one transaction, then the prompt. */
export function createCheckoutService(deps: CheckoutDeps) {
  const { db, env, daraja, logger } = deps;
  const clock = deps.now ?? (() => new Date());
  const settings = deliverySettings(env);

  const attemptTimes = (now: Date) => ({
    nextCheckAt: new Date(now.getTime() + Math.min(env.PAYMENT_QUERY_DELAY_MS, env.PAYMENT_EXPIRY_MS)),
    expiresAt: new Date(now.getTime() + env.PAYMENT_EXPIRY_MS),
  });

  /**
   * Sends the STK push for an attempt committed as `pending`. Never throws for a Daraja failure:
   * a definite one settles the attempt as failed (the order's units go back), a timeout leaves it
   * open as `unknown` for the callback or the reconciler.
   */
  async function sendPrompt(attempt: { id: string; phone: string; amount: number }, orderNumber: number) {
    try {
      // The token first: failing to get one means no prompt went out, so that failure is definite,
      // and the push below then only waits on Daraja's answer to the push itself.
      await daraja.accessToken();
    } catch (err) {
      const e = err instanceof DarajaError ? err : new DarajaError('unavailable', { cause: err });
      logger.warn('stk push not sent: no Daraja token', { attemptId: attempt.id, ...e.toLog() });
      await settleAttempt(
        db,
        attempt.id,
        { kind: 'failed', issue: 'mpesa_unavailable', resultDesc: e.rawMessage ?? e.message },
        clock(),
      );
      return;
    }
    try {
      const pushed = await daraja.stkPush({
        phone: attempt.phone,
        amount: attempt.amount,
        accountReference: accountReference(orderNumber),
        description: 'Sokoni order',
      });
      // Stored even if the attempt was settled meanwhile (an early callback adopted it, or it
      // expired): the id is how a late callback still finds it.
      await db
        .update(paymentAttempts)
        .set({
          checkoutRequestId: pushed.checkoutRequestId,
          merchantRequestId: pushed.merchantRequestId,
          updatedAt: clock(),
        })
        .where(and(eq(paymentAttempts.id, attempt.id), isNull(paymentAttempts.checkoutRequestId)));
    } catch (err) {
      if (err instanceof DarajaError && err.kind !== 'timeout') {
        logger.warn('stk push failed', { attemptId: attempt.id, ...err.toLog() });
        await settleAttempt(
          db,
          attempt.id,
          { kind: 'failed', issue: PUSH_FAILURE[err.kind], resultDesc: err.rawMessage ?? err.message },
          clock(),
        );
        return;
      }
      // A timeout (or our own failure after Daraja answered) may have left a prompt on the phone.
      logger.warn('stk push outcome unknown', {
        attemptId: attempt.id,
        ...(err instanceof DarajaError
          ? err.toLog()
          : { error: err instanceof Error ? err.message : String(err) }),
      });
      await db
        .update(paymentAttempts)
        .set({ status: 'unknown', updatedAt: clock() })
        .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')));
    }
  }

  /** The answer about an order, as checkout and a payment retry give it. */
  async function answer(orderId: string): Promise<CheckoutResult> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw notFound('Order');
    const [latest] = await db
      .select({ status: paymentAttempts.status })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, orderId))
      .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
      .limit(1);
    return checkoutResult(orderRecord(order), latest?.status);
  }

  return {
    sendPrompt,
    answer,

    /**
     * Places the order for the user's cart: re-prices it, reserves the units, freezes the totals and
     * opens a payment attempt in one transaction, empties the cart, then sends the prompt. The same
     * Idempotency-Key answers with the same order; with another body it is a 409.
     */
    async checkout(user: AuthUser, idempotencyKey: string, body: CheckoutBody): Promise<CheckoutAnswer> {
      const phone = normaliseKenyanPhone(body.phone);
      if (!phone) throw badRequest('Enter a Kenyan mobile number such as 0712 345 678.');
      const place = placeInput(body);
      if (!place) throw badRequest('Choose a delivery area, or send lat and lng.');
      const requestHash = hashRequest({ ...body, phone });
      const now = clock();

      const placed = await db.transaction(async (tx) => {
        // One checkout per shopper at a time: a double click, a retry or a second tab waits here and
        // then finds the order (same key) or an empty cart. NO KEY UPDATE leaves the row's key free,
        // so the shopper's other inserts (sessions, cart lines) referencing it are not blocked.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('no key update');
        const [existing] = await tx
          .select({ id: orders.id, requestHash: orders.requestHash })
          .from(orders)
          .where(and(eq(orders.userId, user.id), eq(orders.idempotencyKey, idempotencyKey)));
        if (existing) {
          if (existing.requestHash !== requestHash) {
            throw new AppError(
              409,
              'idempotency_key_reused',
              'This Idempotency-Key was already used for a different checkout. Use a new key for a new checkout.',
            );
          }
          return { kind: 'replay' as const, orderId: existing.id };
        }

        const lines = await loadCartLines(tx, user.id, now, { lock: true });
        if (lines.length === 0) throw new AppError(400, 'cart_empty', 'Your cart is empty.');
        const where = await resolvePlace(tx, place, settings);
        const subtotal = lines.reduce((sum, l) => sum + l.totalPrice, 0);
        const total = subtotal + where.fee;
        if (total > MPESA_MAX_AMOUNT) {
          throw badRequest(
            `M-Pesa takes at most KSH ${MPESA_MAX_AMOUNT.toLocaleString('en-KE')} in one payment. Split your order.`,
          );
        }
        await reserveLines(tx, lines);
        const [order] = await tx
          .insert(orders)
          .values({
            userId: user.id,
            idempotencyKey,
            requestHash,
            stockReserved: true,
            subtotal,
            shippingRate: where.fee,
            total,
            phone,
            deliveryAreaId: where.areaId,
            deliveryAreaName: where.areaName,
            address: body.address,
            lat: where.lat,
            lng: where.lng,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: orders.id, number: orders.number });
        await tx.insert(orderItems).values(
          lines.map((l, position) => ({
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
        const [attempt] = await tx
          .insert(paymentAttempts)
          .values({
            orderId: order!.id,
            phone,
            amount: total,
            ...attemptTimes(now),
            createdAt: now,
            updatedAt: now,
          })
          .returning({
            id: paymentAttempts.id,
            phone: paymentAttempts.phone,
            amount: paymentAttempts.amount,
          });
        // Only the lines this order took: one added meanwhile in another tab stays in the cart.
        await tx.delete(cartItems).where(
          inArray(
            cartItems.id,
            lines.map((l) => l.itemId),
          ),
        );
        return { kind: 'placed' as const, order: order!, attempt: attempt! };
      });

      if (placed.kind === 'replay') return { result: await answer(placed.orderId), replayed: true };
      // After the commit: the prompt must never go out for an order that does not exist.
      await sendPrompt(placed.attempt, placed.order.number);
      return { result: await answer(placed.order.id), replayed: false };
    },

    /**
     * A new prompt for an order whose payment failed or expired: re-takes the units if they went
     * back, opens a new attempt (never two at once) and sends it.
     */
    async retryPayment(user: AuthUser, orderId: string, body: PayOrderBody): Promise<CheckoutResult> {
      const newPhone = body.phone === undefined ? undefined : normaliseKenyanPhone(body.phone);
      if (newPhone === null) throw badRequest('Enter a Kenyan mobile number such as 0712 345 678.');
      const now = clock();
      const opened = await db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.userId, user.id)))
          .for('update');
        if (!order) throw notFound('Order');
        if (order.paymentStatus === 'paid') throw conflict('This order is already paid.');
        if (order.paymentStatus === 'needs_review') {
          throw conflict('The shop is reviewing the payment of this order and will contact you.');
        }
        if (order.status === 'cancelled') throw conflict('This order was cancelled.');
        const [open] = await tx
          .select({ id: paymentAttempts.id })
          .from(paymentAttempts)
          .where(
            and(eq(paymentAttempts.orderId, order.id), inArray(paymentAttempts.status, [...OPEN_ATTEMPT])),
          );
        if (open) {
          throw new AppError(
            409,
            'payment_pending',
            'A payment prompt for this order is still open. Complete or cancel it on your phone, or wait a few minutes.',
          );
        }
        if (!order.stockReserved) await reserveOrderStock(tx, order.id);
        const phone = newPhone ?? order.phone;
        const [attempt] = await tx
          .insert(paymentAttempts)
          .values({
            orderId: order.id,
            phone,
            amount: order.total,
            ...attemptTimes(now),
            createdAt: now,
            updatedAt: now,
          })
          .returning({
            id: paymentAttempts.id,
            phone: paymentAttempts.phone,
            amount: paymentAttempts.amount,
          });
        await tx
          .update(orders)
          .set({ paymentStatus: 'pending', paymentIssue: null, phone, stockReserved: true, updatedAt: now })
          .where(eq(orders.id, order.id));
        return { attempt: attempt!, number: order.number };
      });
      await sendPrompt(opened.attempt, opened.number);
      return answer(orderId);
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;

// The body as it means (phone normalised), so "0712…" and "+254712…" are the same request.
function hashRequest(body: CheckoutBody & { phone: string }): string {
  const canonical = JSON.stringify([
    body.phone,
    body.deliveryAreaId ?? null,
    body.lat ?? null,
    body.lng ?? null,
    body.address,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
