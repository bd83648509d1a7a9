import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { paymentAttempts, variants } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { MPESA_CALLBACK_PROBE_HEADER, MPESA_CALLBACK_PROOF_HEADER } from '../../../contract/checkout';
import { newProbeNonce, probeBody, probeProof } from '../../lib/payments/callback-probe';
import {
  attemptsOf,
  orderOf,
  phoneEnding,
  placeOrder,
  postCallback,
  reconcileUntil,
  servedContextForFile,
  shopperWithCart,
  stkCallback,
  stockOf,
  waitForOrder,
  type TestOrder,
} from '../../test/shop';

// How payments end, over real HTTP: the app talks to its own Daraja simulator, which calls back
// into the app, as in development. Phone endings choose the outcome.

const ctx = servedContextForFile({ PAYMENT_QUERY_DELAY_MS: '50' });

describe('every simulator outcome ends in the right state', () => {
  const failures: [string, string][] = [
    ['01', 'cancelled'],
    ['02', 'insufficient_funds'],
    ['03', 'wrong_pin'],
  ];
  for (const [ending, issue] of failures) {
    it(`…${ending}: failed (${issue}), the stock goes back and a retry is offered`, async () => {
      const s = await shopperWithCart(ctx, { stock: 4, quantity: 3 });
      const o = await placeOrder(s.call, phoneEnding(ending));
      expect(await stockOf(ctx.database.db, s.variantId)).toBe(1);
      const done = (await waitForOrder(ctx, s.token, o.orderId)) as TestOrder;
      expect(done).toMatchObject({ paymentStatus: 'failed', paymentIssue: issue, canRetryPayment: true });
      expect(done.paymentMessage).toBeTruthy();
      expect(done.payments[0]).toMatchObject({ status: 'failed', issue });
      expect(await stockOf(ctx.database.db, s.variantId)).toBe(4);
    });
  }

  it('…04: no callback; the reconciler asks Daraja and fails it (timeout), returning the stock', async () => {
    const s = await shopperWithCart(ctx, { stock: 2, quantity: 2 });
    const o = await placeOrder(s.call, phoneEnding('04'));
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(0);
    const done = await reconcileUntil(ctx, s.token, o.orderId, (x) => x.paymentStatus !== 'pending');
    expect(done).toMatchObject({ paymentStatus: 'failed', paymentIssue: 'timeout' });
    expect(done.payments[0]).toMatchObject({ status: 'failed', resultCode: 1037 });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(2);
  });

  it('…06: a callback with the wrong amount is never paid: needs_review, stock held', async () => {
    const s = await shopperWithCart(ctx, { stock: 5, quantity: 1 });
    const o = await placeOrder(s.call, phoneEnding('06'));
    const done = (await waitForOrder(ctx, s.token, o.orderId)) as TestOrder;
    expect(done).toMatchObject({
      paymentStatus: 'needs_review',
      paymentIssue: 'amount_mismatch',
      canRetryPayment: false,
    });
    const [attempt] = await attemptsOf(ctx, o.orderId);
    expect(attempt).toMatchObject({ status: 'needs_review', paidAmount: o.total - 1 });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(4);
    expect((await s.call.post(`/orders/${o.orderId}/pay`, {})).status).toBe(409);
  });

  it('…09 never answered: expired by the reconciler, stock back; a late payment still makes it paid', async () => {
    const s = await shopperWithCart(ctx, { stock: 3, quantity: 2 });
    const o = await placeOrder(s.call, phoneEnding('09'));
    await ctx.database.db
      .update(paymentAttempts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentAttempts.orderId, o.orderId));
    const expired = await reconcileUntil(ctx, s.token, o.orderId, (x) => x.paymentStatus !== 'pending');
    expect(expired).toMatchObject({
      paymentStatus: 'expired',
      paymentIssue: 'no_answer',
      canRetryPayment: true,
    });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(3);

    // The shopper finally presses Pay on the phone: the late callback is not lost.
    const [attempt] = await attemptsOf(ctx, o.orderId);
    const pressed = await ctx.request(`/api/dev/phone/prompts/${attempt!.checkoutRequestId}/pay`, {
      method: 'POST',
    });
    expect(pressed.status).toBe(200);
    const paid = (await waitForOrder(
      ctx,
      s.token,
      o.orderId,
      (x) => x.paymentStatus === 'paid',
    )) as TestOrder;
    expect(paid.payments[0]).toMatchObject({ status: 'paid' });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(1);
  });

  it('a late payment after the stock was sold elsewhere goes to review, never paid', async () => {
    const s = await shopperWithCart(ctx, { stock: 2, quantity: 2 });
    const o = await placeOrder(s.call, phoneEnding('09'));
    await ctx.database.db
      .update(paymentAttempts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(paymentAttempts.orderId, o.orderId));
    await reconcileUntil(ctx, s.token, o.orderId, (x) => x.paymentStatus === 'expired');
    await ctx.database.db.update(variants).set({ quantity: 1 }).where(eq(variants.id, s.variantId));
    const [attempt] = await attemptsOf(ctx, o.orderId);
    await ctx.request(`/api/dev/phone/prompts/${attempt!.checkoutRequestId}/pay`, { method: 'POST' });
    const done = (await waitForOrder(
      ctx,
      s.token,
      o.orderId,
      (x) => x.paymentStatus !== 'expired',
    )) as TestOrder;
    expect(done).toMatchObject({ paymentStatus: 'needs_review', paymentIssue: 'paid_out_of_stock' });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(1);
  });
});

describe('the callback', () => {
  it('answers a wrong secret with 404, before reading the body', async () => {
    const res = await postCallback(ctx, 'not-the-secret', stkCallback('ws_CO_x', 0));
    expect(res.status).toBe(404);
    expect((await postCallback(ctx, `${ctx.env.MPESA_CALLBACK_SECRET}x`, 'garbage')).status).toBe(404);
  });

  it('refuses a body that is not a Daraja callback with 400, and logs it', async () => {
    for (const body of [{}, { Body: {} }, { Body: { stkCallback: { CheckoutRequestID: 'x' } } }]) {
      expect((await postCallback(ctx, ctx.env.MPESA_CALLBACK_SECRET, body)).status).toBe(400);
    }
    const warnings: string[] = [];
    const logger: Logger = {
      debug: () => undefined,
      info: () => undefined,
      warn: (msg, fields) => void warnings.push(`${msg} ${JSON.stringify(fields)}`),
      error: () => undefined,
      child: () => logger,
    };
    const app = createApp({ env: ctx.env, database: ctx.database, logger });
    const path = `/api/v1/payments/mpesa/callback/${ctx.env.MPESA_CALLBACK_SECRET}`;
    const headers = { 'Content-Type': 'application/json' };
    expect((await app.request(path, { method: 'POST', headers, body: '{"Body":{}}' })).status).toBe(400);
    expect((await app.request(path, { method: 'POST', headers, body: 'not json' })).status).toBe(400);
    expect(warnings).toEqual([
      expect.stringMatching(/^mpesa callback refused .*Body\.stkCallback/),
      expect.stringMatching(/^mpesa callback refused .*not valid JSON/),
    ]);
  });

  describe('a probe (npm run mpesa:check)', () => {
    const probe = (secret: string, nonce: string, body: unknown = probeBody(nonce)) =>
      ctx.request(`/api/v1/payments/mpesa/callback/${secret}`, {
        method: 'POST',
        headers: { [MPESA_CALLBACK_PROBE_HEADER]: nonce },
        json: body,
      });

    it('is signed with the secret, and even a payment in its body changes nothing', async () => {
      const s = await shopperWithCart(ctx, { stock: 3, quantity: 1 });
      const o = await placeOrder(s.call, phoneEnding('09'));
      const [attempt] = await attemptsOf(ctx, o.orderId);
      const nonce = newProbeNonce();
      const res = await probe(
        ctx.env.MPESA_CALLBACK_SECRET,
        nonce,
        stkCallback(attempt!.checkoutRequestId!, 0, {
          amount: o.total,
          receipt: `PRB${randomUUID().slice(0, 7)}`,
          phone: attempt!.phone,
        }),
      );
      expect(res.status).toBe(200);
      expect(res.headers.get(MPESA_CALLBACK_PROOF_HEADER)).toBe(
        probeProof(ctx.env.MPESA_CALLBACK_SECRET, nonce),
      );
      expect(await res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Probe answered; nothing was changed' });
      expect(await orderOf(ctx, s.token, o.orderId)).toMatchObject({ paymentStatus: 'pending' });
      expect(await stockOf(ctx.database.db, s.variantId)).toBe(2);
    });

    it('is checked like any callback: a body that is not one is a 400, unsigned', async () => {
      const res = await probe(ctx.env.MPESA_CALLBACK_SECRET, newProbeNonce(), { Body: 'not a callback' });
      expect(res.status).toBe(400);
      expect(res.headers.get(MPESA_CALLBACK_PROOF_HEADER)).toBeNull();
    });

    it('with a wrong secret is an unknown route: no signature, nothing learnt', async () => {
      const res = await probe(`${ctx.env.MPESA_CALLBACK_SECRET}x`, newProbeNonce());
      expect(res.status).toBe(404);
      expect(res.headers.get(MPESA_CALLBACK_PROOF_HEADER)).toBeNull();
    });

    it('with a malformed nonce is a 400 naming the header', async () => {
      for (const nonce of ['', 'short', `${'a'.repeat(40)}!`, 'b'.repeat(129)]) {
        const res = await probe(ctx.env.MPESA_CALLBACK_SECRET, nonce, probeBody(newProbeNonce()));
        expect(res.status).toBe(400);
        expect(res.headers.get(MPESA_CALLBACK_PROOF_HEADER)).toBeNull();
        expect((await res.json()).issues).toEqual([
          { path: MPESA_CALLBACK_PROBE_HEADER, message: expect.stringMatching(/32 to 128/) },
        ]);
      }
    });
  });

  it('acknowledges an unknown CheckoutRequestID and changes nothing', async () => {
    const res = await postCallback(
      ctx,
      ctx.env.MPESA_CALLBACK_SECRET,
      stkCallback(`ws_CO_${randomUUID()}`, 0, { amount: 10, receipt: 'UNK0000001', phone: '254700000000' }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
  });

  it('marks a posted payment with the wrong amount needs_review, and the right one paid only once', async () => {
    const s = await shopperWithCart(ctx, { stock: 5, quantity: 1 });
    const o = await placeOrder(s.call, phoneEnding('09'));
    const [attempt] = await attemptsOf(ctx, o.orderId);
    const phone = attempt!.phone;
    const wrong = await postCallback(
      ctx,
      ctx.env.MPESA_CALLBACK_SECRET,
      stkCallback(attempt!.checkoutRequestId!, 0, {
        amount: o.total + 100,
        receipt: `WRG${randomUUID().slice(0, 7)}`,
        phone,
      }),
    );
    expect(await wrong.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    const after = await orderOf(ctx, s.token, o.orderId);
    expect(after).toMatchObject({ paymentStatus: 'needs_review', paymentIssue: 'amount_mismatch' });
    // A later correct callback for the same prompt cannot make it paid: the attempt already moved.
    await postCallback(
      ctx,
      ctx.env.MPESA_CALLBACK_SECRET,
      stkCallback(attempt!.checkoutRequestId!, 0, {
        amount: o.total,
        receipt: `RGT${randomUUID().slice(0, 7)}`,
        phone,
      }),
    );
    expect((await orderOf(ctx, s.token, o.orderId)).paymentStatus).toBe('needs_review');
  });
});
