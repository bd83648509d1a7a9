import { http, HttpResponse } from 'msw';
import {
  AdminOrder,
  AdminOrderList,
  AdminOrderListQuery,
  AdminOrderPatch,
  RefundBody,
  type AdminOrderSummary,
  type OrderCustomer,
} from '../../contract/admin-orders';
import { OrderIdParams } from '../../contract/checkout';
import { envelope } from '../../contract/common';
import {
  allowedNextStatus,
  markPaidRefusal,
  mayCancel,
  orderLabel,
  PAYMENT_STATUS_LABELS,
  refundRefusal,
  riderChangeRefusal,
  transitionRefusal,
} from '../../contract/fulfilment';
import { countRows, type Issue } from '../../contract/common';
import { NOT_A_RIDER, Rider } from '../../contract/deliveries';
import { simulatorScenario, SIMULATOR_DESC } from '../../contract/mpesa-simulator';
import { csvHeaderLine, csvRow } from '../../contract/order-csv';
import {
  amountPaid,
  cancelledSummary,
  markedPaidSummary,
  orderTimeline,
  paymentCheckedSummary,
  refundedSummary,
  riderAssignedSummary,
  statusChangedSummary,
  type TimelineAttempt,
} from '../../contract/order-timeline';
import { paymentOutcome } from '../../contract/payments';
import { formatKenyanPhone, normaliseKenyanPhone, phoneSearchKey } from '../../contract/phone';
import { DEFAULT_LANGUAGE } from '../../contract/languages';
import { orderSmsText } from '../../contract/order-sms';
import type { OrderNoticeEvent } from '../../contract/sms';
import { ORDER_HINT } from '../../contract/stock';
import { adminOf, lacking, recordActivity } from '../admin';
import { authDb, type MockUser } from '../auth-db';
import {
  commerceDb,
  release,
  reserve,
  retakePromoUse,
  saveCommerceDb,
  settleDuePayments,
  unreserve,
  type MockAttempt,
  type MockOrder,
  type MockOrderEvent,
} from '../commerce-db';
import { errorResponse, invalid, invalidIssues, jsonBody, queryObject, refused } from '../http';
import { SAMPLE_CUSTOMERS } from '../sample-orders';
import { toOrder } from './orders';
import { recordOrderStock } from '../stock-history';

/*
 * The back office's orders (server/modules/orders-admin, issue 11), answering as the server does:
 * the filtered list (JSON or CSV), one order with its payment attempts and timeline, fulfilment moves
 * and cancels, settling a payment by hand with its receipt, asking M-Pesa again (the simulator's
 * answer for the prompt's phone, applied as the server's settlement applies an STK query), and
 * recording a refund. The rules, the timeline, the activity lines and the CSV rows are the shared
 * ones of contract/fulfilment.ts, contract/order-timeline.ts and contract/order-csv.ts. Admins only.
 */

const NAIROBI_OFFSET = '+03:00';
const DAY = 86_400_000;

/** Test knobs: M-Pesa's STK query unreachable (the server answers 503) or answering with an error (502). */
export const adminOrderSettings = { mpesaUnreachable: false, mpesaFailing: false };

const noStore = { 'Cache-Control': 'no-store' };
const OrderBody = envelope(AdminOrder);
const iso = (ms: number) => new Date(ms).toISOString();
const date = (ms: number | null) => (ms === null ? null : new Date(ms));
const notFound = () => errorResponse(404, 'not_found', 'Order was not found.');
const label = (n: number) => orderLabel(n);
const itemCount = (order: MockOrder) => order.items.reduce((n, i) => n + i.quantity, 0);

/** The shopper an order belongs to: an account, else a sample shopper, else what is left of one. */
function customerOf(order: MockOrder): OrderCustomer {
  const user = authDb.users.find((u) => u.id === order.userId);
  if (user) {
    return {
      userId: user.id,
      name: user.name,
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

// A prompt that never left Sokoni, and a payment an admin recorded by hand, have no Daraja ids.
const sentToDaraja = (a: MockAttempt) =>
  !a.recordedByHand && a.issue !== 'invalid_phone' && a.issue !== 'mpesa_unavailable';
const darajaId = (prefix: string, a: MockAttempt) =>
  sentToDaraja(a) ? `${prefix}${a.attemptId.replace(/-/g, '').slice(0, 18)}` : null;

const refundStatusOf = (order: MockOrder) => order.refund?.status ?? null;

/** The attempts as the shared timeline and refund rules read them. */
const timelineAttempts = (order: MockOrder): TimelineAttempt[] =>
  order.attempts.map((a) => ({
    ...a,
    checkoutRequestId: darajaId('ws_CO_', a),
    paidAmount: a.paidAmount ?? null,
    createdAt: new Date(a.createdAt),
    completedAt: date(a.completedAt),
  }));

/**
 * What the shopper was told of about the order, and when: read from what happened to it (no outbox
 * here); nothing by SMS when its shopper turned order updates by SMS off.
 */
function smsEventsOf(order: MockOrder): [OrderNoticeEvent, number][] {
  const user = authDb.users.find((u) => u.id === order.userId);
  if (user?.smsUpdates === false) return [];
  const out = order.riderAssignedAt ?? null;
  const events: [OrderNoticeEvent, number | null | undefined][] = [
    ['received', order.createdAt],
    ['paid', order.paidAt],
    ['out_for_delivery', order.status === 'out_for_delivery' || order.status === 'delivered' ? out : null],
    ['delivered', order.status === 'delivered' ? order.deliveredAt : null],
    [
      'cancelled',
      order.status === 'cancelled'
        ? (order.adminEvents?.find((e) => e.kind === 'cancelled')?.at ?? order.createdAt)
        : null,
    ],
    ['refunded', order.refund?.status === 'refunded' ? order.refund.refundedAt : null],
  ];
  return events.filter((e): e is [OrderNoticeEvent, number] => typeof e[1] === 'number');
}

const smsIdOf = (order: MockOrder, event: OrderNoticeEvent) =>
  `${order.orderId.slice(0, 24)}${String(ORDER_EVENT_INDEX[event]).padStart(12, '0')}`;

/** The SMS the server would have sent about the order, each delivered. */
function smsOf(order: MockOrder): AdminOrder['sms'] {
  return smsEventsOf(order).map(([event, at]) => ({
    smsId: smsIdOf(order, event),
    event,
    phone: formatKenyanPhone(order.phone),
    status: 'delivered' as const,
    reason: null,
    attempts: 1,
    queuedAt: iso(at),
    sentAt: iso(at),
    deliveredAt: iso(at),
  }));
}

/** The text of an order's SMS, as the server writes it (contract/order-sms.ts), in its shopper's language. */
function smsTextOf(order: MockOrder, event: OrderNoticeEvent) {
  const language = authDb.users.find((u) => u.id === order.userId)?.language ?? DEFAULT_LANGUAGE;
  const paid = order.attempts.find((a) => a.receipt && (a.status === 'paid' || a.status === 'needs_review'));
  const rider = order.riderId ? authDb.users.find((u) => u.id === order.riderId) : undefined;
  const text = orderSmsText(
    {
      number: order.number,
      total: order.total,
      phone: order.phone,
      refundStatus: order.refund?.status ?? null,
      refundAmount: order.refund?.amount ?? null,
      refundReference: order.refund?.reference ?? null,
      receipt: paid?.receipt ?? null,
      rider: rider ? { name: rider.name, phone: rider.phone } : null,
    },
    event,
    language,
  );
  return { language, text };
}

/** The dev SMS outbox (server/dev/sms-routes.ts): the texts to one phone, or all, newest first. */
function devSms(to: string | null) {
  settleAll();
  const phone = to ? normaliseKenyanPhone(to) : null;
  return commerceDb.orders
    .filter((order) => !phone || normaliseKenyanPhone(order.phone) === phone)
    .flatMap((order) =>
      smsEventsOf(order).map(([event, at]) => ({
        id: smsIdOf(order, event),
        orderId: order.orderId,
        event,
        to: normaliseKenyanPhone(order.phone) ?? order.phone,
        ...smsTextOf(order, event),
        status: 'delivered' as const,
        reason: null,
        attempts: 1,
        gatewayMessageId: null,
        createdAt: iso(at),
        sentAt: iso(at),
        deliveredAt: iso(at),
        at,
      })),
    )
    .sort((a, b) => b.at - a.at || ORDER_EVENT_INDEX[b.event] - ORDER_EVENT_INDEX[a.event])
    .slice(0, 50)
    .map(({ at: _at, ...sms }) => sms);
}
const ORDER_EVENT_INDEX: Record<OrderNoticeEvent, number> = {
  received: 1,
  paid: 2,
  out_for_delivery: 3,
  delivered: 4,
  cancelled: 5,
  refunded: 6,
};

/** `GET /v1/admin/orders/{orderId}`. */
function adminOrderView(order: MockOrder): AdminOrder {
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
    timeline: orderTimeline(
      {
        number: order.number,
        total: order.total,
        itemCount: itemCount(order),
        createdAt: new Date(order.createdAt),
        paidAt: date(order.paidAt),
        refundStatus: refundStatusOf(order),
        customer,
      },
      timelineAttempts(order),
      (order.adminEvents ?? []).map((e) => ({ ...e, action: e.kind, at: new Date(e.at) })),
    ),
    sms: smsOf(order),
    rider: riderView(order.riderId ?? null),
    riderAssignedAt: order.riderAssignedAt ? iso(order.riderAssignedAt) : null,
    nextStatus: allowedNextStatus(order),
    canCancel: mayCancel(order),
  };
}

// ── Riders ────────────────────────────────────────────────────────────────────────────────────────

const RiderList = envelope(countRows(Rider));

const toRider = (u: MockUser): Rider => ({
  userId: u.id,
  name: u.name || u.email,
  phone: u.phone ? formatKenyanPhone(u.phone) : null,
});

/** Who may take an order out: staff with the rider role, not deactivated (the server's listRiders). */
const activeRiders = () =>
  authDb.users
    .filter((u) => u.type === 'admin' && u.role === 'rider' && !u.deactivatedAt)
    .sort(
      (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.email.localeCompare(b.email),
    );

function riderView(riderId: string | null): Rider | null {
  const user = riderId ? authDb.users.find((u) => u.id === riderId) : undefined;
  return user ? toRider(user) : null;
}

const notARider: Issue[] = [{ path: 'riderId', message: NOT_A_RIDER }];

function summaryOf(order: MockOrder): AdminOrderSummary {
  return {
    orderId: order.orderId,
    number: order.number,
    customer: customerOf(order),
    phone: formatKenyanPhone(order.phone),
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentIssue: order.paymentIssue,
    refundStatus: refundStatusOf(order),
    total: order.total,
    itemCount: itemCount(order),
    deliveryAreaName: order.delivery.areaName,
    createdAt: iso(order.createdAt),
    paidAt: order.paidAt === null ? null : iso(order.paidAt),
  };
}

/**
 * Whether `q` finds the order, as the server's search: its number (`1042`, `SKN1042`), part of the
 * shopper's email, or the M-Pesa phone of its latest prompt in any Kenyan form (`712…` too).
 */
function matches(order: MockOrder, q: string): boolean {
  const text = q.trim();
  if (!text) return true;
  if (customerOf(order).email.toLowerCase().includes(text.toLowerCase())) return true;
  const number = /^(?:skn)?\s*(\d{1,9})$/i.exec(text);
  if (number && order.number === Number(number[1])) return true;
  const phone = phoneSearchKey(text);
  return phone !== null && order.phone === phone;
}

const nairobiStart = (day: string) => Date.parse(`${day}T00:00:00${NAIROBI_OFFSET}`);

/** The whole filtered list as the server's CSV (contract/order-csv.ts), CRLF line ends. */
function toCsv(orders: MockOrder[]): string {
  const rows = orders.map((o) => {
    const c = customerOf(o);
    return csvRow({
      ...o,
      name: c.name,
      email: c.email,
      phone: formatKenyanPhone(o.phone),
      refundStatus: refundStatusOf(o),
      itemCount: itemCount(o),
      deliveryAreaName: o.delivery.areaName,
      createdAt: new Date(o.createdAt),
      paidAt: date(o.paidAt),
    });
  });
  return `${[csvHeaderLine(), ...rows].join('\r\n')}\r\n`;
}

/** An admin's move: its activity-log entry, which the timeline reads. */
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
  recordActivity(admin, 'order', order.orderId, kind, summary);
}

/** A fulfilment step or a cancel, once the rules let it through (the server's moveOrder). */
export function move(order: MockOrder, admin: MockUser, to: MockOrder['status'], rider?: MockUser) {
  const from = order.status;
  if (to !== 'cancelled') {
    const now = Date.now();
    order.status = to;
    if (rider) Object.assign(order, { riderId: rider.id, riderAssignedAt: now });
    if (to === 'delivered') order.deliveredAt = now;
    record(order, admin, 'status_changed', statusChangedSummary(from, to), now);
    if (rider) record(order, admin, 'rider_assigned', riderAssignedSummary(rider.name || rider.email), now);
    return;
  }
  // Money arrived (paid, or held for review): the shopper is owed it back.
  const refundDue = order.paymentStatus === 'paid' || order.paymentStatus === 'needs_review';
  order.status = 'cancelled';
  if (refundDue) order.refund = { status: 'due', reference: null, amount: null, refundedAt: null };
  // A cancelled review is closed: it leaves the queue, its issue stays to say why.
  if (order.paymentStatus === 'needs_review') order.paymentStatus = 'failed';
  const returned = order.stockReserved;
  release(order);
  record(order, admin, 'cancelled', cancelledSummary(from, refundDue, returned));
}

/** The order holding an M-Pesa receipt on one of its attempts (M-Pesa's or one recorded by hand). */
const receiptHolder = (receipt: string) =>
  commerceDb.orders.find((o) => o.attempts.some((a) => a.receipt === receipt));

const receiptTaken = (receipt: string, number: number) =>
  errorResponse(
    409,
    'receipt_taken',
    `M-Pesa receipt ${receipt} is already recorded for order ${label(number)}.`,
  );

/**
 * Takes the order's units again after they went back (a late payment), and its promo code's use
 * while one is left; a refusal, or null.
 */
function retake(order: MockOrder) {
  const lines = order.items.map((i) => ({
    variantId: i.variantId,
    quantity: i.quantity,
    name: i.name,
    variantName: i.variantName,
  }));
  const out = reserve(lines, ORDER_HINT);
  if (out) return out;
  const ended = retakePromoUse(order, 'late_payment');
  if (ended) unreserve(lines);
  else recordOrderStock(order, 'sale');
  return ended;
}

/**
 * Settles a payment by hand with its M-Pesa receipt (the server's markPaid): the receipt stays on the
 * attempt M-Pesa reported it with, or goes on a new attempt recorded by hand; the units are taken
 * again if they had gone back.
 */
function markPaid(order: MockOrder, admin: MockUser, receipt: string): Response | null {
  const refusal = markPaidRefusal(order);
  if (refusal) return refused(refusal);
  const held = receiptHolder(receipt);
  if (held && held !== order) return receiptTaken(receipt, held.number);
  if (!order.stockReserved) {
    const out = retake(order);
    if (out) {
      return errorResponse(
        409,
        'out_of_stock',
        `Order ${label(order.number)} cannot be marked paid yet: its items had gone back to stock. ${out.message.replace(ORDER_HINT, '').trim()} Restock it, or cancel the order and refund the shopper.`,
      );
    }
  }
  const now = Date.now();
  if (!held) {
    order.attempts.unshift({
      attemptId: crypto.randomUUID(),
      status: 'paid',
      amount: order.total,
      phone: order.phone,
      issue: null,
      resultCode: null,
      resultDesc: `Recorded by ${admin.name || admin.email}`,
      receipt,
      paidAmount: null,
      recordedByHand: true,
      createdAt: now,
      completedAt: now,
    });
  }
  const was = PAYMENT_STATUS_LABELS[order.paymentStatus].toLowerCase();
  Object.assign(order, { paymentStatus: 'paid', paymentIssue: null, paidAt: now, stockReserved: true });
  record(order, admin, 'marked_paid', markedPaidSummary(receipt, was));
  return null;
}

/** `POST …/refund` once the body is valid (the server's refundOrder). */
function refund(order: MockOrder, admin: MockUser, reference: string, amount: number): Response | null {
  const paid = amountPaid(timelineAttempts(order)) || order.total;
  const refusal = refundRefusal({ number: order.number, refundStatus: refundStatusOf(order) }, amount, paid);
  if (refusal) return refused(refusal);
  const used = commerceDb.orders.find((o) => o.refund?.reference === reference);
  if (used) {
    return errorResponse(
      409,
      'refund_reference_taken',
      `M-Pesa reference ${reference} is already recorded for order ${label(used.number)}.`,
    );
  }
  const payment = receiptHolder(reference);
  if (payment) {
    return errorResponse(
      409,
      'refund_reference_taken',
      `${reference} is the M-Pesa receipt of a payment for order ${label(payment.number)}, not a refund's reference.`,
    );
  }
  order.refund = { status: 'refunded', reference, amount, refundedAt: Date.now() };
  record(order, admin, 'refunded', refundedSummary(amount, reference));
  return null;
}

type QueryAnswer = { pending: true } | { pending: false; resultCode: number; resultDesc: string };

/**
 * What the Daraja simulator answers an STK query about this prompt: still waiting while it is open
 * (and always for a phone waiting for a person), else how it ended.
 */
function queryAnswer(attempt: MockAttempt): QueryAnswer {
  const scenario = simulatorScenario(attempt.phone);
  if (attempt.status === 'pending' || attempt.status === 'unknown' || scenario.kind === 'manual') {
    return { pending: true };
  }
  return scenario.kind === 'paid'
    ? { pending: false, resultCode: 0, resultDesc: SIMULATOR_DESC.paid }
    : { pending: false, resultCode: scenario.code, resultDesc: scenario.desc };
}

/** Applies an STK query's answer as the server's settlement does; answers whether anything changed. */
function applyAnswer(order: MockOrder, attempt: MockAttempt, answer: QueryAnswer, now: number): boolean {
  if (answer.pending) return false;
  const open = attempt.status === 'pending' || attempt.status === 'unknown';
  const outcome = paymentOutcome(answer.resultCode, answer.resultDesc);
  const said = { resultCode: answer.resultCode, resultDesc: answer.resultDesc, completedAt: now };
  if (outcome.status !== 'paid') {
    if (!open) return false;
    const issue = outcome.status === 'failed' ? outcome.reason : 'unknown';
    Object.assign(attempt, { ...said, status: 'failed', issue });
    if (order.paymentStatus === 'pending') {
      Object.assign(order, { paymentStatus: 'failed', paymentIssue: issue });
      release(order);
    }
    return true;
  }
  if (!open && attempt.status !== 'expired') return false;
  // A query names no receipt and no amount.
  Object.assign(attempt, { ...said, status: 'paid', issue: null, receipt: null, paidAmount: null });
  const review = (issue: 'duplicate_payment' | 'paid_out_of_stock', orderToo: boolean) => {
    Object.assign(attempt, { status: 'needs_review', issue });
    if (orderToo) Object.assign(order, { paymentStatus: 'needs_review', paymentIssue: issue });
    return true;
  };
  if (order.paymentStatus === 'paid' || order.paymentStatus === 'needs_review') {
    return review('duplicate_payment', false);
  }
  if (order.status === 'cancelled') {
    // Money for an order an admin cancelled: paid, with a refund due; its units stay in the shop.
    Object.assign(order, { paymentStatus: 'paid', paymentIssue: null, paidAt: now });
    order.refund = { status: 'due', reference: null, amount: null, refundedAt: null };
    return true;
  }
  if (!order.stockReserved) {
    if (retake(order)) return review('paid_out_of_stock', true);
    order.stockReserved = true;
  }
  Object.assign(order, { paymentStatus: 'paid', paymentIssue: null, paidAt: now });
  return true;
}

export const adminOrderHandlers = [
  http.get('*/api/dev/sms', ({ request }) =>
    HttpResponse.json(
      { data: devSms(new URL(request.url).searchParams.get('to')) },
      { headers: { 'Cache-Control': 'no-store' } },
    ),
  ),
  http.get('*/api/v1/admin/riders', ({ request }) => {
    const who = adminOf(request, 'orders.fulfil');
    if ('error' in who) return who.error;
    const rows = activeRiders().map(toRider);
    return HttpResponse.json(RiderList.parse({ data: { count: rows.length, rows } }), { headers: noStore });
  }),

  http.get('*/api/v1/admin/orders', ({ request }) => {
    const who = adminOf(request, 'orders.read');
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
    const who = adminOf(request, 'orders.read');
    if ('error' in who) return who.error;
    const parsed = OrderIdParams.safeParse(params);
    if (!parsed.success) return invalid('param', parsed.error);
    settleAll();
    const order = commerceDb.orders.find((o) => o.orderId === parsed.data.orderId);
    if (!order) return notFound();
    return HttpResponse.json(OrderBody.parse({ data: adminOrderView(order) }), { headers: noStore });
  }),

  http.patch('*/api/v1/admin/orders/:orderId', async ({ request, params }) => {
    const who = adminOf(request, 'orders.fulfil');
    if ('error' in who) return who.error;
    const parsed = OrderIdParams.safeParse(params);
    if (!parsed.success) return invalid('param', parsed.error);
    const body = AdminOrderPatch.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    // Moving along is the route's own permission; a cancel or a settled payment needs more.
    const more =
      'paymentStatus' in body.data
        ? 'payments.settle'
        : 'status' in body.data && body.data.status === 'cancelled'
          ? 'orders.cancel'
          : null;
    const refusal = more ? lacking(who.admin, more) : undefined;
    if (refusal) return refusal;
    settleAll();
    const order = commerceDb.orders.find((o) => o.orderId === parsed.data.orderId);
    if (!order) return notFound();
    const riderId = 'riderId' in body.data ? body.data.riderId : undefined;
    const rider = riderId === undefined ? undefined : activeRiders().find((u) => u.id === riderId);
    if (riderId !== undefined && !rider) return invalidIssues('json', notARider);
    if ('status' in body.data) {
      const refusal = transitionRefusal(order, body.data.status);
      if (refusal) return refused(refusal);
      move(order, who.admin, body.data.status, rider);
    } else if (rider) {
      const refusal = riderChangeRefusal(order);
      if (refusal) return refused(refusal);
      if (order.riderId !== rider.id) {
        const before = riderView(order.riderId ?? null);
        Object.assign(order, { riderId: rider.id, riderAssignedAt: Date.now() });
        record(order, who.admin, 'rider_assigned', riderAssignedSummary(toRider(rider).name, before?.name));
      }
    } else if ('receipt' in body.data) {
      const problem = markPaid(order, who.admin, body.data.receipt);
      if (problem) return problem;
    }
    saveCommerceDb();
    return HttpResponse.json(OrderBody.parse({ data: adminOrderView(order) }), { headers: noStore });
  }),

  http.post('*/api/v1/admin/orders/:orderId/refund', async ({ request, params }) => {
    const who = adminOf(request, 'orders.refund');
    if ('error' in who) return who.error;
    const parsed = OrderIdParams.safeParse(params);
    if (!parsed.success) return invalid('param', parsed.error);
    const body = RefundBody.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    settleAll();
    const order = commerceDb.orders.find((o) => o.orderId === parsed.data.orderId);
    if (!order) return notFound();
    const problem = refund(order, who.admin, body.data.reference, body.data.amount);
    if (problem) return problem;
    saveCommerceDb();
    return HttpResponse.json(OrderBody.parse({ data: adminOrderView(order) }), { headers: noStore });
  }),

  http.post('*/api/v1/admin/orders/:orderId/payment-check', ({ request, params }) => {
    const who = adminOf(request, 'payments.settle');
    if ('error' in who) return who.error;
    const parsed = OrderIdParams.safeParse(params);
    if (!parsed.success) return invalid('param', parsed.error);
    settleAll();
    const order = commerceDb.orders.find((o) => o.orderId === parsed.data.orderId);
    if (!order) return notFound();
    // The latest prompt that reached M-Pesa (attempts are newest first).
    const attempt = order.attempts.find(sentToDaraja);
    if (!attempt) {
      return errorResponse(
        409,
        'no_prompt',
        `No M-Pesa prompt of order ${label(order.number)} reached M-Pesa, so there is nothing to ask it about.`,
      );
    }
    if (adminOrderSettings.mpesaUnreachable) {
      return errorResponse(
        503,
        'mpesa_unavailable',
        'M-Pesa could not be reached to check the payment. Nothing was changed; try again in a minute.',
      );
    }
    if (adminOrderSettings.mpesaFailing) {
      return errorResponse(
        502,
        'mpesa_error',
        'M-Pesa answered the payment check with an error. Nothing was changed; try again later, or check the M-Pesa statement.',
      );
    }
    const answer = queryAnswer(attempt);
    const now = Date.now();
    const changed = applyAnswer(order, attempt, answer, now);
    record(order, who.admin, 'payment_checked', paymentCheckedSummary(answer, changed), now);
    saveCommerceDb();
    return HttpResponse.json(OrderBody.parse({ data: adminOrderView(order) }), { headers: noStore });
  }),
];
