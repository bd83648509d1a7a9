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
import { retryRefusal, unpaidHolds, unpaidOrdersRefusal } from '../../contract/checkout-rules';
import { checkoutResult, orderView } from '../../contract/order-view';
import { normaliseKenyanPhone } from '../../contract/phone';
import { ORDER_HINT } from '../../contract/stock';
import {
  attemptRecords,
  commerceDb,
  commerceSettings,
  customerOf,
  hasOpenAttempt,
  openAttempt,
  orderRecord,
  reserve,
  retakePromoUse,
  saveCommerceDb,
  settleDuePayments,
  unreserve,
  type MockOrder,
} from '../commerce-db';
import { errorResponse, invalid, jsonBody, queryObject, refused } from '../http';
import { recordOrderStock } from '../stock-history';

/*
 * The shopper's orders (server/modules/orders): the list, one order with its lines and payment
 * history (settling payments that are due first), and a new M-Pesa prompt for a failed or expired
 * payment; the order reads through the shared view of contract/order-view.ts.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** The answer of checkout and of a payment retry. */
export const mockCheckoutResult = (order: MockOrder) =>
  checkoutResult(orderRecord(order), order.attempts[0]?.status);

/** One order as `GET /v1/orders/{orderId}` answers it. */
export const toOrder = (order: MockOrder) =>
  orderView(orderRecord(order), order.items, attemptRecords(order));

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
    const refusal = retryRefusal({ ...order, hasOpenAttempt: hasOpenAttempt(order) });
    if (refusal) return refused(refusal);
    if (!order.stockReserved) {
      const mine = commerceDb.orders.filter((o) => o.userId === who.user.id);
      if (unpaidHolds(mine, order.orderId) >= commerceSettings.maxUnpaidOrders) {
        return refused(unpaidOrdersRefusal(commerceSettings.maxUnpaidOrders));
      }
      const problem = reserve(order.items, ORDER_HINT);
      if (problem) return refused(problem);
      // The promo code's use comes back with the units, while the code still applies.
      const ended = retakePromoUse(order, 'retry');
      if (ended) {
        unreserve(order.items);
        return refused(ended);
      }
      order.stockReserved = true;
      recordOrderStock(order, 'sale');
    }
    const phone = body.data.phone === undefined ? order.phone : normaliseKenyanPhone(body.data.phone)!;
    openAttempt(order, phone);
    saveCommerceDb();
    return HttpResponse.json(ResultBody.parse({ data: mockCheckoutResult(order) }), {
      status: 201,
      headers: noStore,
    });
  }),
];
