import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { orderLabel } from '../../../contract/fulfilment';
import type { OrderNoticeEvent } from '../../../contract/sms';
import { formatKenyanPhone } from '../../../contract/phone';
import { formatWholeKsh, LOCALES, type Language } from '../../../contract/languages';
import type { Db } from '../../db/client';
import { translator } from '../i18n';
import { orderItems, orders, paymentAttempts, users } from '../../db/schema';
import { enqueueMail, type MailMessage } from './outbox';
import { escapeHtml } from './templates';

// The mail a shopper gets about an order, queued through the outbox in the transaction of the
// change it reports, so a change that rolls back sends nothing. Call `wakeMailWorker()` after commit.

export type OrderMailEvent = OrderNoticeEvent;

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

/** What a notice needs of its shopper, as columns of `users`. */
export const shopperMailColumns = {
  email: users.email,
  name: users.name,
  language: users.language,
  smsUpdates: users.smsUpdates,
};

/** What a notice needs of the order row itself, as columns of `orders` (a RETURNING list too). */
export const orderMailColumns = {
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
};

/** The order, its lines, its receipt and its rider in one statement: it runs in the change's transaction. */
export async function loadOrderMail(db: Db, orderId: string): Promise<OrderMailData | null> {
  const rider = alias(users, 'rider');
  const [order] = await db
    .select({
      ...shopperMailColumns,
      ...orderMailColumns,
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

/** The message for an event in the shopper's language: subject, a plain-text part and the same words as HTML (escaped). */
export function orderEmail(o: OrderMailData, event: OrderMailEvent): MailMessage {
  const t = translator(o.language, 'mail');
  const ksh = (n: number) => formatWholeKsh(n, o.language);
  const label = orderLabel(o.number);
  const where = [o.address, o.areaName].filter(Boolean).join(', ');
  const phone = formatKenyanPhone(o.phone);
  const total = ksh(o.total);
  const { subject, paragraphs } = ((): { subject: string; paragraphs: string[] } => {
    switch (event) {
      case 'received':
        return {
          subject: t('received.subject', { label }),
          paragraphs: [t('received.p1', { label, total }), t('received.p2', { phone })],
        };
      case 'paid':
        return {
          subject: t('paid.subject', { label }),
          paragraphs: [
            t('paid.p1', { label, total }) + (o.receipt ? t('paid.receipt', { receipt: o.receipt }) : ''),
            t('paid.p2', { where }),
          ],
        };
      case 'out_for_delivery':
        return {
          subject: t('out_for_delivery.subject', { label }),
          paragraphs: [
            t('out_for_delivery.p1', { label, where }),
            ...(o.rider
              ? [
                  o.rider.phone
                    ? t('out_for_delivery.riderPhone', {
                        rider: o.rider.name,
                        phone: formatKenyanPhone(o.rider.phone),
                      })
                    : t('out_for_delivery.rider', { rider: o.rider.name }),
                ]
              : []),
            t('out_for_delivery.p3', { phone }),
          ],
        };
      case 'delivered':
        return {
          subject: t('delivered.subject', { label }),
          paragraphs: [t('delivered.p1', { label, where }), t('delivered.p2')],
        };
      case 'cancelled':
        return {
          subject: t('cancelled.subject', { label }),
          paragraphs: [
            t('cancelled.p1', { label }),
            o.refundStatus === 'due' ? t('cancelled.refundDue', { phone }) : t('cancelled.notCharged'),
          ],
        };
      case 'refunded':
        return {
          subject: t('refunded.subject', { label }),
          paragraphs: [
            t('refunded.p1', { label, phone, amount: ksh(o.refundAmount ?? o.total) }) +
              (o.refundReference ? t('refunded.reference', { reference: o.refundReference }) : ''),
            t('refunded.p2'),
          ],
        };
    }
  })();
  const lines = o.lines.map((l) =>
    t('line', { quantity: l.quantity, name: l.name, variant: l.variantName, amount: ksh(l.totalPrice) }),
  );
  // The figures add up to the total: an order code's saving is a line of its own; a line or delivery
  // code's is already in the prices or the fee, so it is said after the total.
  const code = o.promoCode;
  const totals = [
    t('items', { amount: ksh(o.subtotal) }),
    ...(code && o.orderSaving > 0 ? [t('promoLine', { code, amount: ksh(o.orderSaving) })] : []),
    t('delivery', { amount: ksh(o.shippingRate) }),
    t('total', { amount: total }),
    ...(code && o.orderSaving === 0 && o.promoSaving > 0
      ? [t('promoSaved', { code, amount: ksh(o.promoSaving) })]
      : []),
  ];
  const hello = o.name ? t('hello', { name: o.name }) : t('helloNoName');
  const text = [
    hello,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    t('orderLines', { label }),
    ...lines.map((l) => `  ${l}`),
    '',
    ...totals,
    '',
    t('signature'),
  ].join('\n');
  const html = `<!doctype html>
<html lang="${LOCALES[o.language]}"><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:auto">
<h1 style="font-size:20px;color:#ED1E79">Sokoni</h1>
<p>${escapeHtml(hello)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<h2 style="font-size:16px">${escapeHtml(t('orderHeading', { label }))}</h2>
<ul>
${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('\n')}
</ul>
<p>${totals.map(escapeHtml).join('<br>')}</p>
<p>${escapeHtml(t('signature'))}</p>
</body></html>`;
  return { to: o.email, subject, text, html };
}
