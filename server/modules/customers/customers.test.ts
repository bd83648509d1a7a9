import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ERASED_MESSAGE,
  ALREADY_BLOCKED_MESSAGE,
  ALREADY_ERASED_MESSAGE,
  CONFIRM_EMAIL_MESSAGE,
  CUSTOMER_BLOCKED_MESSAGE,
  CustomerDetail,
  CustomerExport,
  CustomerList,
  ERASED_CANNOT_BLOCK_MESSAGE,
  NOT_BLOCKED_MESSAGE,
} from '../../../contract/admin-customers';
import {
  activityLog,
  cartItems,
  orders,
  paymentAttempts,
  savedItems,
  sessions,
  smsOutbox,
  users,
} from '../../db/schema';
import { hashPassword } from '../../lib/auth/password';
import { issueSession } from '../../lib/auth/session';
import { queueOrderMail } from '../../lib/mail/order-mail';
import { queueOrderNotices } from '../../lib/order-notices';
import { client, createUser, loginToken, uniqueEmail } from '../../test/auth';
import { seedOrder } from '../../test/orders';
import {
  api,
  checkoutBody,
  checkoutWith,
  phoneEnding,
  servedContextForFile,
  shopperWithCart,
  staffMember,
  stockOf,
} from '../../test/shop';

// The back office's customers over real HTTP (a checkout sends its prompt to the Daraja simulator).

const ctx = servedContextForFile();
const PASSWORD = 'a-good-password-42';

/** A shopper with a password and a profile phone as typed, signed in. */
async function customer(name: string, phone: string | null = null) {
  const user = await createUser(ctx.database.db, { name, password: PASSWORD });
  if (phone) await ctx.database.db.update(users).set({ phone }).where(eq(users.id, user.id));
  return { ...user, token: await issueSession(ctx.database.db, ctx.env, user) };
}

const body = async (res: Response) =>
  (await res.json()) as { data: unknown; code?: string; message?: string; issues?: { path: string }[] };
const detailOf = async (res: Response) => CustomerDetail.parse((await body(res)).data);
const path = (id: string, rest = '') => `/admin/customers/${id}${rest}`;

/** The digits after 2547 of a random Kenyan mobile, in each form people type it. */
function phoneForms() {
  const local = phoneEnding('00').slice(1); // 7XXXXXXXX
  return {
    profile: `0${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`,
    forms: [
      `0${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`,
      local,
      `+254${local}`,
      `254${local}`,
    ],
    msisdn: `254${local}`,
  };
}

describe('the customers list', () => {
  it('finds a shopper by name, email, and their phone in every Kenyan form, with their order figures', async () => {
    const manager = await staffMember(ctx, 'manager');
    const { profile, forms } = phoneForms();
    const zawadi = await customer('Zawadi Njeri', profile);
    const older = new Date(Date.now() - 3 * 86_400_000);
    const newer = new Date(Date.now() - 86_400_000);
    await seedOrder(ctx.database.db, {
      userId: zawadi.id,
      paymentStatus: 'paid',
      price: 300,
      quantity: 2,
      fee: 150,
      createdAt: older,
    });
    await seedOrder(ctx.database.db, { userId: zawadi.id, paymentStatus: 'failed', createdAt: newer });
    for (const q of ['zawadi nj', zawadi.email.toUpperCase(), ...forms]) {
      const res = await manager.call.get(`/admin/customers?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('no-store');
      const list = CustomerList.parse(await res.json());
      expect(
        list.data.map((c) => c.userId),
        q,
      ).toEqual([zawadi.id]);
      expect(list.data[0]).toMatchObject({
        name: 'Zawadi Njeri',
        phone: profile,
        ordersCount: 2,
        totalPaid: 750,
        lastOrderAt: newer.toISOString(),
        blocked: false,
        erased: false,
      });
    }
  });

  it('finds a shopper by the phone an order was paid from, and lists no staff', async () => {
    const owner = await staffMember(ctx, 'owner');
    const { forms, msisdn } = phoneForms();
    const baraka = await customer('Baraka Otieno');
    await seedOrder(ctx.database.db, { userId: baraka.id, phone: msisdn });
    for (const q of forms) {
      const list = CustomerList.parse(
        await (await owner.call.get(`/admin/customers?q=${encodeURIComponent(q)}`)).json(),
      );
      expect(
        list.data.map((c) => c.userId),
        q,
      ).toEqual([baraka.id]);
    }
    const all = CustomerList.parse(await (await owner.call.get('/admin/customers?limit=100')).json());
    expect(all.data.some((c) => c.userId === owner.id)).toBe(false);
    const page = CustomerList.parse(await (await owner.call.get('/admin/customers?limit=1&offset=1')).json());
    expect(page.meta).toMatchObject({ limit: 1, offset: 1 });
    expect(page.data).toHaveLength(1);
  });

  it('refuses bad paging and a search too long', async () => {
    const owner = await staffMember(ctx, 'owner');
    for (const q of ['limit=0', 'limit=101', 'offset=-1', `q=${'a'.repeat(101)}`])
      expect((await owner.call.get(`/admin/customers?${q}`)).status, q).toBe(400);
  });
});

describe("a customer's page", () => {
  it('shows the profile, the places their orders went, their orders and saved items count', async () => {
    const manager = await staffMember(ctx, 'manager');
    const amani = await customer('Amani Wekesa');
    const first = await seedOrder(ctx.database.db, {
      userId: amani.id,
      address: 'Kindaruma Road 4',
      createdAt: new Date(Date.now() - 7_200_000),
    });
    await seedOrder(ctx.database.db, {
      userId: amani.id,
      address: 'Kindaruma Road 4',
      product: first.product,
      createdAt: new Date(Date.now() - 3_600_000),
    });
    await seedOrder(ctx.database.db, {
      userId: amani.id,
      address: 'Ngong Road, Prestige Plaza',
      product: first.product,
    });
    await ctx.database.db.insert(savedItems).values({ userId: amani.id, productId: first.product.productId });
    const res = await manager.call.get(path(amani.id));
    expect(res.status).toBe(200);
    const detail = await detailOf(res);
    expect(detail).toMatchObject({
      name: 'Amani Wekesa',
      email: amani.email,
      ordersCount: 3,
      savedItemsCount: 1,
    });
    expect(detail.addresses.map((a) => [a.address, a.areaName, a.orders])).toEqual([
      ['Ngong Road, Prestige Plaza', 'Westlands', 1],
      ['Kindaruma Road 4', 'Westlands', 2],
    ]);
    expect(detail.orders).toHaveLength(3);
    expect(detail.orders.at(-1)!.orderId).toBe(first.orderId);
  });

  it('answers a bad id 400, and an unknown id or a staff account 404', async () => {
    const owner = await staffMember(ctx, 'owner');
    expect((await owner.call.get(path('not-a-uuid'))).status).toBe(400);
    expect((await owner.call.get(path(randomUUID()))).status).toBe(404);
    const notACustomer = await owner.call.get(path(owner.id));
    expect(notACustomer.status).toBe(404);
    expect((await body(notACustomer)).message).toContain('The customer was not found.');
    expect((await owner.call.post(path(owner.id, '/block'), { reason: 'Testing' })).status).toBe(404);
    expect((await owner.call.post(path(owner.id, '/erase'), { confirmEmail: owner.email })).status).toBe(404);
    expect((await owner.call.get(path(owner.id, '/export'))).status).toBe(404);
  });

  it('is for the owner and the manager: others are told what they lack, a guest is asked to sign in', async () => {
    const shopperAccount = await customer('Someone');
    const packer = await staffMember(ctx, 'fulfilment');
    const refused = await packer.call.get('/admin/customers');
    expect(refused.status).toBe(403);
    expect((await body(refused)).message).toContain('Your role (fulfilment) cannot see customers.');
    const catalogue = await staffMember(ctx, 'catalogue');
    const noBlock = await catalogue.call.post(path(shopperAccount.id, '/block'), { reason: 'Testing' });
    expect(noBlock.status).toBe(403);
    expect((await body(noBlock)).message).toContain(
      'Your role (catalogue) cannot block customers, export their data and erase them.',
    );
    expect((await api(ctx, shopperAccount.token).get('/admin/customers')).status).toBe(403);
    expect((await api(ctx).get('/admin/customers')).status).toBe(401);
    expect((await api(ctx).post(path(shopperAccount.id, '/erase'), { confirmEmail: 'x@y.z' })).status).toBe(
      401,
    );
  });
});

describe('blocking a customer', () => {
  it('ends their sessions and refuses their checkout before anything is held; unblocking lets them buy', async () => {
    const manager = await staffMember(ctx, 'manager', { name: 'Mercy Manager' });
    const s = await shopperWithCart(ctx, { stock: 5, quantity: 2 });
    await ctx.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(users.id, s.id));

    const blocked = await manager.call.post(path(s.id, '/block'), {
      reason: '  Chargebacks on three orders  ',
    });
    expect(blocked.status).toBe(200);
    expect(await detailOf(blocked)).toMatchObject({
      blocked: true,
      blockedReason: 'Chargebacks on three orders',
    });
    expect((await s.call.get('/cart')).status).toBe(401);

    const call = api(ctx, await loginToken(ctx, s.email, PASSWORD));
    const pushes = ctx.pushes.length;
    const refused = await checkoutWith(call, checkoutBody(phoneEnding('00')));
    expect(refused.status).toBe(403);
    expect(await body(refused)).toMatchObject({
      code: 'customer_blocked',
      message: expect.stringContaining(CUSTOMER_BLOCKED_MESSAGE),
    });
    expect(await stockOf(ctx.database.db, s.variantId)).toBe(5);
    expect(ctx.pushes.length).toBe(pushes);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.userId, s.id))).toEqual([]);

    const again = await manager.call.post(path(s.id, '/block'), { reason: 'Once more' });
    expect(again.status).toBe(409);
    expect(await body(again)).toMatchObject({
      code: 'already_blocked',
      message: expect.stringContaining(ALREADY_BLOCKED_MESSAGE),
    });

    const unblocked = await manager.call.post(path(s.id, '/unblock'));
    expect(unblocked.status).toBe(200);
    expect(await detailOf(unblocked)).toMatchObject({ blocked: false, blockedAt: null, blockedReason: null });
    expect((await checkoutWith(call, checkoutBody(phoneEnding('00')))).status).toBe(201);
    const twice = await manager.call.post(path(s.id, '/unblock'));
    expect(twice.status).toBe(409);
    expect(await body(twice)).toMatchObject({
      code: 'not_blocked',
      message: expect.stringContaining(NOT_BLOCKED_MESSAGE),
    });

    const log = await ctx.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.entity, 'customer'), eq(activityLog.entityId, s.id)))
      .orderBy(activityLog.createdAt);
    expect(log.map((e) => [e.action, e.actorName, e.summary])).toEqual([
      ['blocked', 'Mercy Manager', 'Chargebacks on three orders'],
      ['unblocked', 'Mercy Manager', ''],
    ]);
  });

  it('needs a reason of 3 to 300 characters, and nothing else in the body', async () => {
    const owner = await staffMember(ctx, 'owner');
    const target = await customer('Reasonless');
    for (const reason of ['  ab  ', 'x'.repeat(301), 42, undefined]) {
      const res = await owner.call.post(path(target.id, '/block'), { reason });
      expect(res.status, String(reason)).toBe(400);
      expect((await body(res)).issues?.map((i) => i.path)).toEqual(['reason']);
    }
    expect(
      (await owner.call.post(path(target.id, '/block'), { reason: 'Fine reason', extra: 1 })).status,
    ).toBe(400);
    expect((await owner.call.post(path('nope', '/block'), { reason: 'Fine reason' })).status).toBe(400);
    expect((await owner.call.post(path(randomUUID(), '/block'), { reason: 'Fine reason' })).status).toBe(404);
  });
});

describe("a customer's data", () => {
  it('exports as a JSON file: profile, addresses, orders with items and payments, saved items', async () => {
    const owner = await staffMember(ctx, 'owner', { name: 'Olivia Owner' });
    const wambui = await customer('Wambui Kariuki', '+254 722 000 111');
    const order = await seedOrder(ctx.database.db, { userId: wambui.id, paymentStatus: 'paid' });
    await ctx.database.db
      .insert(savedItems)
      .values({ userId: wambui.id, productId: order.product.productId });
    const res = await owner.call.get(path(wambui.id, '/export'));
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toBe(
      `attachment; filename="sokoni-customer-${wambui.id}.json"`,
    );
    const file = CustomerExport.parse(await res.json());
    expect(file.profile).toMatchObject({
      userId: wambui.id,
      name: 'Wambui Kariuki',
      email: wambui.email,
      phone: '+254 722 000 111',
    });
    expect(file.addresses).toHaveLength(1);
    expect(file.orders).toHaveLength(1);
    expect(file.orders[0]!.items[0]).toMatchObject({ name: order.product.name, quantity: 2 });
    expect(file.orders[0]!.payments[0]).toMatchObject({ status: 'paid' });
    expect(file.savedItems.map((s) => s.productId)).toEqual([order.product.productId]);
    const [entry] = await ctx.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.entityId, wambui.id));
    expect(entry).toMatchObject({ entity: 'customer', action: 'exported', actorName: 'Olivia Owner' });
  });

  it('erases the person and keeps the orders for the books, anonymised; the account cannot sign in', async () => {
    const manager = await staffMember(ctx, 'manager', { name: 'Mercy Manager' });
    const email = uniqueEmail('erase-me');
    const user = await createUser(ctx.database.db, { email, name: 'Kamau Erasable', password: PASSWORD });
    await ctx.database.db.update(users).set({ phone: '0733 111 222' }).where(eq(users.id, user.id));
    const token = await loginToken(ctx, email, PASSWORD);
    const order = await seedOrder(ctx.database.db, { userId: user.id, address: 'House 12, Karen Road' });
    await ctx.database.db.insert(savedItems).values({ userId: user.id, productId: order.product.productId });
    await ctx.database.db.insert(cartItems).values({
      userId: user.id,
      productId: order.product.productId,
      variantId: order.variantId,
      quantity: 1,
    });

    const wrong = await manager.call.post(path(user.id, '/erase'), { confirmEmail: 'someone@else.com' });
    expect(wrong.status).toBe(400);
    const mismatch = await body(wrong);
    expect(mismatch.message).toContain(CONFIRM_EMAIL_MESSAGE);
    expect(mismatch.issues?.map((i) => i.path)).toEqual(['confirmEmail']);
    expect((await manager.call.post(path(user.id, '/erase'), {})).status).toBe(400);

    const res = await manager.call.post(path(user.id, '/erase'), {
      confirmEmail: `  ${email.toUpperCase()} `,
    });
    expect(res.status).toBe(200);
    const erased = await detailOf(res);
    expect(erased).toMatchObject({
      name: 'Erased customer',
      email: `erased-${user.id}@erased.invalid`,
      phone: null,
      erased: true,
      ordersCount: 1,
      savedItemsCount: 0,
      addresses: [{ address: 'Erased', areaName: 'Westlands' }],
    });

    // Out everywhere, and no way back in.
    expect((await api(ctx, token).get('/orders')).status).toBe(401);
    expect((await client(ctx).post('/auth/login', { email, password: PASSWORD })).status).toBe(400);
    const byCode = await client(ctx).post('/auth/get-user', { email: erased.email });
    expect(byCode.status).toBe(403);
    expect(await body(byCode)).toMatchObject({
      code: 'account_erased',
      message: expect.stringContaining(ACCOUNT_ERASED_MESSAGE),
    });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ passwordHash: null, phone: null });
    expect(
      (await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).every(
        (s) => s.revokedAt,
      ),
    ).toBe(true);
    expect(await ctx.database.db.select().from(cartItems).where(eq(cartItems.userId, user.id))).toEqual([]);

    // The order stays, with its money, and the admin order page names the erased customer.
    const [kept] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(kept).toMatchObject({
      address: 'Erased',
      phone: 'Erased',
      total: order.total,
      deliveryAreaName: 'Westlands',
    });
    expect(kept!.lat).toBeCloseTo(-1.2676);
    expect(
      (
        await ctx.database.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.orderId))
      )[0],
    ).toMatchObject({ phone: 'Erased' });
    const adminOrder = (await body(await manager.call.get(`/admin/orders/${order.orderId}`))).data as {
      customer: { name: string; email: string };
      delivery: { address: string };
    };
    expect(adminOrder.customer).toMatchObject({ name: 'Erased customer', email: erased.email });
    expect(adminOrder.delivery.address).toBe('Erased');

    const again = await manager.call.post(path(user.id, '/erase'), { confirmEmail: erased.email });
    expect(again.status).toBe(409);
    expect(await body(again)).toMatchObject({
      code: 'already_erased',
      message: expect.stringContaining(ALREADY_ERASED_MESSAGE),
    });
    const tooLate = await manager.call.post(path(user.id, '/block'), { reason: 'Too late' });
    expect(tooLate.status).toBe(409);
    expect(await body(tooLate)).toMatchObject({
      code: 'erased',
      message: expect.stringContaining(ERASED_CANNOT_BLOCK_MESSAGE),
    });
    const actions = (
      await ctx.database.db.select().from(activityLog).where(eq(activityLog.entityId, user.id))
    ).map((e) => [e.action, e.actorName, e.summary]);
    expect(actions).toEqual([['erased', 'Mercy Manager', '']]);
  });

  it("forgets a block's reason, refuses even a session opened as the erasure committed, and mails nothing more", async () => {
    const manager = await staffMember(ctx, 'manager');
    const email = uniqueEmail('erase-late');
    const user = await createUser(ctx.database.db, { email, name: 'Late Session', password: PASSWORD });
    const order = await seedOrder(ctx.database.db, { userId: user.id });
    // A text about the order still in the outbox holds the phone: it goes with the erasure.
    expect(await queueOrderNotices(ctx.database.db, order.orderId, 'received')).toBe(true);
    const reason = 'Lives at House 12, Karen Road; refuses deliveries';
    expect((await manager.call.post(path(user.id, '/block'), { reason })).status).toBe(200);
    expect((await manager.call.post(path(user.id, '/erase'), { confirmEmail: email })).status).toBe(200);

    const log = await ctx.database.db.select().from(activityLog).where(eq(activityLog.entityId, user.id));
    expect(log.map((e) => e.action).sort()).toEqual(['blocked', 'erased']);
    expect(log.every((e) => e.summary === '')).toBe(true);

    // A password sign-in checked before the erasure committed opens its session after it: refused.
    const late = await issueSession(ctx.database.db, ctx.env, user);
    expect((await api(ctx, late).get('/orders')).status).toBe(401);
    // Nobody is left to write to: a later move of the order queues no mail.
    expect(await queueOrderMail(ctx.database.db, order.orderId, 'delivered')).toBeNull();
    expect(await queueOrderNotices(ctx.database.db, order.orderId, 'delivered')).toBe(false);
    expect(
      await ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox.orderId, order.orderId)),
    ).toEqual([]);
  });
});
