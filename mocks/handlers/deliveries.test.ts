// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminOrder } from '../../contract/admin-orders';
import { countRows, envelope, ErrorBody } from '../../contract/common';
import { Delivery, Rider } from '../../contract/deliveries';
import { DEMO_USERS } from '../auth-db';
import { commerceDb, type MockOrder } from '../commerce-db';
import { sampleOrders } from '../sample-orders';
import { mockFetch, serveMocks, tokenOf } from '../test-api';
import { adminOrderHandlers } from './admin-orders';
import { deliveriesHandlers } from './deliveries';

serveMocks(...adminOrderHandlers, ...deliveriesHandlers);

const as = (who: keyof typeof DEMO_USERS) => (method: string, path: string, body?: unknown) =>
  mockFetch(method, path, body, { token: tokenOf(who) });
const owner = as('admin');
const rider = as('rider');
const Rounds = envelope(countRows(Delivery));

async function refusal(res: Response, status: number) {
  expect(res.status).toBe(status);
  return ErrorBody.parse(await res.json());
}

let processing: MockOrder;
beforeEach(() => {
  const orders = sampleOrders();
  commerceDb.orders.push(...orders);
  processing = orders.find((o) => o.status === 'processing' && o.paymentStatus === 'paid')!;
});

const sendOut = (o: MockOrder, riderId?: string) =>
  owner('PATCH', `/v1/admin/orders/${o.orderId}`, { status: 'out_for_delivery', riderId });

describe('the mocked riders and deliveries', () => {
  it('lists the demo rider for the picker, to fulfilment staff only', async () => {
    const res = await as('packer')('GET', '/v1/admin/riders');
    expect(res.status).toBe(200);
    const { rows } = envelope(countRows(Rider)).parse(await res.json()).data;
    expect(rows).toEqual([{ userId: DEMO_USERS.rider.id, name: 'Juma Otieno', phone: '0722 334 455' }]);
    expect((await refusal(await rider('GET', '/v1/admin/riders'), 403)).message).toContain(
      'Your role (rider) cannot move orders along.',
    );
  });

  it('sends an order out with the rider, who sees it and marks it delivered, recorded as theirs', async () => {
    const missing = await refusal(await sendOut(processing), 400);
    expect(missing.issues?.map((i) => i.path)).toEqual(['riderId']);
    const notRider = await refusal(await sendOut(processing, DEMO_USERS.packer.id), 400);
    expect(notRider.message).toContain('riderId: must be an active rider');
    const out = envelope(AdminOrder).parse(
      await (await sendOut(processing, DEMO_USERS.rider.id)).json(),
    ).data;
    expect(out.rider).toMatchObject({ name: 'Juma Otieno', phone: '0722 334 455' });
    expect(out.timeline.at(-1)).toMatchObject({ kind: 'rider_assigned', summary: 'Given to Juma Otieno.' });

    const { rows } = Rounds.parse(await (await rider('GET', '/v1/admin/deliveries')).json()).data;
    expect(rows.map((r) => [r.number, r.status])).toEqual([[processing.number, 'out_for_delivery']]);
    expect(rows[0]!.mapUrl).toBe(
      `https://www.google.com/maps/search/?api=1&query=${processing.delivery.lat},${processing.delivery.lng}`,
    );
    const done = await rider('POST', `/v1/admin/deliveries/${processing.orderId}/delivered`);
    expect(envelope(Delivery).parse(await done.json()).data.status).toBe('delivered');
    const again = await refusal(
      await rider('POST', `/v1/admin/deliveries/${processing.orderId}/delivered`),
      409,
    );
    expect(again.message).toContain('is already delivered.');
    const order = envelope(AdminOrder).parse(
      await (await owner('GET', `/v1/admin/orders/${processing.orderId}`)).json(),
    ).data;
    expect(order.timeline.at(-1)).toMatchObject({ actorName: 'Juma Otieno', kind: 'status_changed' });
  });

  it("refuses as the server does: another's order (404), a bad id, the office's screens and the office's roles", async () => {
    const theirs = commerceDb.orders.find((o) => o.status === 'out_for_delivery')!;
    await refusal(await rider('POST', `/v1/admin/deliveries/${theirs.orderId}/delivered`), 404);
    await refusal(await rider('POST', '/v1/admin/deliveries/nope/delivered'), 400);
    await refusal(await rider('GET', '/v1/admin/orders'), 403);
    await refusal(await owner('GET', '/v1/admin/deliveries'), 403);
    await refusal(await mockFetch('GET', '/v1/admin/deliveries'), 401);
  });

  it('gives an order on its way to another rider only while it is out', async () => {
    const change = { riderId: DEMO_USERS.rider.id };
    const early = await refusal(await owner('PATCH', `/v1/admin/orders/${processing.orderId}`, change), 409);
    expect(early.message).toContain('only an order out for delivery can be given to another rider.');
  });
});
