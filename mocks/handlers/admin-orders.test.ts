// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminOrder, AdminOrderList } from '../../contract/admin-orders';
import { envelope, ErrorBody } from '../../contract/common';
import { commerceDb, type MockOrder } from '../commerce-db';
import { mockDb } from '../db';
import { sampleOrders } from '../sample-orders';
import { mockFetch, serveMocks, tokenOf } from '../test-api';
import { adminOrderHandlers, adminOrderSettings } from './admin-orders';

serveMocks(...adminOrderHandlers);

const call = (
  method: string,
  path: string,
  body?: unknown,
  options: { token?: string | null; headers?: Record<string, string> } = {},
) => mockFetch(method, path, body, { token: tokenOf('admin'), ...options });
const Detail = envelope(AdminOrder);

async function ok<T>(res: Response, schema: { parse(v: unknown): T }): Promise<T> {
  expect(res.status).toBe(200);
  return schema.parse(await res.json());
}

async function refusal(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = ErrorBody.parse(await res.json());
  expect(body.code).toBe(code);
  return body;
}

let orders: MockOrder[];
const byNumber = (n: number) => orders.find((o) => o.number === n)!;
const path = (o: MockOrder, rest = '') => `/v1/admin/orders/${o.orderId}${rest}`;
const stockOf = (variantId: string) =>
  mockDb.catalogue.products.flatMap((p) => p.variants).find((v) => v.id === variantId)!.quantity;

beforeEach(() => {
  orders = sampleOrders();
  commerceDb.orders.push(...orders);
  commerceDb.nextOrderNumber = 1001 + orders.length;
  adminOrderSettings.mpesaUnreachable = false;
  adminOrderSettings.mpesaFailing = false;
});

describe('admin orders mock: who may call', () => {
  it('answers 401 to a guest and 403 to a shopper', async () => {
    await refusal(await call('GET', '/v1/admin/orders', undefined, { token: null }), 401, 'unauthorized');
    await refusal(
      await call('GET', '/v1/admin/orders', undefined, { token: tokenOf('shopper') }),
      403,
      'forbidden',
    );
    await refusal(
      await call('PATCH', path(byNumber(1009)), { status: 'processing' }, { token: tokenOf('shopper') }),
      403,
      'forbidden',
    );
  });
});

describe('admin orders mock: the list', () => {
  it('lists newest first and pages', async () => {
    const page = await ok(await call('GET', '/v1/admin/orders?limit=4&offset=0'), AdminOrderList);
    expect(page.meta.total).toBe(9);
    expect(page.data.map((o) => o.number)).toEqual([1009, 1008, 1007, 1006]);
    const next = await ok(await call('GET', '/v1/admin/orders?limit=4&offset=8'), AdminOrderList);
    expect(next.data.map((o) => o.number)).toEqual([1001]);
  });

  it('filters by payment and fulfilment status, and marks refunds due', async () => {
    const review = await ok(await call('GET', '/v1/admin/orders?paymentStatus=needs_review'), AdminOrderList);
    expect(review.data.map((o) => o.number)).toEqual([1008, 1007]);
    const cancelled = await ok(await call('GET', '/v1/admin/orders?status=cancelled'), AdminOrderList);
    expect(cancelled.data.map((o) => [o.number, o.refundStatus])).toEqual([
      [1003, 'due'],
      [1002, 'refunded'],
    ]);
  });

  it('searches by number, email and phone in any form', async () => {
    const numbers = async (q: string) =>
      (await ok(await call('GET', `/v1/admin/orders?q=${encodeURIComponent(q)}`), AdminOrderList)).data.map(
        (o) => o.number,
      );
    expect(await numbers('SKN1004')).toEqual([1004]);
    expect(await numbers('1004')).toEqual([1004]);
    expect(await numbers('njeri.mwangi')).toEqual([1008, 1005, 1002]);
    expect(await numbers('0700 123 404')).toEqual([1008]);
    expect(await numbers('+254700123404')).toEqual([1008]);
    expect(await numbers('nobody@nowhere')).toEqual([]);
  });

  it('keeps Nairobi days inclusive and refuses a range that ends before it starts', async () => {
    const first = byNumber(1001);
    first.createdAt = Date.parse('2026-03-10T21:30:00Z'); // 00:30 on the 11th in Nairobi
    const on11 = await ok(
      await call('GET', '/v1/admin/orders?from=2026-03-11&to=2026-03-11'),
      AdminOrderList,
    );
    expect(on11.data.map((o) => o.number)).toEqual([1001]);
    const on10 = await ok(
      await call('GET', '/v1/admin/orders?from=2026-03-10&to=2026-03-10'),
      AdminOrderList,
    );
    expect(on10.data).toEqual([]);
    const bad = await refusal(
      await call('GET', '/v1/admin/orders?from=2026-03-12&to=2026-03-11'),
      400,
      'validation_failed',
    );
    expect(bad.issues?.[0]?.path).toBe('to');
    await refusal(await call('GET', '/v1/admin/orders?from=11-03-2026'), 400, 'validation_failed');
  });

  it('exports the whole filtered list as CSV', async () => {
    const res = await call('GET', '/v1/admin/orders?status=cancelled&limit=1', undefined, {
      headers: { Accept: 'text/csv' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(res.headers.get('Content-Disposition')).toMatch(
      /attachment; filename="sokoni-orders-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Order,Placed (Nairobi),Customer,Email,M-Pesa phone,Status,Payment,Payment issue,Refund,Items,Subtotal (KSH),Delivery (KSH),Total (KSH),Delivery area,Paid (Nairobi),Promo code,Promo saving (KSH)',
    );
    expect(lines[1]).toMatch(/^SKN1003,.*,cancelled,paid,,due,4,/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['SKN1003', 'SKN1002']);
  });
});

describe('admin orders mock: one order', () => {
  it('answers the shopper, attempts with Daraja ids and the timeline in order', async () => {
    const order = (await ok(await call('GET', path(byNumber(1005))), Detail)).data;
    expect(order.customer.name).toBe('Njeri Mwangi');
    expect(order.payments).toHaveLength(2);
    expect(order.payments[0]!.checkoutRequestId).toMatch(/^ws_CO_/);
    expect(order.timeline.map((e) => e.kind)).toEqual([
      'placed',
      'prompt_sent',
      'payment_failed',
      'prompt_sent',
      'payment_paid',
      'status_changed',
    ]);
    expect(order.nextStatus).toBe('out_for_delivery');
    expect(order.canCancel).toBe(true);
  });

  it('answers 404 for an unknown order and 400 for a bad id', async () => {
    await refusal(
      await call('GET', '/v1/admin/orders/0e000000-0000-4000-8000-000000009999'),
      404,
      'not_found',
    );
    await refusal(await call('GET', '/v1/admin/orders/not-an-id'), 400, 'validation_failed');
  });
});

describe('admin orders mock: fulfilment', () => {
  it('moves a paid order one step at a time, and records who did it', async () => {
    const order = byNumber(1009);
    const moved = (await ok(await call('PATCH', path(order), { status: 'processing' }), Detail)).data;
    expect(moved.status).toBe('processing');
    expect(moved.timeline.at(-1)).toMatchObject({
      kind: 'status_changed',
      actorName: 'Amina Odhiambo',
      summary: 'Moved from new to processing.',
    });
    expect(mockDb.activity.at(-1)).toMatchObject({ entity: 'order', action: 'status_changed' });
  });

  it('refuses a skipped step and a second admin’s same move with 409 and the rules’ message', async () => {
    const order = byNumber(1009);
    const skip = await refusal(
      await call('PATCH', path(order), { status: 'delivered' }),
      409,
      'illegal_transition',
    );
    expect(skip.message).toMatch(
      /^Order SKN1009 is new: it can move to processing next, one step at a time\./,
    );
    await ok(await call('PATCH', path(order), { status: 'processing' }), Detail);
    const late = await refusal(
      await call('PATCH', path(order), { status: 'processing' }),
      409,
      'illegal_transition',
    );
    expect(late.message).toMatch(/^Order SKN1009 is already processing\./);
  });

  it('refuses to prepare an unpaid order and to cancel a delivered one', async () => {
    const unpaid = await refusal(
      await call('PATCH', path(byNumber(1006)), { status: 'processing' }),
      409,
      'illegal_transition',
    );
    expect(unpaid.message).toMatch(/not paid \(payment failed\)/);
    const delivered = await refusal(
      await call('PATCH', path(byNumber(1001)), { status: 'cancelled' }),
      409,
      'illegal_transition',
    );
    expect(delivered.message).toMatch(/can no longer be cancelled/);
  });

  it('cancels a paid order: the stock returns and a refund becomes due', async () => {
    const order = byNumber(1004);
    const line = order.items[0]!;
    const before = stockOf(line.variantId);
    const cancelled = (await ok(await call('PATCH', path(order), { status: 'cancelled' }), Detail)).data;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.refund).toMatchObject({ status: 'due', reference: null });
    expect(cancelled.timeline.slice(-2).map((e) => e.kind)).toEqual(['cancelled', 'refund_due']);
    expect(stockOf(line.variantId)).toBe(before + line.quantity);
    expect(cancelled.canCancel).toBe(false);
    expect(cancelled.nextStatus).toBeNull();
  });

  it('refuses to cancel while an M-Pesa prompt is still waiting for the shopper', async () => {
    const order = byNumber(1006);
    Object.assign(order, { paymentStatus: 'pending', paymentIssue: null, phone: '254711000309' });
    Object.assign(order.attempts[0]!, {
      status: 'pending',
      phone: '254711000309',
      issue: null,
      resultCode: null,
      completedAt: null,
      createdAt: Date.now(),
    });
    const detail = (await ok(await call('GET', path(order)), Detail)).data;
    expect(detail.canCancel).toBe(false);
    const res = await refusal(
      await call('PATCH', path(order), { status: 'cancelled' }),
      409,
      'illegal_transition',
    );
    expect(res.message).toMatch(/has an M-Pesa prompt waiting for the shopper/);
  });

  it('refuses a body that is neither a move nor a payment', async () => {
    await refusal(await call('PATCH', path(byNumber(1009)), { status: 'shipped' }), 400, 'validation_failed');
    await refusal(
      await call('PATCH', path(byNumber(1009)), { status: 'new', extra: 1 }),
      400,
      'validation_failed',
    );
  });
});

describe('admin orders mock: payments under review', () => {
  it('marks paid with a valid, unused receipt: a payment recorded by hand', async () => {
    const order = byNumber(1008);
    const paid = (
      await ok(await call('PATCH', path(order), { paymentStatus: 'paid', receipt: 'sgr7kx1q2b' }), Detail)
    ).data;
    expect(paid.paymentStatus).toBe('paid');
    expect(paid.nextStatus).toBe('processing');
    expect(paid.payments[0]).toMatchObject({
      status: 'paid',
      receipt: 'SGR7KX1Q2B',
      checkoutRequestId: null,
      resultCode: null,
    });
    expect(paid.timeline.at(-1)).toMatchObject({
      kind: 'marked_paid',
      summary: 'Marked paid with M-Pesa receipt SGR7KX1Q2B (payment was needs review).',
    });
    expect(mockDb.activity.at(-1)).toMatchObject({ entity: 'order', action: 'marked_paid' });
  });

  it('marks paid with the receipt M-Pesa already reported on the order, adding no payment', async () => {
    const order = byNumber(1007);
    const paid = (
      await ok(await call('PATCH', path(order), { paymentStatus: 'paid', receipt: 'SIM0001007' }), Detail)
    ).data;
    expect(paid.paymentStatus).toBe('paid');
    expect(paid.payments).toHaveLength(1);
  });

  it('takes the units again for an expired payment marked paid, or refuses while they are sold out', async () => {
    const order = byNumber(1008);
    Object.assign(order, { paymentStatus: 'expired', paymentIssue: 'no_answer', stockReserved: false });
    const line = order.items[0]!;
    const variant = mockDb.catalogue.products
      .flatMap((p) => p.variants)
      .find((v) => v.id === line.variantId)!;
    const stock = variant.quantity;
    variant.quantity = line.quantity - 1;
    const out = await refusal(
      await call('PATCH', path(order), { paymentStatus: 'paid', receipt: 'SGR7KX1Q2B' }),
      409,
      'out_of_stock',
    );
    expect(out.message).toMatch(/^Order SKN1008 cannot be marked paid yet/);
    variant.quantity = stock;
    await ok(await call('PATCH', path(order), { paymentStatus: 'paid', receipt: 'SGR7KX1Q2B' }), Detail);
    expect(stockOf(line.variantId)).toBe(stock - line.quantity);
  });

  it('refuses a malformed receipt (400 on the field) and one already used (409 on the field)', async () => {
    const order = byNumber(1008);
    const bad = await refusal(
      await call('PATCH', path(order), { paymentStatus: 'paid', receipt: 'ABC' }),
      400,
      'validation_failed',
    );
    expect(bad.issues?.[0]?.path).toBe('receipt');
    const used = await refusal(
      await call('PATCH', path(order), { paymentStatus: 'paid', receipt: 'SIM0001001' }),
      409,
      'receipt_taken',
    );
    expect(used.message).toMatch(/already recorded for order SKN1001/);
  });

  it('refuses to mark paid an order already paid, or cancelled', async () => {
    const res = await call('PATCH', path(byNumber(1009)), { paymentStatus: 'paid', receipt: 'SGR7KX1Q2B' });
    expect((await refusal(res, 409, 'illegal_transition')).message).toMatch(/is already paid/);
    const gone = await call('PATCH', path(byNumber(1003)), { paymentStatus: 'paid', receipt: 'SGR7KX1Q2B' });
    expect((await refusal(gone, 409, 'illegal_transition')).message).toMatch(/is cancelled/);
  });

  it('asks M-Pesa again: a phone ending 04 still says 1037, and a closed review does not change', async () => {
    const checked = (await ok(await call('POST', path(byNumber(1008), '/payment-check')), Detail)).data;
    expect(checked.paymentStatus).toBe('needs_review');
    expect(checked.timeline.at(-1)).toMatchObject({
      kind: 'payment_checked',
      summary:
        'Asked M-Pesa about the payment. M-Pesa says “DS timeout user cannot be reached” (1037); nothing changed.',
    });
  });

  it('asks M-Pesa again: an expired prompt M-Pesa reports paid settles the order and takes the units again', async () => {
    const order = byNumber(1008);
    Object.assign(order, { paymentStatus: 'expired', paymentIssue: 'no_answer', stockReserved: false });
    Object.assign(order.attempts[0]!, { status: 'expired', issue: 'no_answer', phone: '254700123400' });
    const line = order.items[0]!;
    const before = stockOf(line.variantId);
    const checked = (await ok(await call('POST', path(order, '/payment-check')), Detail)).data;
    expect(checked.paymentStatus).toBe('paid');
    expect(checked.payments[0]).toMatchObject({ status: 'paid', resultCode: 0, receipt: null });
    expect(stockOf(line.variantId)).toBe(before - line.quantity);
    expect(checked.timeline.slice(-2).map((e) => e.kind)).toEqual(['payment_checked', 'payment_paid']);
    expect(checked.timeline.at(-2)!.summary).toMatch(/the payment was updated\.$/);
  });

  it('a late payment for a cancelled order makes it paid with a refund due, and takes no units', async () => {
    const order = byNumber(1008);
    Object.assign(order, { paymentStatus: 'expired', paymentIssue: 'no_answer' });
    Object.assign(order.attempts[0]!, { status: 'expired', issue: 'no_answer', phone: '254700123400' });
    const cancelled = (await ok(await call('PATCH', path(order), { status: 'cancelled' }), Detail)).data;
    expect(cancelled.refund).toBeNull();
    const line = order.items[0]!;
    const before = stockOf(line.variantId);
    const checked = (await ok(await call('POST', path(order, '/payment-check')), Detail)).data;
    expect(checked).toMatchObject({ status: 'cancelled', paymentStatus: 'paid', refund: { status: 'due' } });
    expect(checked.timeline.map((e) => e.kind).slice(-3)).toEqual([
      'payment_checked',
      'payment_paid',
      'refund_due',
    ]);
    expect(stockOf(line.variantId)).toBe(before);
  });

  it('answers 503 when M-Pesa is unreachable, 502 when it errs, and 409 when no prompt reached it', async () => {
    adminOrderSettings.mpesaUnreachable = true;
    await refusal(await call('POST', path(byNumber(1008), '/payment-check')), 503, 'mpesa_unavailable');
    adminOrderSettings.mpesaUnreachable = false;
    adminOrderSettings.mpesaFailing = true;
    await refusal(await call('POST', path(byNumber(1008), '/payment-check')), 502, 'mpesa_error');
    const unsent = byNumber(1006);
    Object.assign(unsent.attempts[0]!, { issue: 'mpesa_unavailable', resultCode: null, resultDesc: null });
    await refusal(await call('POST', path(unsent, '/payment-check')), 409, 'no_prompt');
  });

  it('asks M-Pesa about a paid order: recorded, nothing changes', async () => {
    const checked = (await ok(await call('POST', path(byNumber(1009), '/payment-check')), Detail)).data;
    expect(checked.paymentStatus).toBe('paid');
    expect(checked.timeline.at(-1)!.summary).toMatch(/\(0\); nothing changed\.$/);
  });

  it('cancels a payment under review: the review is closed, the stock returns, a refund is due', async () => {
    const order = byNumber(1007);
    const line = order.items[0]!;
    const before = stockOf(line.variantId);
    const cancelled = (await ok(await call('PATCH', path(order), { status: 'cancelled' }), Detail)).data;
    expect(cancelled.paymentStatus).toBe('failed');
    expect(cancelled.refund).toMatchObject({ status: 'due' });
    expect(cancelled.timeline.at(-1)!.summary).toBe(
      'A refund of up to KSH ' + (order.total - 1).toLocaleString('en-KE') + ' is due to the shopper.',
    );
    expect(stockOf(line.variantId)).toBe(before + line.quantity);
  });
});

describe('admin orders mock: refunds', () => {
  it('records the reversal of a refund due', async () => {
    const order = byNumber(1003);
    const done = (
      await ok(
        await call('POST', path(order, '/refund'), { reference: 'RVS1234567', amount: order.total }),
        Detail,
      )
    ).data;
    expect(done.refund).toMatchObject({ status: 'refunded', reference: 'RVS1234567', amount: order.total });
    expect(done.timeline.at(-1)!.kind).toBe('refunded');
  });

  it('refuses more than was paid, a bad reference, a taken one, and an order with no refund due', async () => {
    const order = byNumber(1003);
    await refusal(
      await call('POST', path(order, '/refund'), { reference: 'RVS1234567', amount: order.total + 1 }),
      409,
      'refund_too_large',
    );
    const refunded = await refusal(
      await call('POST', path(order, '/refund'), { reference: 'RVS0001002', amount: 10 }),
      409,
      'refund_reference_taken',
    );
    expect(refunded.message).toMatch(/already recorded for order SKN1002/);
    const receipt = await refusal(
      await call('POST', path(order, '/refund'), { reference: 'SIM0001001', amount: 10 }),
      409,
      'refund_reference_taken',
    );
    expect(receipt.message).toMatch(/receipt of a payment for order SKN1001/);
    await refusal(
      await call('POST', path(order, '/refund'), { reference: 'x', amount: 10 }),
      400,
      'validation_failed',
    );
    await refusal(
      await call('POST', path(byNumber(1002), '/refund'), { reference: 'RVS1234567', amount: 10 }),
      409,
      'refund_not_due',
    );
    await refusal(
      await call('POST', path(byNumber(1009), '/refund'), { reference: 'RVS1234567', amount: 10 }),
      409,
      'refund_not_due',
    );
  });
});
