import { http, HttpResponse } from 'msw';
import {
  CheckoutResult,
  Order,
  OrderIdParams,
  OrderList,
  OrderListQuery,
  PayOrderBody,
} from '../../contract/checkout';
import { envelope } from '../../contract/common';
import { formatKenyanPhone, normaliseKenyanPhone } from '../../contract/phone';
import {
  commerceDb,
  customerOf,
  hasOpenAttempt,
  invalid,
  jsonBody,
  openAttempt,
  ORDER_HINT,
  paymentMessage,
  queryObject,
  reserve,
  saveCommerceDb,
  settleDuePayments,
  type MockOrder,
} from '../commerce-db';
import { errorResponse } from './system';

/*
 * The shopper's orders (server/modules/checkout/orders.ts and the payment retry of service.ts): the
 * list, one order with its lines and payment history (settling payments that are due first), and a
 * new M-Pesa prompt for a failed or expired payment.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** The answer of checkout and of a payment retry. */
export function checkoutResult(order: MockOrder): CheckoutResult {
  return CheckoutResult.parse({
    orderId: order.orderId,
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentIssue: order.paymentIssue,
    paymentMessage: paymentMessage(order),
    total: order.total,
  });
}

/** One order as `GET /v1/orders/{orderId}` answers it. */
export function toOrder(order: MockOrder): Order {
  return {
    orderId: order.orderId,
    number: order.number,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentIssue: order.paymentIssue,
    paymentMessage: paymentMessage(order),
    canRetryPayment:
      (order.paymentStatus === 'failed' || order.paymentStatus === 'expired') &&
      order.status !== 'cancelled' &&
      !hasOpenAttempt(order),
    items: order.items.map((i) => ({
      productId: i.productId,
      productPid: i.productPid,
      variantId: i.variantId,
      name: i.name,
      variantName: i.variantName,
      image: i.image,
      price: i.price,
      quantity: i.quantity,
      totalPrice: i.totalPrice,
    })),
    subtotal: order.subtotal,
    shippingRate: order.shippingRate,
    total: order.total,
    delivery: { ...order.delivery },
    phone: formatKenyanPhone(order.phone),
    payments: order.attempts.map((a) => ({
      attemptId: a.attemptId,
      status: a.status,
      amount: a.amount,
      phone: formatKenyanPhone(a.phone),
      issue: a.issue,
      resultCode: a.resultCode,
      resultDesc: a.resultDesc,
      receipt: a.receipt,
      createdAt: iso(a.createdAt),
      completedAt: a.completedAt === null ? null : iso(a.completedAt),
    })),
    createdAt: iso(order.createdAt),
    paidAt: order.paidAt === null ? null : iso(order.paidAt),
  };
}

const OrderBody = envelope(Order);
const ResultBody = envelope(CheckoutResult);
const noStore = { 'Cache-Control': 'no-store' };

const findOrder = (userId: string, orderId: string) =>
  commerceDb.orders.find((o) => o.orderId === orderId && o.userId === userId);

const notFound = () => errorResponse(404, 'not_found', 'Order was not found.');

export const ordersHandlers = [
  http.get('*/api/v1/orders', ({ request }) => {
    const who = customerOf(request);
    if ('error' in who) return who.error;
    const query = OrderListQuery.safeParse(queryObject(new URL(request.url)));
    if (!query.success) return invalid('query', query.error);
    settleDuePayments(who.user.id);
    const mine = commerceDb.orders
      .filter((o) => o.userId === who.user.id)
      .sort((a, b) => b.createdAt - a.createdAt || b.number - a.number);
    const { limit, offset } = query.data;
    const body = OrderList.parse({
      data: mine.slice(offset, offset + limit).map((o) => ({
        orderId: o.orderId,
        number: o.number,
        status: o.status,
        paymentStatus: o.paymentStatus,
        total: o.total,
        itemCount: o.items.reduce((n, i) => n + i.quantity, 0),
        createdAt: iso(o.createdAt),
      })),
      meta: { total: mine.length, limit, offset },
    });
    return HttpResponse.json(body, { headers: noStore });
  }),

  http.get('*/api/v1/orders/:orderId', ({ request, params }) => {
    const who = customerOf(request);
    if ('error' in who) return who.error;
    const parsed = OrderIdParams.safeParse(params);
    if (!parsed.success) return invalid('param', parsed.error);
    settleDuePayments(who.user.id);
    const order = findOrder(who.user.id, parsed.data.orderId);
    if (!order) return notFound();
    return HttpResponse.json(OrderBody.parse({ data: toOrder(order) }), { headers: noStore });
  }),

  http.post('*/api/v1/orders/:orderId/pay', async ({ request, params }) => {
    const who = customerOf(request);
    if ('error' in who) return who.error;
    const parsed = OrderIdParams.safeParse(params);
    if (!parsed.success) return invalid('param', parsed.error);
    const body = PayOrderBody.safeParse((await jsonBody(request)) ?? {});
    if (!body.success) return invalid('json', body.error);
    settleDuePayments(who.user.id);
    const order = findOrder(who.user.id, parsed.data.orderId);
    if (!order) return notFound();
    if (order.paymentStatus === 'paid') return errorResponse(409, 'conflict', 'This order is already paid.');
    if (order.paymentStatus === 'needs_review') {
      return errorResponse(
        409,
        'conflict',
        'The shop is reviewing the payment of this order and will contact you.',
      );
    }
    if (order.status === 'cancelled') return errorResponse(409, 'conflict', 'This order was cancelled.');
    if (hasOpenAttempt(order)) {
      return errorResponse(
        409,
        'payment_pending',
        'A payment prompt for this order is still open. Complete or cancel it on your phone, or wait a few minutes.',
      );
    }
    if (!order.stockReserved) {
      const problem = reserve(order.items, ORDER_HINT);
      if (problem) return errorResponse(409, 'out_of_stock', problem);
      order.stockReserved = true;
    }
    const phone = body.data.phone === undefined ? order.phone : normaliseKenyanPhone(body.data.phone)!;
    openAttempt(order, phone);
    saveCommerceDb();
    return HttpResponse.json(ResultBody.parse({ data: checkoutResult(order) }), {
      status: 201,
      headers: noStore,
    });
  }),
];
