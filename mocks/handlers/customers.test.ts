// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_BLOCKED_MESSAGE,
  CustomerDetail,
  CustomerExport,
  CustomerList,
} from '../../contract/admin-customers';
import { DEMO_USERS } from '../auth-db';
import { mockFetch, serveMocks, tokenOf } from '../test-api';
import { authHandlers } from './auth';
import { checkoutHandlers } from './checkout';
import { customerHandlers } from './customers';

serveMocks(...customerHandlers, ...checkoutHandlers, ...authHandlers);

const shopper = DEMO_USERS.shopper;
const path = (rest = '') => `/v1/admin/customers/${shopper.id}${rest}`;
const asOwner = () => ({ token: tokenOf('admin') });
const detail = async (res: Response) => CustomerDetail.parse(((await res.json()) as { data: unknown }).data);
const signIn = async () =>
  (
    (await (
      await mockFetch('POST', '/v1/auth/login', { email: shopper.email, password: shopper.password })
    ).json()) as {
      data: { token: string };
    }
  ).data.token;
const checkout = (token: string) =>
  mockFetch(
    'POST',
    '/v1/checkout',
    {
      phone: '0712 345 678',
      deliveryAreaId: 'westlands',
      address: 'Mpaka Road, Block B, flat 4',
      shown: { total: 100, shippingRate: 100, items: [] },
    },
    { token, headers: { 'Idempotency-Key': crypto.randomUUID() } },
  );

describe('the mocked customers screen', () => {
  it('finds the demo shopper by their phone in every Kenyan form, and by name', async () => {
    for (const q of ['0712 345 678', '712345678', '+254712345678', '254712345678', 'wanjiku']) {
      const res = await mockFetch(
        'GET',
        `/v1/admin/customers?q=${encodeURIComponent(q)}`,
        undefined,
        asOwner(),
      );
      expect(res.status, q).toBe(200);
      expect(
        CustomerList.parse(await res.json()).data.map((c) => c.email),
        q,
      ).toEqual([shopper.email]);
    }
  });

  it('blocks the shopper, whose session ends and whose checkout is refused; unblocks', async () => {
    const before = tokenOf('shopper');
    const blocked = await mockFetch('POST', path('/block'), { reason: '  Chargebacks  ' }, asOwner());
    expect(await detail(blocked)).toMatchObject({ blocked: true, blockedReason: 'Chargebacks' });
    expect((await checkout(before)).status).toBe(401);
    const refused = await checkout(await signIn());
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      code: 'customer_blocked',
      message: expect.stringContaining(CUSTOMER_BLOCKED_MESSAGE),
    });
    expect((await mockFetch('POST', path('/block'), { reason: 'Again' }, asOwner())).status).toBe(409);
    expect((await mockFetch('POST', path('/unblock'), undefined, asOwner())).status).toBe(200);
    expect((await mockFetch('POST', path('/unblock'), undefined, asOwner())).status).toBe(409);
  });

  it('exports the data as a file, then erases it: the shopper can no longer sign in', async () => {
    const file = await mockFetch('GET', path('/export'), undefined, asOwner());
    expect(file.headers.get('Content-Disposition')).toBe(
      `attachment; filename="sokoni-customer-${shopper.id}.json"`,
    );
    expect(CustomerExport.parse(await file.json()).profile.email).toBe(shopper.email);
    const wrong = await mockFetch('POST', path('/erase'), { confirmEmail: 'nope@example.com' }, asOwner());
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ issues: [{ path: 'confirmEmail' }] });
    const erased = await detail(
      await mockFetch('POST', path('/erase'), { confirmEmail: shopper.email }, asOwner()),
    );
    expect(erased).toMatchObject({
      name: 'Erased customer',
      email: `erased-${shopper.id}@erased.invalid`,
      erased: true,
    });
    const login = await mockFetch('POST', '/v1/auth/login', {
      email: shopper.email,
      password: shopper.password,
    });
    expect(login.status).toBe(400);
    expect((await mockFetch('POST', '/v1/auth/get-user', { email: erased.email })).status).toBe(403);
    expect((await mockFetch('POST', path('/erase'), { confirmEmail: erased.email }, asOwner())).status).toBe(
      409,
    );
  });

  it('refuses as the server does: a packer, a guest, a bad id, a staff id, a short reason', async () => {
    expect(
      (await mockFetch('GET', '/v1/admin/customers', undefined, { token: tokenOf('packer') })).status,
    ).toBe(403);
    expect((await mockFetch('GET', '/v1/admin/customers')).status).toBe(401);
    expect((await mockFetch('GET', '/v1/admin/customers/nope', undefined, asOwner())).status).toBe(400);
    const staff = await mockFetch('GET', `/v1/admin/customers/${DEMO_USERS.packer.id}`, undefined, asOwner());
    expect(staff.status).toBe(404);
    const short = await mockFetch('POST', path('/block'), { reason: ' a ' }, asOwner());
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ issues: [{ path: 'reason' }] });
  });
});
