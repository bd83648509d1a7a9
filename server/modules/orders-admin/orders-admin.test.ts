import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrder, AdminOrderList } from '../../../contract/admin-orders';
import { envelope, countRows } from '../../../contract/common';
import { Rider } from '../../../contract/deliveries';
import { activityLog, mailOutbox, orders, paymentAttempts, smsOutbox, users } from '../../db/schema';
import { formatKenyanPhone } from '../../../contract/phone';
import { createTestContext, type TestContext } from '../../test/harness';
import { mpesaId, seedOrder, type SeededOrder } from '../../test/orders';
import { api, shopper, stockOf, type Api } from '../../test/shop';
import { createUser, uniqueEmail } from '../../test/auth';
import { settleAttempt } from '../payments/settlement';

// The back office's orders over the API (PGlite): the list, its search and CSV, one order with its
// timeline, every fulfilment move, cancel, refund and settling a payment by hand.

let ctx: TestContext;
let admin: Api;
let adminName: string;
let customer: Api;
let guest: Api;

beforeAll(async () => {
  ctx = await createTestContext();
  const a = await shopper(ctx, 'admin');
  adminName = a.name;
  admin = api(ctx, a.token);
  customer = api(ctx, (await shopper(ctx)).token);
  guest = api(ctx);
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const RiderList = envelope(countRows(Rider));

async function list(query: string) {
  const res = await admin.get(`/admin/orders?${query}`);
  expect(res.status).toBe(200);
  return AdminOrderList.parse(await res.json());
}

async function detail(orderId: string) {
  const res = await admin.get(`/admin/orders/${orderId}`);
  expect(res.status).toBe(200);
  return AdminOrder.parse((await res.json()).data);
}

async function refusal(res: Response, status: number) {
  expect(res.status).toBe(status);
  return (await res.json()) as { code: string; message: string };
}

const patch = (orderId: string, body: unknown) => admin.patch(`/admin/orders/${orderId}`, body);

async function moved(orderId: string, body: unknown) {
  const res = await patch(orderId, body);
  if (res.status !== 200) throw new Error(`PATCH ${res.status}: ${await res.text()}`);
  return AdminOrder.parse((await res.json()).data);
}

const mailTo = (email: string) =>
  db().select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.createdAt);

/** A moment given as Nairobi wall-clock time. */
const nairobi = (wall: string) => new Date(`${wall}+03:00`);

describe('the list', () => {
  // Every order of this block is placed in March 2019, so the date filter keeps other tests out.
  const within = 'from=2019-03-01&to=2019-03-31';
  let tag: string;
  let a: SeededOrder, b: SeededOrder, c: SeededOrder, d: SeededOrder, e: SeededOrder;

  beforeAll(async () => {
    tag = randomUUID().slice(0, 8);
    a = await seedOrder(db(), {
      email: `amina.${tag}@example.com`,
      name: 'Amina Odhiambo',
      phone: '254712000111',
      createdAt: nairobi('2019-03-11T00:30:00'),
    });
    b = await seedOrder(db(), {
      paymentStatus: 'pending',
      attempts: [{ status: 'pending' }],
      createdAt: nairobi('2019-03-10T23:59:59'),
    });
    c = await seedOrder(db(), {
      paymentStatus: 'failed',
      paymentIssue: 'cancelled',
      createdAt: nairobi('2019-03-09T12:00:00'),
    });
    d = await seedOrder(db(), { status: 'processing', createdAt: nairobi('2019-03-12T08:00:00') });
    e = await seedOrder(db(), {
      status: 'delivered',
      createdAt: nairobi('2019-03-13T08:00:00'),
      name: 'Otieno, "Baba" Juma',
    });
  });

  it('pages newest first with the total, and each row says who, what and how it stands', async () => {
    const first = await list(`${within}&limit=2`);
    expect(first.meta).toEqual({ total: 5, limit: 2, offset: 0 });
    expect(first.data.map((o) => o.number)).toEqual([e.number, d.number]);
    const rest = await list(`${within}&limit=2&offset=2`);
    expect(rest.data.map((o) => o.number)).toEqual([a.number, b.number]);
    const last = await list(`${within}&limit=2&offset=4`);
    expect(last.data.map((o) => o.number)).toEqual([c.number]);
    const row = rest.data[0]!;
    expect(row).toMatchObject({
      orderId: a.orderId,
      customer: { userId: a.userId, name: 'Amina Odhiambo', email: `amina.${tag}@example.com` },
      phone: '0712 000 111',
      status: 'new',
      paymentStatus: 'paid',
      refundStatus: null,
      total: a.total,
      itemCount: 2,
      deliveryAreaName: 'Westlands',
    });
  });

  it('filters by payment status, fulfilment status, or both', async () => {
    expect((await list(`${within}&paymentStatus=pending`)).data.map((o) => o.number)).toEqual([b.number]);
    expect((await list(`${within}&paymentStatus=failed`)).data.map((o) => o.number)).toEqual([c.number]);
    expect((await list(`${within}&status=processing`)).data.map((o) => o.number)).toEqual([d.number]);
    const paidNew = await list(`${within}&status=new&paymentStatus=paid`);
    expect(paidNew.data.map((o) => o.number)).toEqual([a.number]);
    expect(paidNew.meta.total).toBe(1);
  });

  it('takes Nairobi days, both inclusive: a minute before midnight is still the day before', async () => {
    expect((await list('from=2019-03-11&to=2019-03-11')).data.map((o) => o.number)).toEqual([a.number]);
    expect((await list('from=2019-03-10&to=2019-03-10')).data.map((o) => o.number)).toEqual([b.number]);
    expect((await list('from=2019-03-12&to=2019-03-13')).data.map((o) => o.number)).toEqual([
      e.number,
      d.number,
    ]);
    // Only a lower bound, or only an upper one.
    expect((await list('from=2019-03-13')).data.map((o) => o.number)).toContain(e.number);
    expect((await list('from=2019-03-13')).data.map((o) => o.number)).not.toContain(d.number);
    expect((await list('to=2019-03-09')).data.map((o) => o.number)).toContain(c.number);
    expect((await list('to=2019-03-09')).data.map((o) => o.number)).not.toContain(b.number);
  });

  it('finds an order by number (with or without SKN), email part, or phone in any Kenyan form', async () => {
    const found = async (q: string) =>
      (await list(`${within}&q=${encodeURIComponent(q)}`)).data.map((o) => o.number);
    expect(await found(String(a.number))).toEqual([a.number]);
    expect(await found(`SKN${a.number}`)).toEqual([a.number]);
    expect(await found(`skn${a.number}`)).toEqual([a.number]);
    expect(await found(`amina.${tag}`)).toEqual([a.number]);
    expect(await found(tag.toUpperCase())).toEqual([a.number]);
    for (const phone of [
      '0712000111',
      '0712 000 111',
      '+254712000111',
      '254712000111',
      '712000111',
      '0712-000-111',
    ])
      expect(await found(phone), phone).toEqual([a.number]);
    expect(await found('nobody-here')).toEqual([]);
    // LIKE's wildcards are taken as text.
    expect(await found('%')).toEqual([]);
  });

  it('answers 400 naming the field for bad filters and paging', async () => {
    for (const [query, field] of [
      ['from=2019-03-12&to=2019-03-11', 'to'],
      ['from=2019-02-30', 'from'],
      ['to=12-03-2019', 'to'],
      ['paymentStatus=settled', 'paymentStatus'],
      ['status=shipped', 'status'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['offset=-1', 'offset'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await admin.get(`/admin/orders?${query}`);
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(
        body.issues.map((i: { path: string }) => i.path),
        query,
      ).toContain(field);
    }
  });

  it('exports the whole filtered list as CSV: header, quoting, no paging, a dated attachment', async () => {
    const csv = await csvOf(`${within}&limit=1`);
    expect(csv.headers.get('Content-Type')).toMatch(/^text\/csv/);
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    expect(csv.headers.get('Content-Disposition')).toBe(`attachment; filename="sokoni-orders-${today}.csv"`);
    const text = await csv.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Order,Placed (Nairobi),Customer,Email,M-Pesa phone,Status,Payment,Payment issue,Refund,Items,Subtotal (KSH),Delivery (KSH),Total (KSH),Delivery area,Paid (Nairobi),Promo code,Promo saving (KSH)',
    );
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 5 + 1);
    expect(lines[1]).toMatch(new RegExp(`^SKN${e.number},2019-03-13 08:00,"Otieno, ""Baba"" Juma",`));
    expect(lines[1]).toMatch(/,delivered,paid,,,2,600,150,750,Westlands,2019-03-13 08:00,,0$/);
    expect(lines[3]).toContain(
      `SKN${a.number},2019-03-11 00:30,Amina Odhiambo,amina.${tag}@example.com,0712 000 111,`,
    );
  });

  it('guards cells a spreadsheet would run as a formula', async () => {
    const names = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-2+3', '@SUM(A1)'];
    const placed: number[] = [];
    for (const [i, name] of names.entries())
      placed.push((await seedOrder(db(), { name, createdAt: nairobi(`2019-04-0${i + 1}T10:00:00`) })).number);
    const text = await (await csvOf('from=2019-04-01&to=2019-04-30')).text();
    const lines = text.split('\r\n');
    expect(lines[4]).toContain(
      `SKN${placed[0]},2019-04-01 10:00,"'=HYPERLINK(""http://evil.example"",""x"")",`,
    );
    expect(lines[3]).toContain(`,'+1+2,`);
    expect(lines[2]).toContain(`,'-2+3,`);
    expect(lines[1]).toContain(`,'@SUM(A1),`);
    // Numbers are numbers, never guarded.
    expect(lines[1]).toMatch(/,600,150,750,/);
  });

  it('has the promo code and what it saved, the total less an order code', async () => {
    const order = await seedOrder(db(), {
      createdAt: nairobi('2019-05-01T10:00:00'),
      promo: { code: 'KARIBU10', saving: 60, orderSaving: 60 },
    });
    // A code may start with "-": guarded like any other cell a spreadsheet would run.
    const dashed = await seedOrder(db(), {
      createdAt: nairobi('2019-05-02T10:00:00'),
      fee: 0,
      promo: { code: '-FREEDEL', saving: 150 },
    });
    const lines = (await (await csvOf('from=2019-05-01&to=2019-05-31')).text()).split('\r\n');
    expect(lines[2]).toMatch(
      new RegExp(`^SKN${order.number},.*,2,600,150,690,Westlands,2019-05-01 10:00,KARIBU10,60$`),
    );
    expect(lines[1]).toMatch(new RegExp(`^SKN${dashed.number},.*,2,600,0,600,Westlands,.*,'-FREEDEL,150$`));
  });

  async function csvOf(query: string) {
    const token = await adminToken();
    const res = await ctx.request(`/api/v1/admin/orders?${query}`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'text/csv' },
    });
    expect(res.status).toBe(200);
    return res;
  }
});

let cachedAdminToken: string | undefined;
async function adminToken() {
  cachedAdminToken ??= (await shopper(ctx, 'admin')).token;
  return cachedAdminToken;
}

describe('who may', () => {
  it('keeps guests (401) and shoppers (403) out of every orders route', async () => {
    const { orderId } = await seedOrder(db());
    const calls = (c: Api) => [
      c.get('/admin/orders'),
      c.get(`/admin/orders/${orderId}`),
      c.patch(`/admin/orders/${orderId}`, { status: 'processing' }),
      c.post(`/admin/orders/${orderId}/refund`, { reference: mpesaId(), amount: 10 }),
      c.post(`/admin/orders/${orderId}/payment-check`),
    ];
    for (const res of await Promise.all(calls(guest))) expect(res.status).toBe(401);
    for (const res of await Promise.all(calls(customer))) expect(res.status).toBe(403);
    expect((await detail(orderId)).status).toBe('new');
  });

  it('answers 404 for an unknown order and 400 for an id that is not a UUID', async () => {
    const unknown = randomUUID();
    expect((await admin.get(`/admin/orders/${unknown}`)).status).toBe(404);
    expect((await patch(unknown, { status: 'processing' })).status).toBe(404);
    expect((await patch(unknown, { paymentStatus: 'paid', receipt: mpesaId() })).status).toBe(404);
    expect(
      (await admin.post(`/admin/orders/${unknown}/refund`, { reference: mpesaId(), amount: 10 })).status,
    ).toBe(404);
    expect((await admin.post(`/admin/orders/${unknown}/payment-check`)).status).toBe(404);
    const bad = await admin.get('/admin/orders/not-a-uuid');
    expect(bad.status).toBe(400);
    expect((await patch('not-a-uuid', { status: 'processing' })).status).toBe(400);
  });
});

describe('one order', () => {
  it('has the shopper, lines as charged, every attempt with its ids, and a timeline oldest first', async () => {
    const placedAt = new Date(Date.now() - 3_600_000);
    const receipt = mpesaId();
    const o = await seedOrder(db(), {
      name: 'Njeri Wambui',
      createdAt: placedAt,
      attempts: [
        { status: 'failed', issue: 'cancelled', resultCode: 1032, resultDesc: 'Request cancelled by user' },
        {
          status: 'paid',
          resultCode: 0,
          resultDesc: 'The service request is processed successfully.',
          receipt,
          paidAmount: 750,
        },
      ],
    });
    const order = await detail(o.orderId);
    expect(order).toMatchObject({
      orderId: o.orderId,
      number: o.number,
      customer: { userId: o.userId, name: 'Njeri Wambui' },
      status: 'new',
      paymentStatus: 'paid',
      subtotal: 600,
      shippingRate: 150,
      total: 750,
      delivery: { areaId: 'westlands', areaName: 'Westlands', address: 'Mpaka Road, Block B, flat 4' },
      items: [{ name: o.product.name, variantName: '1 kg', price: 300, quantity: 2, totalPrice: 600 }],
      refund: null,
      nextStatus: 'processing',
      canCancel: true,
    });
    expect(order.payments.map((p) => p.status)).toEqual(['paid', 'failed']);
    expect(order.payments[0]).toMatchObject({ receipt, resultCode: 0 });
    expect(order.payments[0]!.checkoutRequestId).toMatch(/^ws_CO_/);
    expect(order.payments[0]!.merchantRequestId).toMatch(/^m-/);
    expect(order.timeline.map((t) => [t.kind, t.actorName])).toEqual([
      ['placed', 'Njeri Wambui'],
      ['prompt_sent', 'Sokoni'],
      ['payment_failed', 'M-Pesa'],
      ['prompt_sent', 'Sokoni'],
      ['payment_paid', 'M-Pesa'],
    ]);
    expect(order.timeline[0]).toMatchObject({
      actorId: o.userId,
      summary: `Placed order SKN${o.number} for KSH 750 (2 items).`,
    });
    expect(order.timeline[2]!.summary).toBe(
      'Not paid: the shopper cancelled the prompt. M-Pesa said: “Request cancelled by user” (1032).',
    );
    expect(order.timeline[4]!.summary).toBe(`Paid KSH 750, M-Pesa receipt ${receipt}.`);
    const times = order.timeline.map((t) => Date.parse(t.at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });

  it('offers no next step and no cancel where the rules allow none', async () => {
    const unpaid = await seedOrder(db(), {
      paymentStatus: 'expired',
      paymentIssue: 'no_answer',
      attempts: [{ status: 'expired', issue: 'no_answer' }],
    });
    expect(await detail(unpaid.orderId)).toMatchObject({ nextStatus: null, canCancel: true });
    const pending = await seedOrder(db(), { paymentStatus: 'pending', attempts: [{ status: 'pending' }] });
    expect(await detail(pending.orderId)).toMatchObject({ nextStatus: null, canCancel: false });
    const delivered = await seedOrder(db(), { status: 'delivered' });
    expect(await detail(delivered.orderId)).toMatchObject({ nextStatus: null, canCancel: false });
  });

  it('shows the promo code the order was placed with and what it saved', async () => {
    const o = await seedOrder(db(), { promo: { code: 'KARIBU10', saving: 60, orderSaving: 60 } });
    expect(await detail(o.orderId)).toMatchObject({
      subtotal: 600,
      orderSaving: 60,
      shippingRate: 150,
      total: 690,
      promoCode: 'KARIBU10',
      promoSaving: 60,
    });
    const plain = await seedOrder(db());
    expect(await detail(plain.orderId)).toMatchObject({ orderSaving: 0, promoCode: null, promoSaving: 0 });
  });
});

describe('fulfilment moves', () => {
  it('moves a paid order one step at a time to delivered, recorded and mailed', async () => {
    const o = await seedOrder(db(), { name: 'Kamau Mwangi' });
    const rider = await createUser(db(), {
      type: 'admin',
      role: 'rider',
      name: 'Juma Rider',
      phone: '+254722334455',
    });
    expect((await moved(o.orderId, { status: 'processing' })).nextStatus).toBe('out_for_delivery');
    const out = await moved(o.orderId, { status: 'out_for_delivery', riderId: rider.id });
    expect(out).toMatchObject({
      nextStatus: 'delivered',
      rider: { userId: rider.id, name: 'Juma Rider', phone: '0722 334 455' },
      riderAssignedAt: expect.any(String),
    });
    const done = await moved(o.orderId, { status: 'delivered' });
    expect(done).toMatchObject({ status: 'delivered', nextStatus: null, canCancel: false });
    const moves = done.timeline.filter((t) => t.kind === 'status_changed' || t.kind === 'rider_assigned');
    expect(moves.map((t) => [t.summary, t.actorName])).toEqual([
      ['Moved from new to processing.', adminName],
      ['Moved from processing to out for delivery.', adminName],
      ['Given to Juma Rider.', adminName],
      ['Moved from out for delivery to delivered.', adminName],
    ]);
    const log = await db()
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entity, 'order'), eq(activityLog.entityId, o.orderId)));
    expect(log.map((l) => l.action).sort()).toEqual([
      'rider_assigned',
      'status_changed',
      'status_changed',
      'status_changed',
    ]);
    const mail = await mailTo(o.email);
    expect(mail.map((m) => m.subject)).toEqual([
      `Order SKN${o.number} is on its way`,
      `Order SKN${o.number} has been delivered`,
    ]);
    expect(mail[0]!.text).toContain('Hello Kamau Mwangi,');
    expect(mail[0]!.text).toContain('on its way to Mpaka Road, Block B, flat 4, Westlands');
    expect(mail[0]!.text).toContain('Juma Rider is bringing it; you can call them on 0722 334 455.');
    expect(mail[0]!.html).toContain('Juma Rider is bringing it; you can call them on 0722 334 455.');
    expect(mail[1]!.text).toContain(`2 × ${o.product.name} (1 kg): KSH 600`);
    // The same moves queued the SMS, in the same transactions, and the order page shows them queued.
    const sms = await db()
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.orderId, o.orderId))
      .orderBy(smsOutbox.createdAt);
    expect(sms.map((m) => m.text)).toEqual([
      `Sokoni: Your order SKN${o.number} is on its way with Juma Rider, 0722 334 455.`,
      `Sokoni: Your order SKN${o.number} has been delivered. Thank you for shopping with Sokoni!`,
    ]);
    expect(done.sms.map((m) => [m.event, m.status, m.phone, m.reason, m.sentAt])).toEqual([
      ['out_for_delivery', 'queued', formatKenyanPhone(sms[0]!.phone), null, null],
      ['delivered', 'queued', formatKenyanPhone(sms[0]!.phone), null, null],
    ]);
  });

  it('refuses every illegal move with 409 and words that say why, changing nothing', async () => {
    const paid = await seedOrder(db());
    const rider = await createUser(db(), { type: 'admin', role: 'rider' });
    const skip = await refusal(
      await patch(paid.orderId, { status: 'out_for_delivery', riderId: rider.id }),
      409,
    );
    expect(skip).toMatchObject({ code: 'illegal_transition' });
    expect(skip.message).toContain(
      `Order SKN${paid.number} is new: it can move to processing next, one step at a time.`,
    );
    expect((await refusal(await patch(paid.orderId, { status: 'new' }), 409)).message).toContain(
      'is already new',
    );
    expect((await refusal(await patch(paid.orderId, { status: 'delivered' }), 409)).message).toContain(
      'can move to processing next',
    );

    const unpaid = await seedOrder(db(), { paymentStatus: 'failed', paymentIssue: 'insufficient_funds' });
    expect((await refusal(await patch(unpaid.orderId, { status: 'processing' }), 409)).message).toContain(
      'is not paid (payment failed); only a paid order can be prepared and delivered.',
    );

    const delivered = await seedOrder(db(), { status: 'delivered' });
    expect((await refusal(await patch(delivered.orderId, { status: 'cancelled' }), 409)).message).toContain(
      'is delivered and can no longer be cancelled.',
    );

    const cancelled = await seedOrder(db(), { status: 'cancelled', paymentStatus: 'expired' });
    expect((await refusal(await patch(cancelled.orderId, { status: 'processing' }), 409)).message).toContain(
      'is cancelled and cannot move on.',
    );
    expect((await refusal(await patch(cancelled.orderId, { status: 'cancelled' }), 409)).message).toContain(
      'is already cancelled.',
    );

    const pending = await seedOrder(db(), { paymentStatus: 'pending', attempts: [{ status: 'pending' }] });
    expect((await refusal(await patch(pending.orderId, { status: 'cancelled' }), 409)).message).toContain(
      'has an M-Pesa prompt waiting for the shopper',
    );

    for (const o of [paid, unpaid, delivered, cancelled, pending]) {
      const log = await db().select().from(activityLog).where(eq(activityLog.entityId, o.orderId));
      expect(log).toEqual([]);
    }
    expect((await detail(paid.orderId)).status).toBe('new');
  });

  it('answers 400 for a body that is no move', async () => {
    const o = await seedOrder(db());
    for (const body of [
      {},
      { status: 'shipped' },
      { paymentStatus: 'paid' },
      { status: 'processing', extra: 1 },
      { paymentStatus: 'failed', receipt: mpesaId() },
    ])
      expect((await patch(o.orderId, body)).status, JSON.stringify(body)).toBe(400);
  });
});

describe('riders', () => {
  const rider = (name: string, extra: { phone?: string } = {}) =>
    createUser(db(), { type: 'admin', role: 'rider', name, ...extra });

  it('lists the active riders by name for the picker, and nobody else', async () => {
    const { db: d } = ctx.database;
    const zawadi = await rider('Zawadi Wekesa', { phone: '+254711000222' });
    const akinyi = await rider('Akinyi Barasa');
    const gone = await rider('Gone Rider');
    await d.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    await createUser(d, { type: 'admin', role: 'fulfilment', name: 'A packer' });
    const res = await admin.get('/admin/riders');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const { rows, count } = RiderList.parse(await res.json()).data;
    expect(count).toBe(rows.length);
    const ours = rows.filter((r) => [zawadi.id, akinyi.id, gone.id].includes(r.userId));
    expect(ours).toEqual([
      { userId: akinyi.id, name: 'Akinyi Barasa', phone: null },
      { userId: zawadi.id, name: 'Zawadi Wekesa', phone: '0711 000 222' },
    ]);
    expect(rows.every((r) => r.name !== 'A packer')).toBe(true);
    expect((await guest.get('/admin/riders')).status).toBe(401);
    expect((await customer.get('/admin/riders')).status).toBe(403);
  });

  it('needs a rider to send an order out: the 400 names riderId, and only an active rider will do', async () => {
    const o = await seedOrder(db(), { status: 'processing' });
    const missing = await refusal(await patch(o.orderId, { status: 'out_for_delivery' }), 400);
    expect(missing.message).toContain(
      'riderId: is required to send an order out for delivery: pick the rider taking it.',
    );
    const packer = await createUser(db(), { type: 'admin', role: 'fulfilment' });
    const gone = await rider('Gone Again');
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    const aShopper = await createUser(db());
    for (const riderId of [packer.id, gone.id, aShopper.id, randomUUID()]) {
      const bad = await refusal(await patch(o.orderId, { status: 'out_for_delivery', riderId }), 400);
      expect(bad).toMatchObject({ code: 'validation_failed' });
      expect(bad.message).toContain('riderId: must be an active rider: pick one from the list of riders.');
    }
    expect((await patch(o.orderId, { status: 'out_for_delivery', riderId: 'nope' })).status).toBe(400);
    // A rider goes only with that move.
    const stray = await refusal(await patch(o.orderId, { status: 'cancelled', riderId: gone.id }), 400);
    expect(stray.message).toContain('riderId: goes only with the move to out_for_delivery');
    expect((await detail(o.orderId)).status).toBe('processing');
    expect(await db().select().from(activityLog).where(eq(activityLog.entityId, o.orderId))).toEqual([]);
  });

  it('gives an order on its way to another rider, recorded; not before it goes out, nor after delivery', async () => {
    const first = await rider('First Rider');
    const second = await rider('Second Rider', { phone: '+254733111222' });
    const o = await seedOrder(db(), { status: 'processing' });
    const early = await refusal(await patch(o.orderId, { riderId: first.id }), 409);
    expect(early.message).toContain(
      `Order SKN${o.number} is processing: only an order out for delivery can be given to another rider.`,
    );
    await moved(o.orderId, { status: 'out_for_delivery', riderId: first.id });
    const changed = await moved(o.orderId, { riderId: second.id });
    expect(changed).toMatchObject({
      status: 'out_for_delivery',
      rider: { userId: second.id, name: 'Second Rider', phone: '0733 111 222' },
    });
    expect(changed.timeline.at(-1)).toMatchObject({
      kind: 'rider_assigned',
      summary: 'Given to Second Rider instead of First Rider.',
      actorName: adminName,
    });
    // The same rider again changes nothing.
    expect((await moved(o.orderId, { riderId: second.id })).timeline).toHaveLength(changed.timeline.length);
    await moved(o.orderId, { status: 'delivered' });
    const late = await refusal(await patch(o.orderId, { riderId: first.id }), 409);
    expect(late.message).toContain(`Order SKN${o.number} is delivered: only an order out for delivery`);
  });
});

describe('cancelling', () => {
  it('returns the stock exactly once, makes a paid order owe a refund, and tells the shopper', async () => {
    const o = await seedOrder(db(), { status: 'processing', stock: 10, quantity: 3 });
    expect(await stockOf(db(), o.variantId)).toBe(7);
    const order = await moved(o.orderId, { status: 'cancelled' });
    expect(order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'paid',
      refund: { status: 'due', reference: null, amount: null, refundedAt: null },
      nextStatus: null,
      canCancel: false,
    });
    expect(await stockOf(db(), o.variantId)).toBe(10);
    expect(order.timeline.slice(-2).map((t) => [t.kind, t.actorName, t.summary])).toEqual([
      [
        'cancelled',
        adminName,
        'Cancelled (was processing). The items went back to stock. The shopper paid: a refund is due.',
      ],
      ['refund_due', 'Sokoni', 'A refund of up to KSH 1,050 is due to the shopper.'],
    ]);
    const again = await refusal(await patch(o.orderId, { status: 'cancelled' }), 409);
    expect(again.message).toContain('already cancelled');
    expect(await stockOf(db(), o.variantId)).toBe(10);
    const [mail] = await mailTo(o.email);
    expect(mail!.subject).toBe(`Order SKN${o.number} has been cancelled`);
    expect(mail!.text).toContain('You paid for it, so we will send your money back to your M-Pesa');
  });

  it('cancels an unpaid order whose units already went back without returning them twice', async () => {
    const o = await seedOrder(db(), { paymentStatus: 'expired', paymentIssue: 'no_answer', stock: 5 });
    const order = await moved(o.orderId, { status: 'cancelled' });
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'expired', refund: null });
    expect(await stockOf(db(), o.variantId)).toBe(5);
    expect(order.timeline.at(-1)!.summary).toBe('Cancelled (was new).');
    const [mail] = await mailTo(o.email);
    expect(mail!.text).toContain('You have not been charged for it.');
  });

  it('closes a payment under review: the units go back and the money is owed back', async () => {
    const o = await seedOrder(db(), {
      paymentStatus: 'needs_review',
      paymentIssue: 'amount_mismatch',
      stock: 6,
      attempts: [
        {
          status: 'needs_review',
          issue: 'amount_mismatch',
          resultCode: 0,
          receipt: mpesaId(),
          paidAmount: 700,
        },
      ],
    });
    expect(await stockOf(db(), o.variantId)).toBe(4);
    const order = await moved(o.orderId, { status: 'cancelled' });
    expect(order).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'failed',
      paymentIssue: 'amount_mismatch',
      refund: { status: 'due' },
    });
    expect(await stockOf(db(), o.variantId)).toBe(6);
    expect(order.timeline.at(-1)).toMatchObject({
      kind: 'refund_due',
      summary: 'A refund of up to KSH 700 is due to the shopper.',
    });
  });
});

describe('refunds', () => {
  async function cancelledPaid() {
    const o = await seedOrder(db(), { name: 'Achieng <Auma> & co' });
    await moved(o.orderId, { status: 'cancelled' });
    return o;
  }
  const refund = (orderId: string, body: unknown) => admin.post(`/admin/orders/${orderId}/refund`, body);

  it('records the reversal of a refund that is due, and mails the shopper', async () => {
    const o = await cancelledPaid();
    const reference = mpesaId();
    const res = await refund(o.orderId, { reference: reference.toLowerCase(), amount: 750 });
    expect(res.status).toBe(200);
    const order = AdminOrder.parse((await res.json()).data);
    expect(order.refund).toMatchObject({ status: 'refunded', reference, amount: 750 });
    expect(order.refund!.refundedAt).not.toBeNull();
    expect(order.timeline.at(-1)).toMatchObject({
      kind: 'refunded',
      actorName: adminName,
      summary: `Recorded a refund of KSH 750, M-Pesa reference ${reference}.`,
    });
    const mail = (await mailTo(o.email)).at(-1)!;
    expect(mail.subject).toBe(`Refund for order SKN${o.number}`);
    expect(mail.text).toContain(`We have sent KSH 750 back to your M-Pesa`);
    expect(mail.text).toContain(`The M-Pesa reference of the refund is ${reference}.`);
    expect(mail.html).toContain('Hello Achieng &lt;Auma&gt; &amp; co,');
    expect(mail.html).not.toContain('<Auma>');

    const twice = await refusal(await refund(o.orderId, { reference: mpesaId(), amount: 10 }), 409);
    expect(twice).toMatchObject({ code: 'refund_not_due' });
    expect(twice.message).toContain('has already been refunded');
  });

  it('refuses a refund nobody is owed, too large, or under a reference already used', async () => {
    const open = await seedOrder(db());
    const notDue = await refusal(await refund(open.orderId, { reference: mpesaId(), amount: 10 }), 409);
    expect(notDue.message).toContain('owes no refund');

    const o = await cancelledPaid();
    const tooMuch = await refusal(await refund(o.orderId, { reference: mpesaId(), amount: 751 }), 409);
    expect(tooMuch).toMatchObject({ code: 'refund_too_large' });
    expect(tooMuch.message).toContain('was paid KSH 750; a refund cannot be more than that.');

    const other = await cancelledPaid();
    const used = mpesaId();
    expect((await refund(other.orderId, { reference: used, amount: 100 })).status).toBe(200);
    const taken = await refusal(await refund(o.orderId, { reference: used, amount: 100 }), 409);
    expect(taken).toMatchObject({ code: 'refund_reference_taken' });
    expect(taken.message).toContain(`already recorded for order SKN${other.number}`);

    const [payment] = await db()
      .select({ receipt: paymentAttempts.receipt })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, o.orderId));
    const receipt = await refusal(await refund(o.orderId, { reference: payment!.receipt, amount: 100 }), 409);
    expect(receipt.message).toContain('is the M-Pesa receipt of a payment');

    expect((await detail(o.orderId)).refund).toMatchObject({ status: 'due', reference: null });
  });

  it('answers 400 for a malformed reference or amount', async () => {
    const o = await cancelledPaid();
    for (const [body, field] of [
      [{ reference: 'ABC', amount: 10 }, 'reference'],
      [{ reference: 'SGR7KX1Q2!', amount: 10 }, 'reference'],
      [{ reference: mpesaId(), amount: 0 }, 'amount'],
      [{ reference: mpesaId(), amount: 10.5 }, 'amount'],
      [{ reference: mpesaId() }, 'amount'],
    ] as const) {
      const res = await refund(o.orderId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).issues.map((i: { path: string }) => i.path)).toContain(field);
    }
  });
});

describe('settling a payment by hand', () => {
  it('marks a payment under review paid with the receipt M-Pesa reported, and mails the receipt', async () => {
    const receipt = mpesaId();
    const o = await seedOrder(db(), {
      paymentStatus: 'needs_review',
      paymentIssue: 'amount_mismatch',
      attempts: [
        { status: 'needs_review', issue: 'amount_mismatch', resultCode: 0, receipt, paidAmount: 749 },
      ],
    });
    const order = await moved(o.orderId, { paymentStatus: 'paid', receipt: receipt.toLowerCase() });
    expect(order).toMatchObject({ paymentStatus: 'paid', paymentIssue: null, nextStatus: 'processing' });
    expect(order.payments).toHaveLength(1);
    expect(order.timeline.at(-1)).toMatchObject({
      kind: 'marked_paid',
      actorName: adminName,
      summary: `Marked paid with M-Pesa receipt ${receipt} (payment was needs review).`,
    });
    const [mail] = await mailTo(o.email);
    expect(mail!.subject).toBe(`Payment received for order SKN${o.number}`);
    expect(mail!.text).toContain(`Your M-Pesa receipt is ${receipt}.`);
  });

  it('records a receipt M-Pesa never reported for an expired payment, taking the units again', async () => {
    const o = await seedOrder(db(), {
      paymentStatus: 'expired',
      paymentIssue: 'no_answer',
      stock: 5,
      attempts: [{ status: 'expired', issue: 'no_answer' }],
    });
    expect(await stockOf(db(), o.variantId)).toBe(5);
    const receipt = mpesaId();
    const order = await moved(o.orderId, { paymentStatus: 'paid', receipt });
    expect(order.paymentStatus).toBe('paid');
    expect(await stockOf(db(), o.variantId)).toBe(3);
    expect(order.payments[0]).toMatchObject({
      status: 'paid',
      receipt,
      checkoutRequestId: null,
      resultDesc: `Recorded by ${adminName}`,
    });
    // The payment recorded by hand shows as the admin's entry, not as a prompt.
    expect(order.timeline.map((t) => t.kind)).toEqual([
      'placed',
      'prompt_sent',
      'payment_expired',
      'marked_paid',
    ]);
  });

  it('refuses a receipt recorded for another order, naming it, and a malformed one', async () => {
    const holder = await seedOrder(db());
    const [{ receipt } = { receipt: '' }] = (await db()
      .select({ receipt: paymentAttempts.receipt })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, holder.orderId))) as { receipt: string }[];
    const o = await seedOrder(db(), { paymentStatus: 'failed', paymentIssue: 'timeout', stock: 5 });
    const taken = await refusal(await patch(o.orderId, { paymentStatus: 'paid', receipt }), 409);
    expect(taken).toMatchObject({ code: 'receipt_taken' });
    expect(taken.message).toContain(
      `M-Pesa receipt ${receipt} is already recorded for order SKN${holder.number}.`,
    );
    for (const bad of ['SHORT', 'ABCDEFGHIJK', 'ABC DEF GH']) {
      const res = await patch(o.orderId, { paymentStatus: 'paid', receipt: bad });
      expect(res.status, bad).toBe(400);
      expect((await res.json()).message).toMatch(/receipt/);
    }
    expect(await detail(o.orderId)).toMatchObject({ paymentStatus: 'failed' });
    expect(await stockOf(db(), o.variantId)).toBe(5);
  });

  it('refuses a paid, pending or cancelled order, and one whose units are gone, changing nothing', async () => {
    const paid = await seedOrder(db());
    expect(
      (await refusal(await patch(paid.orderId, { paymentStatus: 'paid', receipt: mpesaId() }), 409)).message,
    ).toContain('is already paid');
    const pending = await seedOrder(db(), { paymentStatus: 'pending', attempts: [{ status: 'pending' }] });
    expect(
      (await refusal(await patch(pending.orderId, { paymentStatus: 'paid', receipt: mpesaId() }), 409))
        .message,
    ).toContain('ask M-Pesa about it before marking it paid');
    const cancelled = await seedOrder(db(), { status: 'cancelled', paymentStatus: 'expired' });
    expect(
      (await refusal(await patch(cancelled.orderId, { paymentStatus: 'paid', receipt: mpesaId() }), 409))
        .message,
    ).toContain('is cancelled; a payment for it can only be refunded.');

    const soldOut = await seedOrder(db(), {
      paymentStatus: 'needs_review',
      paymentIssue: 'paid_out_of_stock',
      stockReserved: false,
      stock: 1,
      quantity: 2,
    });
    const gone = await refusal(
      await patch(soldOut.orderId, { paymentStatus: 'paid', receipt: mpesaId() }),
      409,
    );
    expect(gone.code).toBe('out_of_stock');
    expect(gone.message).toContain(
      `Order SKN${soldOut.number} cannot be marked paid yet: its items had gone back to stock. Sorry, only 1 of ${soldOut.product.name}`,
    );
    expect(gone.message).toContain('Restock it, or cancel the order and refund the shopper.');
    expect(await stockOf(db(), soldOut.variantId)).toBe(1);
    expect(
      await db().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, soldOut.orderId)),
    ).toEqual([]);
    const [row] = await db().select().from(orders).where(eq(orders.id, soldOut.orderId));
    expect(row!.paymentStatus).toBe('needs_review');
  });
});

describe('a shopper created through the admin', () => {
  it('names a deleted-name shopper by email in the timeline', async () => {
    const user = await createUser(db(), { email: uniqueEmail('noname'), name: '' });
    const o = await seedOrder(db(), { userId: user.id, email: user.email });
    expect((await detail(o.orderId)).timeline[0]!.actorName).toBe(user.email);
  });
});

describe('money for an order already cancelled', () => {
  it('makes it paid with a refund due, takes no units and sends no "paid" mail', async () => {
    const o = await seedOrder(db(), {
      paymentStatus: 'expired',
      paymentIssue: 'no_answer',
      stock: 5,
      attempts: [{ status: 'expired', issue: 'no_answer' }],
    });
    await moved(o.orderId, { status: 'cancelled' });
    const [attempt] = await db().select().from(paymentAttempts).where(eq(paymentAttempts.orderId, o.orderId));
    const late = await settleAttempt(db(), attempt!.id, {
      kind: 'paid',
      source: 'callback',
      amount: o.total,
      receipt: mpesaId(),
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
    });
    expect(late).toMatchObject({ changed: true, orderPaymentStatus: 'paid' });
    const order = await detail(o.orderId);
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refund: { status: 'due' } });
    expect(await stockOf(db(), o.variantId)).toBe(5);
    expect(order.timeline.map((t) => t.kind).slice(-3)).toEqual(['cancelled', 'payment_paid', 'refund_due']);
    expect((await mailTo(o.email)).map((m) => m.subject)).toEqual([
      `Order SKN${o.number} has been cancelled`,
    ]);
  });
});
