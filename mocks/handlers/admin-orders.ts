import { http, HttpResponse } from 'msw';
import {
  AdminOrder,
  AdminOrderList,
  AdminOrderListQuery,
  AdminOrderPatch,
  RefundBody,
  type AdminOrderSummary,
  type OrderCustomer,
  type TimelineEntry,
  type TimelineKind,
} from '../../contract/admin-orders';
import { OrderIdParams } from '../../contract/checkout';
import { envelope } from '../../contract/common';
import {
  canCancel,
  nextStatus,
  ORDER_STATUS_LABELS,
  orderLabel,
  PAYMENT_STATUS_LABELS,
  transitionRefusal,
} from '../../contract/fulfilment';
import { simulatorScenario, SIMULATOR_DESC } from '../../contract/mpesa-simulator';
import { formatKenyanPhone, normaliseKenyanPhone } from '../../contract/phone';
import { adminOf, recordActivity } from '../admin';
import { authDb, type MockUser } from '../auth-db';
import {
  commerceDb,
  release,
  saveCommerceDb,
  settleDuePayments,
  type MockAttempt,
  type MockOrder,
  type MockOrderEvent,
} from '../commerce-db';
import { errorResponse, invalid, jsonBody, queryObject } from '../http';
import { SAMPLE_CUSTOMERS } from '../sample-orders';
import { toOrder } from './orders';

/*
 * The back office's orders (server/modules/orders-admin, issue 11): the filtered list (JSON or CSV),
 * one order with its payment attempts and timeline, fulfilment moves and cancels under the rules of
 * contract/fulfilment.ts, settling a `needs_review` payment by hand or by asking M-Pesa again (the
 * simulator's outcome for the prompt's phone), and recording a refund. Admins only.
 */

const NAIROBI_OFFSET = '+03:00';
const DAY = 86_400_000;

/** Test knob: M-Pesa's STK query unreachable (the server answers 503). */
export const adminOrderSettings = { mpesaUnreachable: false };

const noStore = { 'Cache-Control': 'no-store' };
const OrderBody = envelope(AdminOrder);
const iso = (ms: number) => new Date(ms).toISOString();
const notFound = () => errorResponse(404, 'not_found', 'Order was not found.');
const conflict = (message: string) => errorResponse(409, 'illegal_transition', message);
const label = (n: number) => orderLabel(n);
const statusWord = (s: MockOrder['status']) => ORDER_STATUS_LABELS[s].toLowerCase();
const ksh = (n: number) => `KSH ${n.toLocaleString('en-KE')}`;

/** The shopper an order belongs to: an account, else a sample shopper, else what is left of one. */
function customerOf(order: MockOrder): OrderCustomer {
  const user = authDb.users.find((u) => u.id === order.userId);
  if (user) {
    return {
      userId: user.id,
      name: user.name || user.email,
      email: user.email,
      phone: user.phone ? formatKenyanPhone(normaliseKenyanPhone(user.phone) ?? user.phone) : null,
    };
  }
  return (
    SAMPLE_CUSTOMERS.find((c) => c.userId === order.userId) ?? {
      userId: order.userId,
      name: 'Former shopper',
      email: '',
      phone: null,
    }
  );
}

/** Settles whatever payments are due, for every shopper (the callbacks and reconciler). */
function settleAll() {
  for (const userId of new Set(commerceDb.orders.map((o) => o.userId))) settleDuePayments(userId);
}

// A prompt that never left Sokoni has no Daraja ids.
const sentToDaraja = (a: MockAttempt) => a.issue !== 'invalid_phone' && a.issue !== 'mpesa_unavailable';
const darajaId = (prefix: string, a: MockAttempt) =>
  sentToDaraja(a) ? `${prefix}${a.attemptId.replace(/-/g, '').slice(0, 18)}` : null;

const OUTCOME_KIND: Partial<Record<MockAttempt['status'], TimelineKind>> = {
  paid: 'payment_paid',
  failed: 'payment_failed',
  expired: 'payment_expired',
  needs_review: 'payment_needs_review',
};

/** Placed, each prompt and its answer, then every admin move, oldest first. */
function timeline(order: MockOrder, customer: OrderCustomer): TimelineEntry[] {
  const entries: (TimelineEntry & { ms: number })[] = [
    {
      kind: 'placed',
      ms: order.createdAt,
      at: iso(order.createdAt),
      actorName: customer.name,
      actorId: customer.userId,
      summary: `Placed order ${label(order.number)} for ${ksh(order.total)}.`,
    },
  ];
  for (const a of [...order.attempts].reverse()) {
    entries.push({
      kind: 'prompt_sent',
      ms: a.createdAt,
      at: iso(a.createdAt),
      actorName: 'Sokoni',
      actorId: null,
      summary: `Sent an M-Pesa prompt for ${ksh(a.amount)} to ${formatKenyanPhone(a.phone)}.`,
    });
    const kind = OUTCOME_KIND[a.status];
    if (kind && a.completedAt !== null) {
      const said = a.resultDesc
        ? ` M-Pesa said: ${a.resultDesc}${a.resultCode === null ? '' : ` (${a.resultCode})`}.`
        : '';
      const summary =
        a.status === 'paid'
          ? `Paid, receipt ${a.receipt ?? 'not given'}.`
          : a.status === 'needs_review'
            ? `The payment needs a look (${(a.issue ?? 'unknown').replace(/_/g, ' ')}).${said}`
            : `The payment ${a.status === 'expired' ? 'expired' : 'failed'}.${said}`;
      entries.push({
        kind,
        ms: a.completedAt,
        at: iso(a.completedAt),
        actorName: 'M-Pesa',
        actorId: null,
        summary,
      });
    }
  }
  for (const e of order.adminEvents ?? []) {
    entries.push({
      kind: e.kind,
      ms: e.at,
      at: iso(e.at),
      actorName: e.actorName,
      actorId: e.actorId,
      summary: e.summary,
    });
  }
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.ms - b.e.ms || a.i - b.i)
    .map(({ e: { ms: _ms, ...entry } }) => entry);
}

/** `GET /v1/admin/orders/{orderId}`. */
export function adminOrderView(order: MockOrder): AdminOrder {
  const customer = customerOf(order);
  const view = toOrder(order);
  const refund = order.refund ?? null;
  return {
    ...view,
    customer,
    payments: view.payments.map((p, i) => ({
      ...p,
      merchantRequestId: darajaId('mr_', order.attempts[i]!),
      checkoutRequestId: darajaId('ws_CO_', order.attempts[i]!),
    })),
    refund: refund && {
      status: refund.status,
      reference: refund.reference,
      amount: refund.amount,
      refundedAt: refund.refundedAt === null ? null : iso(refund.refundedAt),
    },
    timeline: timeline(order, customer),
    nextStatus:
      order.status !== 'cancelled' && order.paymentStatus === 'paid' ? nextStatus(order.status) : null,
    canCancel: canCancel(order.status),
  };
}

function summaryOf(order: MockOrder): AdminOrderSummary {
  return {
    orderId: order.orderId,
    number: order.number,
    customer: customerOf(order),
    phone: formatKenyanPhone(order.phone),
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentIssue: order.paymentIssue,
    refundStatus: order.refund?.status ?? null,
    total: order.total,
    itemCount: order.items.reduce((n, i) => n + i.quantity, 0),
    deliveryAreaName: order.delivery.areaName,
    createdAt: iso(order.createdAt),
    paidAt: order.paidAt === null ? null : iso(order.paidAt),
  };
}

/** Whether `q` finds the order: its number (`1042`, `SKN1042`), the shopper's email, or a phone. */
function matches(order: MockOrder, q: string): boolean {
  const text = q.trim().toLowerCase();
  if (!text) return true;
  const number = /^(?:skn)?\s*(\d+)$/.exec(text);
  if (number && order.number === Number(number[1])) return true;
  if (customerOf(order).email.toLowerCase().includes(text)) return true;
  const phone = normaliseKenyanPhone(q);
  if (phone) return order.phone === phone || order.attempts.some((a) => a.phone === phone);
  const digits = text.replace(/[\s-]/g, '');
  return /^\+?\d{4,}$/.test(digits) && order.phone.includes(digits.replace(/^\+?(?:254|0)/, ''));
}

const nairobiStart = (day: string) => Date.parse(`${day}T00:00:00${NAIROBI_OFFSET}`);

const csvCell = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The list as a spreadsheet: one row per order, Nairobi times. */
function toCsv(orders: MockOrder[]): string {
  const nairobi = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Nairobi',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
  const when = (ms: number | null) => (ms === null ? '' : nairobi.format(new Date(ms)).replace(',', ''));
  const header = [
    'Order',
    'Placed (Nairobi)',
    'Shopper',
    'Email',
    'Phone',
    'Area',
    'Items',
    'Total (KSH)',
    'Payment',
    'Fulfilment',
    'Refund',
    'Paid (Nairobi)',
  ];
  const rows = orders.map((o) => {
    const c = customerOf(o);
    return [
      label(o.number),
      when(o.createdAt),
      c.name,
      c.email,
      formatKenyanPhone(o.phone),
      o.delivery.areaName,
      o.items.reduce((n, i) => n + i.quantity, 0),
      o.total,
      PAYMENT_STATUS_LABELS[o.paymentStatus],
      ORDER_STATUS_LABELS[o.status],
      o.refund ? (o.refund.status === 'due' ? 'Due' : 'Refunded') : '',
      when(o.paidAt),
    ];
  });
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** An admin's move, on the timeline and in the activity log. */
function record(
  order: MockOrder,
  admin: MockUser,
  kind: MockOrderEvent['kind'],
  summary: string,
  at = Date.now(),
) {
  (order.adminEvents ??= []).push({
    kind,
    at,
    actorId: admin.id,
    actorName: admin.name || admin.email,
    summary,
  });
  if (kind !== 'refund_due')
    recordActivity(admin, 'order', order.orderId, kind, `${label(order.number)}: ${summary}`);
}

/** Every receipt already on an order other than `except`: M-Pesa's and the ones admins typed. */
function receiptOwner(receipt: string, except: MockOrder): MockOrder | undefined {
  return commerceDb.orders.find(
    (o) => o !== except && (o.manualReceipt === receipt || o.attempts.some((a) => a.receipt === receipt)),
  );
}

function cancel(order: MockOrder, admin: MockUser) {
  const wasPaid = order.paymentStatus === 'paid';
  const from = order.status;
  order.status = 'cancelled';
  release(order);
  const now = Date.now();
  record(
    order,
    admin,
    'cancelled',
    `Cancelled the order (it was ${statusWord(from)}); the items went back to stock.`,
    now,
  );
  if (wasPaid) {
    order.refund = { status: 'due', reference: null, amount: null, refundedAt: null };
    record(order, admin, 'refund_due', `A refund of ${ksh(order.total)} is due to the shopper.`, now);
  }
}

function markPaid(order: MockOrder, admin: MockUser, receipt: string): Response | null {
  if (order.paymentStatus !== 'needs_review' || order.status === 'cancelled') {
    const why =
      order.status === 'cancelled'
        ? `Order ${label(order.number)} is cancelled.`
        : `Order ${label(order.number)}'s payment is ${PAYMENT_STATUS_LABELS[order.paymentStatus].toLowerCase()}, not under review.`;
    return conflict(`${why} Only a payment under review can be marked as paid.`);
  }
  const owner = receiptOwner(receipt, order);
  if (owner) {
    const message = `M-Pesa receipt ${receipt} is already recorded on order ${label(owner.number)}.`;
    return errorResponse(409, 'duplicate_receipt', message, [{ path: 'receipt', message }]);
  }
  const now = Date.now();
  Object.assign(order, { paymentStatus: 'paid', paymentIssue: null, paidAt: now, manualReceipt: receipt });
  record(order, admin, 'marked_paid', `Marked as paid with M-Pesa receipt ${receipt}.`, now);
  return null;
}

export const adminOrderHandlers = [
  http.get('*/api/v1/admin/orders', ({ request }) => {
    const who = adminOf(request);
    if ('error' in who) return who.error;
    const query = AdminOrderListQuery.safeParse(queryObject(new URL(request.url)));
    if (!query.success) return invalid('query', query.error);
    settleAll();
    const { paymentStatus, status, q, from, to, limit, offset } = query.data;
    const start = from ? nairobiStart(from) : -Infinity;
    const end = to ? nairobiStart(to) + DAY : Infinity;
    const found = commerceDb.orders
      .filter(
        (o) =>
          (!paymentStatus || o.paymentStatus === paymentStatus) &&
          (!status || o.status === status) &&
          o.createdAt >= start &&
          o.createdAt < end &&
          (!q || matches(o, q)),
      )
      .sort((a, b) => b.createdAt - a.createdAt || b.number - a.number);
    if ((request.headers.get('Accept') ?? '').includes('text/csv')) {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
      return new HttpResponse(toCsv(found), {
        headers: {
          ...noStore,
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="sokoni-orders-${day}.csv"`,
        },
      });
    }
    const body = AdminOrderList.parse({
      data: found.slice(offset, offset + limit).map(summaryOf),
      meta: { total: found.length, limit, offset },
    });
    return HttpResponse.json(body, { headers: noStore });
  }),

  http.get('*/api/v1/admin/orders/:orderId', ({ request, params }) => {
    const who = adminOf(request);
    if ('error' in who) return who.error;
    const parsed = OrderIdParams.safeParse(params);
    if (!parsed.success) return invalid('param', parsed.error);
    settleAll();
    const order = commerceDb.orders.find((o) => o.orderId === parsed.data.orderId);
    if (!order) return notFound();
    return HttpResponse.json(OrderBody.parse({ data: adminOrderView(order) }), { headers: noStore });
  }),

  http.patch('*/api/v1/admin/orders/:orderId', async ({ request, params }) => {
    const who = adminOf(request);
    if ('error' in who) return who.error;
    const parsed = OrderIdParams.safeParse(params);
    if (!parsed.success) return invalid('param', parsed.error);
    const body = AdminOrderPatch.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    settleAll();
    const order = commerceDb.orders.find((o) => o.orderId === parsed.data.orderId);
    if (!order) return notFound();
    if ('status' in body.data) {
      const to = body.data.status;
      const refusal = transitionRefusal(order, to);
      if (refusal) return conflict(refusal.message);
      if (to === 'cancelled') cancel(order, who.admin);
      else {
        const from = order.status;
        order.status = to;
        record(order, who.admin, 'status_changed', `Moved from ${statusWord(from)} to ${statusWord(to)}.`);
      }
    } else {
      const problem = markPaid(order, who.admin, body.data.receipt);
      if (problem) return problem;
    }
    saveCommerceDb();
    return HttpResponse.json(OrderBody.parse({ data: adminOrderView(order) }), { headers: noStore });
  }),

  http.post('*/api/v1/admin/orders/:orderId/refund', async ({ request, params }) => {
    const who = adminOf(request);
    if ('error' in who) return who.error;
    const parsed = OrderIdParams.safeParse(params);
    if (!parsed.success) return invalid('param', parsed.error);
    const body = RefundBody.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    const order = commerceDb.orders.find((o) => o.orderId === parsed.data.orderId);
    if (!order) return notFound();
    if (order.refund?.status !== 'due') {
      return conflict(
        order.refund?.status === 'refunded'
          ? `Order ${label(order.number)} was already refunded (${order.refund.reference}).`
          : `Order ${label(order.number)} has no refund due: only a paid order that was cancelled is refunded.`,
      );
    }
    const { reference, amount } = body.data;
    if (amount > order.total) {
      const message = `must be at most the order's total, ${ksh(order.total)}`;
      return errorResponse(400, 'validation_failed', `Invalid request body: amount ${message}.`, [
        { path: 'amount', message },
      ]);
    }
    const now = Date.now();
    order.refund = { status: 'refunded', reference, amount, refundedAt: now };
    record(order, who.admin, 'refunded', `Recorded the M-Pesa reversal ${reference} of ${ksh(amount)}.`, now);
    saveCommerceDb();
    return HttpResponse.json(OrderBody.parse({ data: adminOrderView(order) }), { headers: noStore });
  }),

  http.post('*/api/v1/admin/orders/:orderId/payment-check', ({ request, params }) => {
    const who = adminOf(request);
    if ('error' in who) return who.error;
    const parsed = OrderIdParams.safeParse(params);
    if (!parsed.success) return invalid('param', parsed.error);
    settleAll();
    const order = commerceDb.orders.find((o) => o.orderId === parsed.data.orderId);
    if (!order) return notFound();
    const attempt = order.attempts.find((a) => sentToDaraja(a));
    if (order.paymentStatus !== 'needs_review' && order.paymentStatus !== 'pending') {
      return conflict(
        `Order ${label(order.number)}'s payment is ${PAYMENT_STATUS_LABELS[order.paymentStatus].toLowerCase()}: there is nothing to ask M-Pesa about.`,
      );
    }
    if (!attempt) return conflict(`Order ${label(order.number)} has no M-Pesa prompt to ask about.`);
    if (adminOrderSettings.mpesaUnreachable) {
      return errorResponse(
        503,
        'mpesa_unavailable',
        'M-Pesa is not answering right now. Try again in a moment.',
      );
    }
    const scenario = simulatorScenario(attempt.phone);
    const now = Date.now();
    if (scenario.kind === 'paid' && !scenario.wrongAmount) {
      const receipt =
        attempt.receipt ?? `SIM${attempt.attemptId.replace(/-/g, '').slice(0, 7).toUpperCase()}`;
      Object.assign(attempt, {
        status: 'paid',
        issue: null,
        resultCode: 0,
        resultDesc: SIMULATOR_DESC.paid,
        receipt,
        completedAt: attempt.completedAt ?? now,
      });
      Object.assign(order, { paymentStatus: 'paid', paymentIssue: null, paidAt: now });
      record(order, who.admin, 'payment_checked', `Asked M-Pesa again: paid, receipt ${receipt}.`, now);
    } else {
      const answer =
        scenario.kind === 'paid'
          ? `M-Pesa confirms a payment of ${ksh(attempt.amount - 1)}, not ${ksh(attempt.amount)}`
          : scenario.kind === 'manual'
            ? 'the prompt is still open on the phone'
            : `${scenario.desc} (${scenario.code}); not paid`;
      record(order, who.admin, 'payment_checked', `Asked M-Pesa again: ${answer}.`, now);
    }
    saveCommerceDb();
    return HttpResponse.json(OrderBody.parse({ data: adminOrderView(order) }), { headers: noStore });
  }),
];
