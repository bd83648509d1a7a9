import { http, HttpResponse } from 'msw';
import { OrderIdParams } from '../../contract/checkout';
import { countRows, envelope } from '../../contract/common';
import { Delivery, mapUrl } from '../../contract/deliveries';
import { transitionRefusal } from '../../contract/fulfilment';
import { nairobiDate, nairobiDayStart } from '../../contract/nairobi-time';
import { formatKenyanPhone } from '../../contract/phone';
import { adminOf } from '../admin';
import { authDb } from '../auth-db';
import { commerceDb, saveCommerceDb, type MockOrder } from '../commerce-db';
import { errorResponse, invalid, refused } from '../http';
import { SAMPLE_CUSTOMERS } from '../sample-orders';
import { move } from './admin-orders';

/*
 * A rider's round (server/modules/deliveries): the orders given to the signed-in rider, out for
 * delivery first and then those delivered today in Nairobi, and marking one delivered, which is the
 * office's own step (mocks/handlers/admin-orders.ts), recorded as the rider's. An order given to
 * another rider is not found.
 */

const noStore = { 'Cache-Control': 'no-store' };
const ListBody = envelope(countRows(Delivery));
const OneBody = envelope(Delivery);
const iso = (ms: number) => new Date(ms).toISOString();

function shopperName(order: MockOrder): string {
  const user = authDb.users.find((u) => u.id === order.userId);
  if (user) return user.name || user.email;
  return SAMPLE_CUSTOMERS.find((c) => c.userId === order.userId)?.name ?? 'Former shopper';
}

function toDelivery(o: MockOrder): Delivery {
  return {
    orderId: o.orderId,
    number: o.number,
    status: o.status,
    customer: { name: shopperName(o), phone: formatKenyanPhone(o.phone) },
    deliveryAreaName: o.delivery.areaName,
    address: o.delivery.address,
    lat: o.delivery.lat,
    lng: o.delivery.lng,
    mapUrl: mapUrl(o.delivery.lat, o.delivery.lng),
    items: o.items.map((i) => ({ name: i.name, variantName: i.variantName, quantity: i.quantity })),
    total: o.total,
    assignedAt: iso(o.riderAssignedAt ?? o.createdAt),
    deliveredAt: o.status === 'delivered' && o.deliveredAt ? iso(o.deliveredAt) : null,
  };
}

/** On the road first (the longest given first), then delivered today (the latest first): the server's order. */
function round(riderId: string, now = Date.now()): MockOrder[] {
  const today = nairobiDayStart(nairobiDate(new Date(now))).getTime();
  const mine = commerceDb.orders.filter((o) => o.riderId === riderId);
  const onTheRoad = mine
    .filter((o) => o.status === 'out_for_delivery')
    .sort((a, b) => (a.riderAssignedAt ?? 0) - (b.riderAssignedAt ?? 0) || a.number - b.number);
  const done = mine
    .filter((o) => o.status === 'delivered' && (o.deliveredAt ?? 0) >= today)
    .sort((a, b) => (b.deliveredAt ?? 0) - (a.deliveredAt ?? 0) || a.number - b.number);
  return [...onTheRoad, ...done];
}

export const deliveriesHandlers = [
  http.get('*/api/v1/admin/deliveries', ({ request }) => {
    const who = adminOf(request, 'deliveries.own');
    if ('error' in who) return who.error;
    const rows = round(who.admin.id).map(toDelivery);
    return HttpResponse.json(ListBody.parse({ data: { count: rows.length, rows } }), { headers: noStore });
  }),

  http.post('*/api/v1/admin/deliveries/:orderId/delivered', ({ request, params }) => {
    const who = adminOf(request, 'deliveries.own');
    if ('error' in who) return who.error;
    const parsed = OrderIdParams.safeParse(params);
    if (!parsed.success) return invalid('param', parsed.error);
    const order = commerceDb.orders.find(
      (o) => o.orderId === parsed.data.orderId && o.riderId === who.admin.id,
    );
    if (!order) return errorResponse(404, 'not_found', 'Order was not found.');
    const refusal = transitionRefusal(order, 'delivered');
    if (refusal) return refused(refusal);
    move(order, who.admin, 'delivered');
    saveCommerceDb();
    return HttpResponse.json(OneBody.parse({ data: toDelivery(order) }), { headers: noStore });
  }),
];
