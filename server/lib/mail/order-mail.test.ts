import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, paymentAttempts, users } from '../../db/schema';
import { createUser } from '../../test/auth';
import { createTestContext, type TestContext } from '../../test/harness';
import { seedOrder, type SeedOrderOptions } from '../../test/orders';
import { queueOrderMail, type OrderMailEvent } from './order-mail';

// The order mails' figures: the lines, the items, a promo code's saving, the delivery and the total,
// which add up. Orders are written straight into the database with what checkout would have stored.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The mail queued for `event` about an order seeded with `o` (two units of 300 and a fee of 150 unless told). */
async function mailOf(o: SeedOrderOptions, event: OrderMailEvent = 'paid') {
  const order = await seedOrder(ctx.database.db, { name: 'Amina Odhiambo', ...o });
  const id = await queueOrderMail(ctx.database.db, order.orderId, event);
  const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
  return { ...mail!, order, totals: mail!.text.split('\n\n').at(-2)!.split('\n') };
}

describe("an order mail in the shopper's language", () => {
  it('is in Kiswahili for a shopper who chose it, figures and all', async () => {
    const order = await seedOrder(ctx.database.db, {
      name: 'Amina Odhiambo',
      promo: { code: 'KARIBU10', saving: 60, orderSaving: 60 },
    });
    await ctx.database.db.update(users).set({ language: 'sw' }).where(eq(users.id, order.userId));
    const id = await queueOrderMail(ctx.database.db, order.orderId, 'paid');
    const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(mail!.subject).toMatch(/^Malipo ya oda SKN\d+ yamepokelewa$/);
    expect(mail!.text).toContain('Habari Amina Odhiambo,');
    expect(mail!.text).toContain('Tumepokea malipo yako ya M-Pesa ya KSH 690');
    expect(mail!.text).toContain(
      'Bidhaa: KSH 600\nMsimbo wa ofa KARIBU10: −KSH 60\nUsafirishaji: KSH 150\nJumla: KSH 690',
    );
    expect(mail!.html).toContain('<html lang="sw-KE">');
    expect(mail!.text).not.toMatch(/Hello|Total|Delivery/);
  });
});

describe('an order mail with a promo code', () => {
  it('takes an order code off the items as a line of its own, and the totals add up', async () => {
    const mail = await mailOf({ promo: { code: 'KARIBU10', saving: 60, orderSaving: 60 } });
    expect(mail.totals).toEqual([
      'Items: KSH 600',
      'Promo code KARIBU10: −KSH 60',
      'Delivery: KSH 150',
      'Total: KSH 690',
    ]);
    expect(mail.text).toContain('We have received your M-Pesa payment of KSH 690');
    expect(mail.html).toContain('Promo code KARIBU10: −KSH 60<br>Delivery: KSH 150<br>Total: KSH 690');
  });

  it('says what a line code saved after the total, its prices being in the lines already', async () => {
    const mail = await mailOf({ price: 270, promo: { code: 'MANGO5', saving: 60 } }, 'received');
    expect(mail.text).toContain(`2 × ${mail.order.product.name} (1 kg): KSH 540`);
    expect(mail.totals).toEqual([
      'Items: KSH 540',
      'Delivery: KSH 150',
      'Total: KSH 690',
      'Promo code MANGO5 saved you KSH 60.',
    ]);
  });

  it('shows the delivery a delivery code made free', async () => {
    const mail = await mailOf({ fee: 0, promo: { code: 'FREEDEL', saving: 150 } });
    expect(mail.totals).toEqual([
      'Items: KSH 600',
      'Delivery: KSH 0',
      'Total: KSH 600',
      'Promo code FREEDEL saved you KSH 150.',
    ]);
  });

  it('says nothing of a code on an order placed without one', async () => {
    const mail = await mailOf({});
    expect(mail.totals).toEqual(['Items: KSH 600', 'Delivery: KSH 150', 'Total: KSH 750']);
    expect(mail.text).not.toContain('Promo');
    expect(mail.html).not.toContain('Promo');
  });
});

describe('what an order mail says about the payment and the rider', () => {
  it('gives the M-Pesa receipt of the payment on record, and the rider who is bringing it', async () => {
    const db = ctx.database.db;
    const order = await seedOrder(db, { name: 'Amina Odhiambo' });
    const at = new Date('2031-06-01T09:00:00Z');
    // A failed try, then the paid one: the receipt is the paid one's.
    for (const [status, receipt] of [
      ['failed', null],
      ['paid', 'QK71RCPT42'],
    ] as const)
      await db.insert(paymentAttempts).values({
        orderId: order.orderId,
        phone: '254712345678',
        amount: 750,
        status,
        receipt,
        completedAt: at,
        nextCheckAt: at,
        expiresAt: at,
      });
    const rider = await createUser(db, {
      type: 'admin',
      role: 'rider',
      name: 'Otieno Rider',
      phone: '254722000111',
    });
    await db.update(orders).set({ riderId: rider.id }).where(eq(orders.id, order.orderId));
    const text = async (event: OrderMailEvent) => {
      const id = await queueOrderMail(db, order.orderId, event);
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
      return mail!.text;
    };
    expect(await text('paid')).toContain('Your M-Pesa receipt is QK71RCPT42.');
    expect(await text('out_for_delivery')).toContain(
      'Otieno Rider is bringing it; you can call them on 0722 000 111.',
    );
  });
});
