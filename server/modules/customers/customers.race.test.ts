import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ALREADY_BLOCKED_MESSAGE, CUSTOMER_BLOCKED_MESSAGE } from '../../../contract/admin-customers';
import { activityLog, orders, users } from '../../db/schema';
import { createUser } from '../../test/auth';
import { raceEngine } from '../../test/harness';
import {
  checkoutBody,
  checkoutWith,
  phoneEnding,
  servedContextForFile,
  shopperWithCart,
  shownFor,
  stockOf,
} from '../../test/shop';
import { eraseCustomer, setCustomerBlocked } from './service';

// Races (see raceEngine): the customer's row is the one lock a block, an erasure and a checkout take.

const ctx = servedContextForFile();

const manager = async (name: string) => ({
  ...(await createUser(ctx.database.db, { type: 'admin', role: 'manager', name })),
  sessionId: '',
});

describe(`customer races (${raceEngine})`, () => {
  it('two managers blocking the same customer at once: one blocks, the other is told it is done', async () => {
    const [first, second] = await Promise.all([manager('First Manager'), manager('Second Manager')]);
    const target = await createUser(ctx.database.db, { name: 'Double Blocked' });
    const results = await Promise.allSettled([
      setCustomerBlocked(ctx.database.db, first, target.id, { reason: 'Fraud report' }),
      setCustomerBlocked(ctx.database.db, second, target.id, { reason: 'Abusive calls' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({
      status: 409,
      code: 'already_blocked',
      message: ALREADY_BLOCKED_MESSAGE,
    });
    const log = await ctx.database.db.select().from(activityLog).where(eq(activityLog.entityId, target.id));
    expect(log.map((e) => e.action)).toEqual(['blocked']);
  });

  it('an erasure racing a checkout: the order is refused untouched, or placed and then anonymised', async () => {
    const owner = await manager('Erasing Manager');
    const s = await shopperWithCart(ctx, { stock: 5, quantity: 2 });
    const body = checkoutBody(phoneEnding('00'));
    const shown = await shownFor(s.call, body);
    const [checkout, erased] = await Promise.allSettled([
      checkoutWith(s.call, { ...body, shown }),
      eraseCustomer(ctx.database.db, owner, s.id, s.email),
    ]);
    expect(erased.status).toBe('fulfilled');
    const placed = await ctx.database.db.select().from(orders).where(eq(orders.userId, s.id));
    const res = (checkout as PromiseFulfilledResult<Response>).value;
    if (res.status === 201) {
      // Placed first: the erasure found the order and anonymised it with the rest.
      expect(placed).toHaveLength(1);
      expect(placed[0]).toMatchObject({ address: 'Erased', phone: 'Erased' });
      expect(await stockOf(ctx.database.db, s.variantId)).toBe(3);
    } else {
      // Erased first: the checkout found the account gone (its session may already be over).
      expect([401, 403]).toContain(res.status);
      if (res.status === 403)
        expect(await res.json()).toMatchObject({
          code: 'customer_blocked',
          message: expect.stringContaining(CUSTOMER_BLOCKED_MESSAGE),
        });
      expect(placed).toEqual([]);
      expect(await stockOf(ctx.database.db, s.variantId)).toBe(5);
    }
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, s.id));
    expect(row).toMatchObject({ name: 'Erased customer', passwordHash: null });
  });
});
