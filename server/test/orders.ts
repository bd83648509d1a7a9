import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AttemptStatus, OrderStatus, PaymentIssue, PaymentStatus } from '../../contract/checkout';
import type { Db } from '../db/client';
import { orderItems, orders, paymentAttempts, variants } from '../db/schema';
import { createUser } from './auth';
import { createProduct, type TestProduct } from './shop';

// Test helpers (not tests) for the back-office order suites: orders written straight into the
// database in any state, with their lines, units and payment attempts, at any time.

interface SeedAttempt {
  status: AttemptStatus;
  issue?: PaymentIssue | null;
  checkoutRequestId?: string | null;
  merchantRequestId?: string | null;
  resultCode?: number | null;
  resultDesc?: string | null;
  receipt?: string | null;
  paidAmount?: number | null;
  createdAt?: Date;
  completedAt?: Date | null;
}

export interface SeedOrderOptions {
  userId?: string;
  email?: string;
  name?: string;
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  paymentIssue?: PaymentIssue | null;
  /** Whether the order holds its units; when true they are taken off the variant now. */
  stockReserved?: boolean;
  createdAt?: Date;
  paidAt?: Date | null;
  /** `2547…` */
  phone?: string;
  /** The product to sell (a fresh one with `stock` units by default) and how many. */
  product?: TestProduct;
  stock?: number;
  quantity?: number;
  price?: number;
  fee?: number;
  address?: string;
  attempts?: SeedAttempt[];
  /**
   * The promo code it was placed with: `orderSaving` comes off the subtotal (an order code); a line
   * or delivery code's saving is already in `price` or `fee`, so only `saving` says it.
   */
  promo?: { code: string; saving: number; orderSaving?: number };
}

export interface SeededOrder {
  orderId: string;
  number: number;
  userId: string;
  email: string;
  variantId: string;
  product: TestProduct;
  total: number;
}

/** A random receipt-shaped M-Pesa transaction id. */
export const mpesaId = () => `T${randomBytes(8).toString('hex').slice(0, 9).toUpperCase()}`;

/** An order in the state asked for; a paid one gets a paid attempt with a receipt unless told otherwise. */
export async function seedOrder(db: Db, o: SeedOrderOptions = {}): Promise<SeededOrder> {
  const user = o.userId
    ? { id: o.userId, email: o.email ?? '' }
    : await createUser(db, { email: o.email, name: o.name ?? 'Wanjiru Kamau' });
  const quantity = o.quantity ?? 2;
  const price = o.price ?? 300;
  const fee = o.fee ?? 150;
  const product =
    o.product ?? (await createProduct(db, { variants: [{ name: '1 kg', price, quantity: o.stock ?? 10 }] }));
  const variantId = product.variantIds[0]!;
  const paymentStatus = o.paymentStatus ?? 'paid';
  const stockReserved = o.stockReserved ?? ['paid', 'pending', 'needs_review'].includes(paymentStatus);
  // An hour ago by default, so its payment happened before anything a test does to it now.
  const createdAt = o.createdAt ?? new Date(Date.now() - 3_600_000);
  const phone = o.phone ?? `2547${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const subtotal = quantity * price;
  const orderSaving = o.promo?.orderSaving ?? 0;
  const total = subtotal - orderSaving + fee;
  if (stockReserved)
    await db
      .update(variants)
      .set({ quantity: sql`${variants.quantity} - ${quantity}` })
      .where(eq(variants.id, variantId));
  const [order] = await db
    .insert(orders)
    .values({
      userId: user.id,
      idempotencyKey: randomUUID(),
      requestHash: 'seeded',
      status: o.status ?? 'new',
      paymentStatus,
      paymentIssue: o.paymentIssue ?? null,
      stockReserved,
      subtotal,
      shippingRate: fee,
      orderSaving,
      total,
      promoCode: o.promo?.code ?? null,
      promoSaving: o.promo?.saving ?? 0,
      phone,
      deliveryAreaId: 'westlands',
      deliveryAreaName: 'Westlands',
      address: o.address ?? 'Mpaka Road, Block B, flat 4',
      lat: -1.2676,
      lng: 36.8108,
      paidAt: o.paidAt !== undefined ? o.paidAt : paymentStatus === 'paid' ? createdAt : null,
      createdAt,
      updatedAt: createdAt,
      deliveredAt: o.status === 'delivered' ? createdAt : null,
    })
    .returning({ id: orders.id, number: orders.number });
  await db.insert(orderItems).values({
    orderId: order!.id,
    productId: product.productId,
    variantId,
    productPid: product.pid,
    name: product.name,
    variantName: '1 kg',
    unitPrice: price,
    quantity,
    totalPrice: subtotal,
  });
  const attempts =
    o.attempts ??
    (paymentStatus === 'paid'
      ? [
          {
            status: 'paid' as const,
            resultCode: 0,
            resultDesc: 'The service request is processed successfully.',
            receipt: mpesaId(),
            paidAmount: total,
          },
        ]
      : []);
  for (const [i, a] of attempts.entries()) {
    const at = a.createdAt ?? new Date(createdAt.getTime() + i * 1000);
    await db.insert(paymentAttempts).values({
      orderId: order!.id,
      phone,
      amount: total,
      status: a.status,
      issue: a.issue ?? null,
      merchantRequestId: a.merchantRequestId !== undefined ? a.merchantRequestId : `m-${randomUUID()}`,
      checkoutRequestId: a.checkoutRequestId !== undefined ? a.checkoutRequestId : `ws_CO_${randomUUID()}`,
      resultCode: a.resultCode ?? null,
      resultDesc: a.resultDesc ?? null,
      receipt: a.receipt ?? null,
      paidAmount: a.paidAmount ?? null,
      nextCheckAt: at,
      expiresAt: new Date(at.getTime() + 600_000),
      completedAt:
        a.completedAt !== undefined
          ? a.completedAt
          : ['pending', 'unknown'].includes(a.status)
            ? null
            : new Date(at.getTime() + 500),
      createdAt: at,
      updatedAt: at,
    });
  }
  return {
    orderId: order!.id,
    number: order!.number,
    userId: user.id,
    email: user.email,
    variantId,
    product,
    total,
  };
}
