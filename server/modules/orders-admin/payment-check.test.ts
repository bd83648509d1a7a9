import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminOrder } from '../../../contract/admin-orders';
import { activityLog, mailOutbox } from '../../db/schema';
import { createTestContext } from '../../test/harness';
import { seedOrder } from '../../test/orders';
import {
  api,
  phoneEnding,
  placeOrder,
  servedContextForFile,
  shopper,
  shopperWithCart,
  stockOf,
  waitForOrder,
  type Api,
} from '../../test/shop';

// Asking M-Pesa again from the back office (STK Push Query), over real HTTP with the app's own Daraja
// simulator; and the shopper's mail of checkout and payment, which the same flow sends.

const ctx = servedContextForFile({ PAYMENT_QUERY_DELAY_MS: '600000' });
let admin: Api;
let adminName: string;
beforeAll(async () => {
  const a = await shopper(ctx, 'admin');
  admin = api(ctx, a.token);
  adminName = a.name;
});

async function check(orderId: string) {
  const res = await admin.post(`/admin/orders/${orderId}/payment-check`);
  if (res.status !== 200) throw new Error(`check ${res.status}: ${await res.text()}`);
  return AdminOrder.parse((await res.json()).data);
}

const activityOf = (orderId: string) =>
  ctx.database.db.select().from(activityLog).where(eq(activityLog.entityId, orderId));

describe('asking M-Pesa again', () => {
  it('closes a silent prompt with the answer M-Pesa gives, returning the units, and records the check', async () => {
    const s = await shopperWithCart(ctx, { stock: 4, quantity: 2 });
    const o = await placeOrder(s.call, phoneEnding('04'));
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(2);
    // The simulator decides a silent prompt's result after its delay; until then M-Pesa says "processing".
    await new Promise((r) => setTimeout(r, 400));
    const order = await check(o.orderId);
    expect(order).toMatchObject({ paymentStatus: 'failed', paymentIssue: 'timeout', canRetryPayment: true });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(4);
    expect(order.timeline.slice(-2).map((t) => [t.kind, t.actorName])).toEqual([
      ['payment_checked', adminName],
      ['payment_failed', 'M-Pesa'],
    ]);
    expect(order.timeline.at(-2)!.summary).toBe(
      'Asked M-Pesa about the payment. M-Pesa says “DS timeout user cannot be reached” (1037); the payment was updated.',
    );
    expect(order.payments[0]).toMatchObject({ status: 'failed', resultCode: 1037 });
    expect(order.payments[0]!.checkoutRequestId).toBeTruthy();
  });

  it('says a prompt still waiting for the shopper is waiting, and changes nothing else', async () => {
    const s = await shopperWithCart(ctx);
    const o = await placeOrder(s.call, phoneEnding('09'));
    const order = await check(o.orderId);
    expect(order.paymentStatus).toBe('pending');
    expect(order.timeline.at(-1)).toMatchObject({
      kind: 'payment_checked',
      summary: 'Asked M-Pesa about the payment: the prompt is still waiting for the shopper.',
    });
  });

  it('leaves a paid order paid: the check is recorded and nothing changes', async () => {
    const s = await shopperWithCart(ctx);
    const o = await placeOrder(s.call, phoneEnding('00'));
    await waitForOrder(ctx, s.token, o.orderId);
    const order = await check(o.orderId);
    expect(order.paymentStatus).toBe('paid');
    expect(order.timeline.at(-1)!.summary).toMatch(/M-Pesa says “.+” \(0\); nothing changed\.$/);
  });

  it('answers 502 when M-Pesa answers with an error, and 409 when no prompt ever reached it', async () => {
    // An id the simulator never issued: Daraja refuses the query.
    const unknown = await seedOrder(ctx.database.db, {
      paymentStatus: 'needs_review',
      paymentIssue: 'amount_mismatch',
      attempts: [{ status: 'needs_review', issue: 'amount_mismatch', resultCode: 0 }],
    });
    const res = await admin.post(`/admin/orders/${unknown.orderId}/payment-check`);
    expect(res.status).toBe(502);
    const body = await res.json();
    expect(body.code).toBe('mpesa_error');
    expect(body.message).toContain('Nothing was changed');
    expect(await activityOf(unknown.orderId)).toEqual([]);

    const never = await seedOrder(ctx.database.db, {
      paymentStatus: 'failed',
      paymentIssue: 'mpesa_unavailable',
      attempts: [{ status: 'failed', issue: 'mpesa_unavailable', checkoutRequestId: null }],
    });
    const none = await admin.post(`/admin/orders/${never.orderId}/payment-check`);
    expect(none.status).toBe(409);
    expect((await none.json()).code).toBe('no_prompt');
  });

  it('answers 503 when M-Pesa cannot be reached, changing nothing', async () => {
    const down = await createTestContext({
      MPESA_BASE_URL: 'http://127.0.0.1:9/api/dev/daraja',
      MPESA_TIMEOUT_MS: '2000',
    });
    try {
      const o = await seedOrder(down.database.db, {
        paymentStatus: 'pending',
        attempts: [{ status: 'pending' }],
      });
      const a = await shopper(down, 'admin');
      const res = await api(down, a.token).post(`/admin/orders/${o.orderId}/payment-check`);
      expect(res.status).toBe(503);
      const body = await res.json();
      expect(body).toMatchObject({ code: 'mpesa_unavailable' });
      expect(body.message).toContain('M-Pesa could not be reached to check the payment. Nothing was changed');
      expect(
        await down.database.db.select().from(activityLog).where(eq(activityLog.entityId, o.orderId)),
      ).toEqual([]);
    } finally {
      await down.close();
    }
  });
});

describe('mail to the shopper through checkout and payment', () => {
  it('queues "received" with the order lines at checkout and "paid" with the receipt once M-Pesa pays', async () => {
    const s = await shopperWithCart(ctx, { price: 480, quantity: 2 });
    const o = await placeOrder(s.call, phoneEnding('00'));
    const paid = await waitForOrder(ctx, s.token, o.orderId);
    const mail = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, s.email))
      .orderBy(mailOutbox.createdAt);
    expect(mail.map((m) => m.subject)).toEqual([
      `We have your order SKN${o.number}`,
      `Payment received for order SKN${o.number}`,
    ]);
    expect(mail[0]!.text).toContain(`2 × ${s.product.name} (1 kg): KSH 960`);
    expect(mail[0]!.text).toContain('Please complete the M-Pesa prompt on');
    const receipt = (paid as unknown as { payments: { receipt: string }[] }).payments[0]!.receipt;
    expect(receipt).toMatch(/^[A-Z0-9]{10}$/);
    expect(mail[1]!.text).toContain(`Your M-Pesa receipt is ${receipt}.`);
    expect(mail[1]!.html).toContain(receipt);
  });
});
