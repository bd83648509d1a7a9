import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartItems, mailOutbox, smsOutbox, users, variants } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { loadOrderMail, orderEmail } from '../../lib/mail/order-mail';
import { createDarajaClientFromEnv } from '../../lib/payments/daraja';
import { orderSmsText } from '../../../contract/order-sms';
import { createUser } from '../../test/auth';
import { recordingDb } from '../../test/harness';
import {
  checkoutBody,
  idempotencyKey,
  phoneEnding,
  servedContextForFile,
  shopperWithCart,
  shownFor,
  stockOf,
} from '../../test/shop';
import { eraseCustomer } from '../customers/service';
import { createCheckoutService } from './service';

// What a checkout costs the database in round trips: in a flash sale the server's event loop is full
// and every statement is one more turn of it, so the count is part of checkout's contract.

const ctx = servedContextForFile();

/** The shopper's checkout, straight through the service over a handle that records its statements. */
async function checkoutRecorded(
  s: Awaited<ReturnType<typeof shopperWithCart>>,
  /** What happens after the shopper's session was checked and before the checkout reads. */
  meanwhile?: () => Promise<unknown>,
) {
  const body = checkoutBody(phoneEnding('00'));
  const shown = await shownFor(s.call, body);
  await meanwhile?.();
  recorded ??= recordingDb(ctx.database);
  service ??= createCheckoutService({
    db: recorded.db,
    env: ctx.env,
    daraja: createDarajaClientFromEnv(ctx.env),
    logger: createLogger('silent'),
  });
  const user = {
    id: s.id,
    email: s.email,
    name: s.name,
    type: 'customer' as const,
    role: null,
    sessionId: 'x',
  };
  const from = recorded.statements.length;
  const answer = await service
    .checkout(user, idempotencyKey(), { ...body, shown }, '127.0.0.1')
    .catch((err: unknown) => err);
  // PGlite opens and ends transactions itself; PostgreSQL's begin and commit are not counted here.
  const statements = recorded.statements.slice(from).filter((q) => q !== 'begin' && q !== 'commit');
  return { answer, statements };
}
let recorded: ReturnType<typeof recordingDb> | undefined;
let service: ReturnType<typeof createCheckoutService> | undefined;

describe('checkout round trips', () => {
  it('places an order in eight statements inside its transaction, the stock taken by the last', async () => {
    // A first checkout on the handle: delivery areas are kept a minute per handle after it.
    await checkoutRecorded(await shopperWithCart(ctx));
    const s = await shopperWithCart(ctx, { stock: 5, quantity: 2 });
    await ctx.database.db.update(users).set({ smsUpdates: true }).where(eq(users.id, s.id));
    const { answer, statements } = await checkoutRecorded(s);
    expect(answer).toMatchObject({ replayed: false, result: { paymentStatus: 'pending' } });

    const shapes = [
      /^select .*o\.idempotency_key = .* from "cart_items" /, // the priced cart, with the order its key made
      /^select "blocked_at", .* from "users" .* for no key update$/, // the shopper's lock
      /^select \(\s*select json_build_object\('id', o\.id/, // the key's order and the unpaid ones
      /^select .* from "cart_items" .* for update of "cart_items"$/, // the cart under the lock
      /from "delivery_areas"/, // the fee's area, read afresh
      /insert into "rate_limits"/, // the prompt allowances
      /^insert into "orders" /,
      // Its lines, the payment attempt, the cart emptied and the notices: one statement.
      /^with "w0" as \(insert into "order_items" .*"w1" as \(insert into "payment_attempts" .*"w2" as \(delete from "cart_items" .*"w3" as \(insert into "mail_outbox" .*"w4" as \(insert into "sms_outbox" /,
      /^\s*with want as /, // units and uses: the hot rows, held for this statement and the commit
      /^update "payment_attempts" set "merchant_request_id"/, // the prompt went out
      /^select .* from "orders"/, // the answer
    ];
    expect(statements).toHaveLength(shapes.length);
    statements.forEach((q, i) => expect(q.replace(/\s+/g, ' ')).toMatch(shapes[i]!));
  });

  it('tells the shopper exactly what reading the order back would have told them', async () => {
    const s = await shopperWithCart(ctx, { stock: 5, quantity: 3, price: 250 });
    await ctx.database.db.update(users).set({ smsUpdates: true, language: 'sw' }).where(eq(users.id, s.id));
    const { answer } = await checkoutRecorded(s);
    const orderId = (answer as { result: { orderId: string } }).result.orderId;
    const data = (await loadOrderMail(ctx.database.db, orderId))!;
    const [mail] = await ctx.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, s.email));
    expect(mail).toMatchObject(orderEmail(data, 'received'));
    const [sms] = await ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.orderId, orderId));
    expect(sms).toMatchObject({
      event: 'received',
      language: 'sw',
      text: orderSmsText(data, 'received', 'sw'),
    });
  });

  it('refuses a sold-out cart after one statement, without a transaction', async () => {
    const s = await shopperWithCart(ctx, { stock: 5, quantity: 2 });
    // Sold out between the page and Pay.
    await ctx.database.db.update(variants).set({ quantity: 1 }).where(eq(variants.id, s.variantId));
    const { answer, statements } = await checkoutRecorded(s);
    expect(answer).toMatchObject({ status: 409, code: 'out_of_stock' });
    expect(statements).toHaveLength(1);
  });

  it('refuses a shopper erased after their session was checked as the transaction would, not as an empty cart', async () => {
    const s = await shopperWithCart(ctx, { stock: 5, quantity: 2 });
    const owner = await createUser(ctx.database.db, { type: 'admin', role: 'owner', name: 'Erasing Owner' });
    // The erasure commits between the checkout's session check and its cart read: it emptied the cart.
    const erase = () => eraseCustomer(ctx.database.db, owner, s.id, s.email);
    const { answer, statements } = await checkoutRecorded(s, erase);
    expect(answer).toMatchObject({ status: 403, code: 'customer_blocked' });
    // The cart read, then one statement for the key's order and the shopper's state.
    expect(statements).toHaveLength(2);
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(5);
  });

  it('still tells a shopper with an empty cart that it is empty', async () => {
    const s = await shopperWithCart(ctx, { stock: 5, quantity: 2 });
    const { answer } = await checkoutRecorded(s, () =>
      ctx.database.db.delete(cartItems).where(eq(cartItems.userId, s.id)),
    );
    expect(answer).toMatchObject({ status: 400, code: 'cart_empty' });
  });
});
