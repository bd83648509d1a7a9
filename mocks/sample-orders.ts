import type { AttemptStatus, OrderStatus, PaymentIssue, PaymentStatus } from '../contract/checkout';
import { SIMULATOR_DESC } from '../contract/mpesa-simulator';
import type { OrderCustomer } from '../contract/admin-orders';
import { cancelledSummary, refundedSummary, statusChangedSummary } from '../contract/order-timeline';
import type { MockAttempt, MockOrder } from './commerce-db';
import { mockDb } from './db';

/*
 * Orders in every state the back office handles, for the orders screens in `vite --mode mock` and for
 * the tests of those screens and of mocks/handlers/admin-orders.ts. They belong to sample shoppers
 * who cannot sign in, so the demo shopper's own order list stays empty.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The sample orders' shoppers (the admin orders mock looks customers up here after the accounts). */
export const SAMPLE_CUSTOMERS: readonly OrderCustomer[] = [
  {
    userId: 'c0000000-0000-4000-8000-0000000005a1',
    name: 'Otieno Ochieng',
    email: 'otieno@example.co.ke',
    phone: '0722 111 222',
  },
  {
    userId: 'c0000000-0000-4000-8000-0000000005a2',
    name: 'Njeri Mwangi',
    email: 'njeri.mwangi@example.com',
    phone: '0733 444 555',
  },
  {
    userId: 'c0000000-0000-4000-8000-0000000005a3',
    name: 'Hassan Ali',
    email: 'hassan@example.org',
    phone: null,
  },
];

interface Sample {
  customer: number;
  /** Minutes before now. */
  ago: number;
  phone: string;
  /** [product name, quantity] */
  lines: [string, number][];
  status: OrderStatus;
  payment: PaymentStatus;
  issue?: PaymentIssue;
  /** Earlier prompts that failed, before the last one. */
  failedFirst?: boolean;
  refund?: 'due' | 'refunded';
}

const SAMPLES: Sample[] = [
  {
    customer: 0,
    ago: 72 * 60,
    phone: '254722111200',
    lines: [
      ['Hass avocado', 4],
      ['Tomatoes', 2],
    ],
    status: 'delivered',
    payment: 'paid',
  },
  {
    customer: 1,
    ago: 50 * 60,
    phone: '254733444500',
    lines: [['Lake Victoria tilapia', 1]],
    status: 'cancelled',
    payment: 'paid',
    refund: 'refunded',
  },
  {
    customer: 2,
    ago: 30 * 60,
    phone: '254711000300',
    lines: [
      ['Sukuma wiki', 3],
      ['Red onions', 1],
    ],
    status: 'cancelled',
    payment: 'paid',
    refund: 'due',
  },
  {
    customer: 0,
    ago: 20 * 60,
    phone: '254722111200',
    lines: [['Apple mangoes', 6]],
    status: 'out_for_delivery',
    payment: 'paid',
  },
  {
    customer: 1,
    ago: 9 * 60,
    phone: '254733444500',
    lines: [
      ['Omena', 2],
      ['Dhania', 1],
    ],
    status: 'processing',
    payment: 'paid',
    failedFirst: true,
  },
  {
    customer: 2,
    ago: 6 * 60,
    phone: '254711000302',
    lines: [['Managu', 2]],
    status: 'new',
    payment: 'failed',
    issue: 'insufficient_funds',
  },
  {
    customer: 0,
    ago: 3 * 60,
    phone: '254722111206',
    lines: [['Tomatoes', 3]],
    status: 'new',
    payment: 'needs_review',
    issue: 'amount_mismatch',
  },
  {
    customer: 1,
    ago: 95,
    phone: '254700123404',
    lines: [
      ['Hass avocado', 2],
      ['Sukuma wiki', 2],
    ],
    status: 'new',
    payment: 'needs_review',
    issue: 'unknown',
  },
  {
    customer: 2,
    ago: 40,
    phone: '254711000300',
    lines: [
      ['Red onions', 2],
      ['Apple mangoes', 3],
    ],
    status: 'new',
    payment: 'paid',
  },
];

const receiptFor = (n: number) => `SIM${String(n).padStart(7, '0')}`;

function attempt(
  at: number,
  phone: string,
  amount: number,
  status: AttemptStatus,
  extra: Partial<MockAttempt> = {},
): MockAttempt {
  return {
    attemptId: crypto.randomUUID(),
    status,
    amount,
    phone,
    issue: null,
    resultCode: null,
    resultDesc: null,
    receipt: null,
    createdAt: at,
    completedAt: at + MINUTE / 2,
    ...extra,
  };
}

/** The sample orders as of `now`, numbered from `firstNumber` (oldest first). */
export function sampleOrders(now = Date.now(), firstNumber = 1001): MockOrder[] {
  return SAMPLES.map((s, i) => {
    const number = firstNumber + i;
    const createdAt = now - s.ago * MINUTE;
    const items = s.lines.map(([name, quantity]) => {
      const product = mockDb.catalogue.products.find((p) => p.name === name)!;
      const variant = product.variants[0]!;
      return {
        productId: product.id,
        productPid: product.pid,
        variantId: variant.id,
        name: product.name,
        variantName: variant.name,
        image: null,
        price: variant.price,
        quantity,
        totalPrice: variant.price * quantity,
      };
    });
    const subtotal = items.reduce((sum, l) => sum + l.totalPrice, 0);
    const shippingRate = 150;
    const total = subtotal + shippingRate;
    const attempts: MockAttempt[] = [];
    if (s.failedFirst) {
      attempts.push(
        attempt(createdAt, '254733444501', total, 'failed', {
          issue: 'cancelled',
          resultCode: 1032,
          resultDesc: SIMULATOR_DESC.cancelled,
        }),
      );
    }
    const last = createdAt + (s.failedFirst ? 2 * MINUTE : 0);
    if (s.payment === 'paid') {
      attempts.push(
        attempt(last, s.phone, total, 'paid', {
          resultCode: 0,
          resultDesc: SIMULATOR_DESC.paid,
          receipt: receiptFor(number),
          paidAmount: total,
        }),
      );
    } else if (s.payment === 'failed') {
      attempts.push(
        attempt(last, s.phone, total, 'failed', {
          issue: s.issue ?? 'unknown',
          resultCode: 1,
          resultDesc: SIMULATOR_DESC.insufficient,
        }),
      );
    } else if (s.issue === 'amount_mismatch') {
      attempts.push(
        attempt(last, s.phone, total, 'needs_review', {
          issue: 'amount_mismatch',
          resultCode: 0,
          resultDesc: SIMULATOR_DESC.paid,
          receipt: receiptFor(number),
          paidAmount: total - 1,
        }),
      );
    } else {
      // A prompt M-Pesa never answered and the reconciler could not settle (phone ending 04).
      attempts.push(attempt(last, s.phone, total, 'needs_review', { issue: s.issue ?? 'unknown' }));
    }
    attempts.reverse();
    const paid = s.payment === 'paid';
    const order: MockOrder = {
      orderId: `0e000000-0000-4000-8000-00000000${String(number).padStart(4, '0')}`,
      userId: SAMPLE_CUSTOMERS[s.customer]!.userId,
      number,
      idempotencyKey: `sample-${number}`,
      requestHash: `sample-${number}`,
      status: s.status,
      paymentStatus: s.payment,
      paymentIssue: paid ? null : (s.issue ?? null),
      stockReserved: s.payment !== 'failed' && s.status !== 'cancelled',
      items,
      subtotal,
      shippingRate,
      orderSaving: 0,
      total,
      promoCode: null,
      promoSaving: 0,
      delivery: {
        areaId: 'westlands',
        areaName: 'Westlands',
        address: `Mpaka Road, House ${number - 1000}`,
        lat: -1.2676,
        lng: 36.8108,
      },
      phone: s.phone,
      attempts,
      createdAt,
      paidAt: paid ? last + MINUTE / 2 : null,
      adminEvents: [],
      refund: null,
    };
    const admin = { actorId: 'ad000000-0000-4000-8000-00000000a001', actorName: 'Amina Odhiambo' };
    const steps: OrderStatus[] = ['processing', 'out_for_delivery', 'delivered'];
    const reached = s.status === 'cancelled' ? 0 : steps.indexOf(s.status) + 1;
    let at = (order.paidAt ?? createdAt) + 20 * MINUTE;
    let from: OrderStatus = 'new';
    for (const to of steps.slice(0, reached)) {
      order.adminEvents!.push({
        kind: 'status_changed',
        at,
        ...admin,
        summary: statusChangedSummary(from, to),
      });
      from = to;
      at += 40 * MINUTE;
    }
    if (s.status === 'cancelled') {
      order.adminEvents!.push({
        kind: 'cancelled',
        at,
        ...admin,
        summary: cancelledSummary('new', true, true),
      });
      order.refund = { status: 'due', reference: null, amount: null, refundedAt: null };
      if (s.refund === 'refunded') {
        at += HOUR;
        order.refund = {
          status: 'refunded',
          reference: `RVS${String(number).padStart(7, '0')}`,
          amount: total,
          refundedAt: at,
        };
        order.adminEvents!.push({
          kind: 'refunded',
          at,
          ...admin,
          summary: refundedSummary(total, order.refund.reference!),
        });
      }
    }
    return order;
  });
}
