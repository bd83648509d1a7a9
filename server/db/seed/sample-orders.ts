import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { DEFAULT_DELIVERY_SETTINGS, deliveryFee } from '../../../contract/delivery';
import { DELIVERY_AREAS } from '../../../contract/delivery-areas';
import { DEMO_ACCOUNTS } from '../../../contract/demo-accounts';
import { DAY_MS } from '../../../contract/dashboard-rules';
import { nairobiDate, nairobiDayStart } from '../../../contract/nairobi-time';
import type { OrderStatus, PaymentIssue, PaymentStatus } from '../../../contract/checkout';
import type { Db } from '../client';
import { orderItems, orders, paymentAttempts, products, users, variants } from '../schema';
import { insertBatches } from './rows';
import { mulberry32 } from './large';

// A few weeks of believable orders for the development seed, so a new admin's dashboard and orders
// list have something to show: mostly paid and delivered, today's still being packed and driven,
// a few payments that failed or ran out, one M-Pesa left unclear. Historical only: the stock on the
// shelves is what is left, no prompt is open, so nothing here wakes the payment reconciler.

/** Days of history, today included. */
const SAMPLE_DAYS = 28;
/** Generated shoppers beside the demo shopper. */
const SAMPLE_SHOPPERS = 6;

export interface SampleOrder {
  userId: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentIssue: PaymentIssue | null;
  createdAt: Date;
  paidAt: Date | null;
  subtotal: number;
  shippingRate: number;
  total: number;
  deliveryAreaId: string;
  lines: {
    productId: string;
    variantId: string;
    quantity: number;
    unitPrice: number;
    name: string;
    variantName: string;
    pid: string;
  }[];
}

interface Stocked {
  productId: string;
  variantId: string;
  pid: string;
  name: string;
  variantName: string;
  price: number;
}

/** Orders per day: busier at the weekend, quieter early in the week. */
const PER_DAY_BY_WEEKDAY = [11, 6, 7, 8, 9, 12, 14]; // Sunday first

/** Nairobi hours people order at: a morning run, lunch and the evening peak. */
const HOURS = [7, 8, 9, 10, 11, 12, 12, 13, 13, 14, 16, 17, 18, 18, 19, 19, 19, 20, 20, 21];

/**
 * The orders to write, from the catalogue's variants and the shoppers; the same `randomSeed`,
 * catalogue and `now` give the same plan. Nothing is later than `now`.
 */
function planSampleOrders(
  now: Date,
  catalogue: readonly Stocked[],
  shopperIds: readonly string[],
  randomSeed = 0x50c0,
): SampleOrder[] {
  const random = mulberry32(randomSeed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  // A few favourites sell much more than the rest, as in any shop.
  const favourites = catalogue.filter((_, i) => i % 7 === 0);
  const today = nairobiDate(now);
  const plan: SampleOrder[] = [];
  let reviewPlaced = false;
  for (let back = SAMPLE_DAYS - 1; back >= 0; back--) {
    const dayStart = new Date(nairobiDayStart(today).getTime() - back * DAY_MS);
    const weekday = new Date(dayStart.getTime() + 3 * 3600_000).getUTCDay();
    const count = PER_DAY_BY_WEEKDAY[weekday]! + Math.floor(random() * 4) - 1;
    for (let n = 0; n < count; n++) {
      const minutes = pick(HOURS) * 60 + Math.floor(random() * 60);
      const createdAt = new Date(dayStart.getTime() + minutes * 60_000);
      if (createdAt > now) continue;
      const lineCount = 1 + Math.floor(random() * 4);
      const chosen = new Map<string, Stocked>();
      while (chosen.size < lineCount) {
        const v = random() < 0.45 && favourites.length ? pick(favourites) : pick(catalogue);
        chosen.set(v.variantId, v);
      }
      const lines = [...chosen.values()].map((v) => ({
        productId: v.productId,
        variantId: v.variantId,
        pid: v.pid,
        name: v.name,
        variantName: v.variantName,
        unitPrice: v.price,
        quantity: 1 + Math.floor(random() * random() * 4),
      }));
      const area = pick(DELIVERY_AREAS);
      const subtotal = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
      const shippingRate = deliveryFee(area, DEFAULT_DELIVERY_SETTINGS);
      const roll = random();
      const hoursAgo = (now.getTime() - createdAt.getTime()) / 3600_000;
      let paymentStatus: PaymentStatus = 'paid';
      let paymentIssue: PaymentIssue | null = null;
      let status: OrderStatus = 'delivered';
      if (!reviewPlaced && back === 1 && n === 2) {
        // One payment M-Pesa never confirmed (the simulator's phone ending 04 does this).
        paymentStatus = 'needs_review';
        paymentIssue = 'unknown';
        status = 'new';
        reviewPlaced = true;
      } else if (roll < 0.05) {
        paymentStatus = 'failed';
        paymentIssue = random() < 0.5 ? 'cancelled' : 'insufficient_funds';
        status = 'new';
      } else if (roll < 0.08) {
        paymentStatus = 'expired';
        paymentIssue = 'no_answer';
        status = 'new';
      } else if (roll < 0.1 && hoursAgo > 24) {
        status = 'cancelled';
      } else if (hoursAgo < 3) status = 'new';
      else if (hoursAgo < 6) status = 'processing';
      else if (hoursAgo < 9 && back === 0) status = 'out_for_delivery';
      const paidAt =
        paymentStatus === 'paid'
          ? new Date(createdAt.getTime() + (40 + Math.floor(random() * 80)) * 1000)
          : null;
      plan.push({
        userId: pick(shopperIds),
        status,
        paymentStatus,
        paymentIssue,
        createdAt,
        paidAt: paidAt && paidAt > now ? now : paidAt,
        subtotal,
        shippingRate,
        total: subtotal + shippingRate,
        deliveryAreaId: area.id,
        lines,
      });
    }
  }
  return plan.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/**
 * Writes the sample orders (with their lines and one payment attempt each) and the generated
 * shoppers, in a few multi-row inserts; does nothing when the shop already has orders.
 */
export async function seedSampleOrders(
  db: Db,
  { now = new Date(), randomSeed }: { now?: Date; randomSeed?: number } = {},
): Promise<{ orders: SampleOrder[] }> {
  const [existing] = await db.select({ id: orders.id }).from(orders).limit(1);
  if (existing) return { orders: [] };
  const catalogue = await db
    .select({
      productId: products.id,
      variantId: variants.id,
      pid: products.pid,
      name: products.name,
      variantName: variants.name,
      price: variants.price,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(isNull(variants.archivedAt), isNull(products.archivedAt), eq(products.hidden, false)))
    .orderBy(asc(products.pid), asc(variants.position));
  if (catalogue.length === 0) return { orders: [] };

  const generated = Array.from({ length: SAMPLE_SHOPPERS }, (_, i) => ({
    email: `sample-shopper-${i + 1}@example.com`,
    name: `Sample Shopper ${i + 1}`,
    phone: `+2547${String(20000001 + i * 1111).padStart(8, '0')}`,
    country: 'KE',
    type: 'customer' as const,
  }));
  await db.insert(users).values(generated).onConflictDoNothing();
  const shoppers = await db
    .select({ id: users.id, email: users.email, phone: users.phone })
    .from(users)
    .where(
      sql`lower(${users.email}) in (${sql.join(
        [DEMO_ACCOUNTS.shopper.email, ...generated.map((g) => g.email)].map((e) => sql`${e}`),
        sql`, `,
      )})`,
    )
    .orderBy(asc(users.email));
  const phoneOf = new Map(shoppers.map((s) => [s.id, s.phone ?? '+254700000000']));
  const plan = planSampleOrders(
    now,
    catalogue,
    shoppers.map((s) => s.id),
    randomSeed,
  );

  const orderRows: PgInsertValue<typeof orders>[] = [];
  const itemRows: PgInsertValue<typeof orderItems>[] = [];
  const attemptRows: PgInsertValue<typeof paymentAttempts>[] = [];
  plan.forEach((o, i) => {
    const id = randomUUID();
    const area = DELIVERY_AREAS.find((a) => a.id === o.deliveryAreaId)!;
    // `2547…` as the prompt is sent; the unclear payment's phone ends in 04, as the simulator's does.
    const base = phoneOf.get(o.userId)!.replace(/^\+/, '');
    const phone = o.paymentStatus === 'needs_review' ? `${base.slice(0, -2)}04` : base;
    const settled = o.paidAt ?? new Date(o.createdAt.getTime() + 90_000);
    orderRows.push({
      id,
      userId: o.userId,
      idempotencyKey: `sample-${i + 1}`,
      requestHash: 'sample',
      status: o.status,
      paymentStatus: o.paymentStatus,
      paymentIssue: o.paymentIssue,
      // Paid and unsettled orders hold their units; failed and expired ones gave them back.
      stockReserved: o.paymentStatus === 'paid' || o.paymentStatus === 'needs_review',
      subtotal: o.subtotal,
      shippingRate: o.shippingRate,
      total: o.total,
      phone,
      deliveryAreaId: area.id,
      deliveryAreaName: area.name,
      address: `House ${1 + (i % 40)}, ${area.name}`,
      lat: area.lat,
      lng: area.lng,
      paidAt: o.paidAt,
      createdAt: o.createdAt,
      updatedAt: o.paidAt ?? o.createdAt,
      deliveredAt: o.status === 'delivered' ? (o.paidAt ?? o.createdAt) : null,
    });
    o.lines.forEach((l, position) =>
      itemRows.push({
        orderId: id,
        productId: l.productId,
        variantId: l.variantId,
        productPid: l.pid,
        name: l.name,
        variantName: l.variantName,
        unitPrice: l.unitPrice,
        quantity: l.quantity,
        totalPrice: l.unitPrice * l.quantity,
        position,
      }),
    );
    const code = String(100000 + i);
    attemptRows.push({
      orderId: id,
      phone,
      amount: o.total,
      status: o.paymentStatus,
      issue: o.paymentIssue,
      merchantRequestId: `sample-${code}`,
      checkoutRequestId: `ws_CO_SAMPLE_${code}`,
      resultCode:
        o.paymentStatus === 'paid'
          ? 0
          : o.paymentStatus === 'failed'
            ? o.paymentIssue === 'cancelled'
              ? 1032
              : 1
            : null,
      resultDesc:
        o.paymentStatus === 'paid'
          ? 'The service request is processed successfully.'
          : o.paymentStatus === 'failed'
            ? o.paymentIssue === 'cancelled'
              ? 'Request cancelled by user'
              : 'The balance is insufficient for the transaction'
            : null,
      receipt: o.paymentStatus === 'paid' ? `SMP${code.padStart(7, '0')}` : null,
      paidAmount: o.paymentStatus === 'paid' ? o.total : null,
      nextCheckAt: settled,
      expiresAt: new Date(o.createdAt.getTime() + 5 * 60_000),
      completedAt: settled,
      createdAt: o.createdAt,
      updatedAt: settled,
    });
  });
  await insertBatches(db, orders, orderRows, 500);
  await insertBatches(db, orderItems, itemRows, 1000);
  await insertBatches(db, paymentAttempts, attemptRows, 500);
  return { orders: plan };
}
