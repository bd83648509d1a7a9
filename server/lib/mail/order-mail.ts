import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { orderLabel } from '../../../contract/fulfilment';
import type { Language } from '../../../contract/languages';
import type { OrderNoticeEvent } from '../../../contract/sms';
import { formatKenyanPhone } from '../../../contract/phone';
import type { Db } from '../../db/client';
import { orderItems, orders, paymentAttempts, users } from '../../db/schema';
import { enqueueMail, type MailMessage } from './outbox';
import { escapeHtml } from './templates';

// The mail a shopper gets about an order, queued through the outbox in the transaction of the
// change it reports, so a change that rolls back sends nothing. Call `wakeMailWorker()` after commit.

export type OrderMailEvent = OrderNoticeEvent;

const ksh = (n: number) => `KSH ${n.toLocaleString('en-KE')}`;

/**
 * What an order's notices are made of: the order as stored, its lines and the receipt of the money,
 * and what its shopper asked for (their language, SMS or not).
 */
export interface OrderMailData {
  email: string;
  name: string;
  language: Language;
  smsUpdates: boolean;
  number: number;
  subtotal: number;
  shippingRate: number;
  /** What an order-wide code took off the subtotal. */
  orderSaving: number;
  total: number;
  promoCode: string | null;
  /** What the code saved in all; a line or delivery code's is already in those figures. */
  promoSaving: number;
  phone: string;
  address: string;
  areaName: string | null;
  refundStatus: 'due' | 'refunded' | null;
  refundAmount: number | null;
  refundReference: string | null;
  /** The M-Pesa receipt of the payment, when one is on record. */
  receipt: string | null;
  /** The rider the order went out with, when it has one. */
  rider: { name: string; phone: string | null } | null;
  lines: { name: string; variantName: string; quantity: number; totalPrice: number }[];
}

/**
 * Queues the mail for `event` to the order's shopper; answers the outbox id (null: no such order, or
 * a shopper whose data was erased: nobody is there to write to).
 */
export async function queueOrderMail(db: Db, orderId: string, event: OrderMailEvent): Promise<string | null> {
  const data = await loadOrderMail(db, orderId);
  return data ? enqueueMail(db, orderEmail(data, event)) : null;
}

/** The order, its lines, its receipt and its rider in one statement: it runs in the change's transaction. */
export async function loadOrderMail(db: Db, orderId: string): Promise<OrderMailData | null> {
  const rider = alias(users, 'rider');
  const [order] = await db
    .select({
      email: users.email,
      name: users.name,
      language: users.language,
      smsUpdates: users.smsUpdates,
      number: orders.number,
      subtotal: orders.subtotal,
      shippingRate: orders.shippingRate,
      orderSaving: orders.orderSaving,
      total: orders.total,
      promoCode: orders.promoCode,
      promoSaving: orders.promoSaving,
      phone: orders.phone,
      address: orders.address,
      areaName: orders.deliveryAreaName,
      refundStatus: orders.refundStatus,
      refundAmount: orders.refundAmount,
      refundReference: orders.refundReference,
      riderName: rider.name,
      riderPhone: rider.phone,
      lines: sql<OrderMailData['lines']>`coalesce((
        select json_agg(json_build_object('name', i.name, 'variantName', i.variant_name,
          'quantity', i.quantity, 'totalPrice', i.total_price) order by i.position)
        from ${orderItems} i where i.order_id = ${orders.id}), '[]')`,
      receipt: sql<string | null>`(
        select a.receipt from ${paymentAttempts} a
        where a.order_id = ${orders.id} and a.receipt is not null and a.status in ('paid', 'needs_review')
        order by a.completed_at desc nulls first, a.created_at desc limit 1)`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(rider, eq(rider.id, orders.riderId))
    .where(and(eq(orders.id, orderId), isNull(users.erasedAt)));
  if (!order) return null;
  const { riderName, riderPhone, ...rest } = order;
  return { ...rest, rider: riderName === null ? null : { name: riderName, phone: riderPhone } };
}

/** The message for an event: subject, a plain-text part and the same words as HTML (escaped). */
export function orderEmail(o: OrderMailData, event: OrderMailEvent): MailMessage {
  const label = orderLabel(o.number);
  const where = [o.address, o.areaName].filter(Boolean).join(', ');
  const phone = formatKenyanPhone(o.phone);
  const { subject, paragraphs } = ((): { subject: string; paragraphs: string[] } => {
    switch (event) {
      case 'received':
        return {
          subject: `We have your order ${label}`,
          paragraphs: [
            `Thank you for shopping with Sokoni. We have your order ${label} for ${ksh(o.total)}.`,
            `Please complete the M-Pesa prompt on ${phone}. We start packing as soon as the payment arrives.`,
          ],
        };
      case 'paid':
        return {
          subject: `Payment received for order ${label}`,
          paragraphs: [
            `We have received your M-Pesa payment of ${ksh(o.total)} for order ${label}.` +
              (o.receipt ? ` Your M-Pesa receipt is ${o.receipt}.` : ''),
            `We are packing your order now and will deliver it to ${where}.`,
          ],
        };
      case 'out_for_delivery':
        return {
          subject: `Order ${label} is on its way`,
          paragraphs: [
            `Your order ${label} has left the shop and is on its way to ${where}.`,
            ...(o.rider
              ? [
                  `${o.rider.name} is bringing it` +
                    (o.rider.phone ? `; you can call them on ${formatKenyanPhone(o.rider.phone)}.` : '.'),
                ]
              : []),
            `Please keep ${phone} nearby: the rider may call when they arrive.`,
          ],
        };
      case 'delivered':
        return {
          subject: `Order ${label} has been delivered`,
          paragraphs: [
            `Your order ${label} has been delivered to ${where}. Thank you for shopping with Sokoni.`,
            'If anything is missing or not right, reply to this email and we will sort it out.',
          ],
        };
      case 'cancelled':
        return {
          subject: `Order ${label} has been cancelled`,
          paragraphs: [
            `We are sorry: your order ${label} has been cancelled.`,
            o.refundStatus === 'due'
              ? `You paid for it, so we will send your money back to your M-Pesa (${phone}) and email you when we have.`
              : 'You have not been charged for it.',
          ],
        };
      case 'refunded':
        return {
          subject: `Refund for order ${label}`,
          paragraphs: [
            `We have sent ${ksh(o.refundAmount ?? o.total)} back to your M-Pesa (${phone}) for order ${label}.` +
              (o.refundReference ? ` The M-Pesa reference of the refund is ${o.refundReference}.` : ''),
            'It should show in your M-Pesa messages shortly.',
          ],
        };
    }
  })();
  const lines = o.lines.map((l) => `${l.quantity} × ${l.name} (${l.variantName}): ${ksh(l.totalPrice)}`);
  // The figures add up to the total: an order code's saving is a line of its own; a line or delivery
  // code's is already in the prices or the fee, so it is said after the total.
  const totals = [
    `Items: ${ksh(o.subtotal)}`,
    ...(o.promoCode && o.orderSaving > 0 ? [`Promo code ${o.promoCode}: −${ksh(o.orderSaving)}`] : []),
    `Delivery: ${ksh(o.shippingRate)}`,
    `Total: ${ksh(o.total)}`,
    ...(o.promoCode && o.orderSaving === 0 && o.promoSaving > 0
      ? [`Promo code ${o.promoCode} saved you ${ksh(o.promoSaving)}.`]
      : []),
  ];
  const hello = o.name ? `Hello ${o.name},` : 'Hello,';
  const text = [
    hello,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `Order ${label}:`,
    ...lines.map((l) => `  ${l}`),
    '',
    ...totals,
    '',
    'Sokoni',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto">
<h1 style="font-size:20px;color:#ED1E79">Sokoni</h1>
<p>${escapeHtml(hello)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<h2 style="font-size:16px">Order ${escapeHtml(label)}</h2>
<ul>
${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('\n')}
</ul>
<p>${totals.map(escapeHtml).join('<br>')}</p>
<p>Sokoni</p>
</body></html>`;
  return { to: o.email, subject, text, html };
}
