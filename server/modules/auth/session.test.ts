import { Hono } from 'hono';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { currentUser, requireAdmin, requireUser } from '../../lib/auth/middleware';
import { handleError, type AppEnv } from '../../lib/http';
import type { TestContext } from '../../test/harness';
import { authTestContext, client, createUser, loginToken, uniqueEmail } from '../../test/auth';

let ctx: TestContext;
let api: ReturnType<typeof client>;
let guarded: Hono<AppEnv>;
let customer: { id: string; email: string; token: string };
let admin: { id: string; email: string; token: string };

beforeAll(async () => {
  ctx = await authTestContext();
  api = client(ctx);
  // A tiny app with the guards other modules use, as they would mount them.
  guarded = new Hono<AppEnv>()
    .get('/mine', requireUser(ctx), (c) => c.json({ id: currentUser(c).id }))
    .get('/admin-only', requireAdmin(ctx), (c) =>
      c.json({ id: currentUser(c).id, type: currentUser(c).type }),
    );
  guarded.onError(handleError);
  const c = await createUser(ctx.database.db, { email: uniqueEmail('customer'), password: 'customer-pass' });
  const a = await createUser(ctx.database.db, {
    email: uniqueEmail('admin'),
    password: 'admin-password',
    type: 'admin',
  });
  customer = { id: c.id, email: c.email, token: await loginToken(ctx, c.email, 'customer-pass') };
  admin = { id: a.id, email: a.email, token: await loginToken(ctx, a.email, 'admin-password') };
});
afterAll(() => ctx.close());

const me = (token: string) => api.get('/auth/me', { token });
const key = () => new TextEncoder().encode(ctx.env.JWT_SECRET);

/** A token signed with the server's key but with claims of the test's choosing (and a live session). */
async function forge(
  claims: Record<string, unknown>,
  { iat, exp, session = true }: { iat?: number; exp?: number; session?: boolean } = {},
) {
  const jti = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  if (session) {
    await ctx.database.db.insert(sessions).values({
      jti,
      userId: claims.userId as string,
      expiresAt: new Date(((exp ?? now + 3600) + 3600) * 1000),
    });
  }
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat ?? now)
    .setExpirationTime(exp ?? now + 3600)
    .setJti(jti)
    .setIssuer(ctx.env.JWT_ISSUER)
    .setAudience(ctx.env.JWT_AUDIENCE)
    .sign(key());
}

const tamper = (token: string, change: (claims: Record<string, unknown>) => void) => {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  change(claims);
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
};

describe('bearer tokens', () => {
  it('accept a fresh token and carry userId, type, email and name', async () => {
    expect((await me(customer.token)).status).toBe(200);
    expect(decodeJwt(customer.token)).toMatchObject({
      userId: customer.id,
      type: 'customer',
      email: customer.email,
      name: 'Test Shopper',
    });
  });

  it('refuse a missing or malformed Authorization header with 401 and WWW-Authenticate', async () => {
    const none = await api.get('/auth/me');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(
      (await api.get('/auth/me', { headers: { Authorization: `Basic ${customer.token}` } })).status,
    ).toBe(401);
    expect((await me('not-a-jwt')).status).toBe(401);
  });

  it('refuse a token whose payload was changed to claim admin', async () => {
    const forged = tamper(customer.token, (c) => (c.type = 'admin'));
    expect((await me(forged)).status).toBe(401);
    expect(
      (await guarded.request('/admin-only', { headers: { Authorization: `Bearer ${forged}` } })).status,
    ).toBe(401);
  });

  it('refuse alg none', async () => {
    const claims = decodeJwt(customer.token);
    const unsigned = new UnsecuredJWT({ ...claims }).encode();
    expect(unsigned.split('.')[2]).toBe('');
    expect((await me(unsigned)).status).toBe(401);
    // Also with the header rewritten to none on an otherwise valid token.
    const [, payload] = customer.token.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await me(`${header}.${payload}.`)).status).toBe(401);
  });

  it('refuse a token signed with another key', async () => {
    const claims = decodeJwt(customer.token);
    const other = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('someone-elses-secret-someone-elses-secret'));
    expect((await me(other)).status).toBe(401);
  });

  it('refuse an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { userId: customer.id, type: 'customer', email: customer.email, name: 'Test Shopper' };
    const expired = await forge(claims, { iat: now - 8 * 86400, exp: now - 60 });
    expect((await me(expired)).status).toBe(401);
    // The same forge with a future expiry works, so it is the expiry that is refused.
    expect((await me(await forge(claims))).status).toBe(200);
  });

  it('refuse a token for another issuer or audience, or without a session', async () => {
    const claims = { userId: customer.id, type: 'customer', email: customer.email, name: 'Test Shopper' };
    const noSession = await forge(claims, { session: false });
    expect((await me(noSession)).status).toBe(401);
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .setJti(randomUUID())
      .setIssuer('someone-else')
      .setAudience(ctx.env.JWT_AUDIENCE)
      .sign(key());
    expect((await me(foreign)).status).toBe(401);
  });

  it('refuse a revoked (logged-out) token', async () => {
    const token = await loginToken(ctx, customer.email, 'customer-pass');
    expect((await me(token)).status).toBe(200);
    await api.post('/auth/logout', undefined, { token });
    expect((await me(token)).status).toBe(401);
    expect((await me(customer.token)).status).toBe(200); // other sessions live on
  });
});

describe('requireUser and requireAdmin', () => {
  const get = (path: string, token?: string) =>
    guarded.request(path, token ? { headers: { Authorization: `Bearer ${token}` } } : {});

  it('puts the user on the context', async () => {
    const res = await get('/mine', customer.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: customer.id });
    expect((await get('/mine')).status).toBe(401);
  });

  it('lets an admin through', async () => {
    const res = await get('/admin-only', admin.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: admin.id, type: 'admin' });
  });

  it('answers a customer with 403', async () => {
    const res = await get('/admin-only', customer.token);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('forbidden');
  });

  it('checks the role in the database, not in the token', async () => {
    // Correctly signed, live session, claims admin: still a customer in the database.
    const claimsAdmin = await forge({
      userId: customer.id,
      type: 'admin',
      email: customer.email,
      name: 'Test Shopper',
    });
    expect((await get('/admin-only', claimsAdmin)).status).toBe(403);
  });
});
