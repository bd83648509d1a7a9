import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema';
import { clientIp, hitRateLimit, normaliseIp, purgeRateLimits } from '../../lib/rate-limit';
import { createTestContext, type TestContext } from '../../test/harness';
import { authTestContext, client, freshIp, uniqueEmail } from '../../test/auth';

// A small per-IP allowance so the loops stay short; the default is generous (see throttle.test.ts).
let ctx: TestContext;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  ctx = await authTestContext({ AUTH_RATE_PER_IP: '20' });
  api = client(ctx);
});
afterAll(() => ctx.close());

describe('auth rate limits', () => {
  it('answers rapid get-user calls from one IP with 429 after the limit, with Retry-After', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 50; i++) {
      const res = await api.post('/auth/get-user', { email: uniqueEmail() }, { ip });
      statuses.push(res.status);
      if (res.status === 429) retryAfter ??= res.headers.get('retry-after');
    }
    // Exactly the limit passes, unless the fixed window happened to turn over during the loop.
    const limit = ctx.env.AUTH_RATE_PER_IP;
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(2 * limit);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(ctx.env.AUTH_RATE_WINDOW_SECONDS);
    // Another address is not affected, nor is another route from the same address.
    expect((await api.post('/auth/get-user', { email: uniqueEmail() })).status).toBe(200);
    expect((await api.post('/auth/forgot-password', { email: uniqueEmail() }, { ip })).status).toBe(200);
  });

  it('limits one email across addresses', async () => {
    const email = uniqueEmail();
    const statuses = [];
    for (let i = 0; i < ctx.env.AUTH_RATE_PER_EMAIL + 2; i++) {
      statuses.push((await api.post('/auth/get-user', { email })).status);
    }
    expect(statuses.slice(0, ctx.env.AUTH_RATE_PER_EMAIL).every((s) => s === 200)).toBe(true);
    expect(statuses).toContain(429);
  });

  it('covers every auth route, including signed-in ones', async () => {
    const ip = freshIp();
    const seen = new Set<number>();
    for (let i = 0; i <= ctx.env.AUTH_RATE_PER_IP; i++)
      seen.add((await api.post('/auth/resend-otp', { id: 'x' }, { ip })).status);
    expect([...seen]).toEqual([400, 429]); // limited before the body is even looked at
    seen.clear();
    for (let i = 0; i <= ctx.env.AUTH_RATE_PER_IP * 4; i++)
      seen.add((await api.get('/auth/me', { ip })).status);
    expect([...seen]).toEqual([401, 429]);
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is set, so rotating it does not escape the limit', async () => {
    const direct = await createTestContext({ AUTH_RATE_PER_IP: '5', AUTH_RATE_WINDOW_SECONDS: '3600' });
    try {
      const statuses = [];
      for (let i = 0; i < 7; i++) {
        const res = await direct.request('/api/v1/auth/get-user', {
          method: 'POST',
          json: { email: uniqueEmail() },
          headers: { 'X-Forwarded-For': `203.0.113.${i}` },
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(5)).toEqual([429, 429]);
    } finally {
      await direct.close();
    }
  });

  it('takes the address our proxy wrote, not what the client put before it', () => {
    const fake = (xff: string, socket?: string) =>
      ({
        req: { header: () => xff },
        env: socket ? { incoming: { socket: { remoteAddress: socket } } } : undefined,
      }) as never;
    expect(clientIp(fake('1.1.1.1, 198.51.100.7'), 1)).toBe('198.51.100.7');
    expect(clientIp(fake('1.1.1.1, 198.51.100.7, 10.0.0.2'), 2)).toBe('198.51.100.7');
    expect(clientIp(fake('1.1.1.1', '192.0.2.9'), 0)).toBe('192.0.2.9');
    expect(clientIp(fake(''), 0)).toBe('unknown');
  });

  it('normalises addresses: IPv4-mapped IPv6 to IPv4, IPv6 to its /64', () => {
    expect(normaliseIp('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(normaliseIp('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(normaliseIp('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(normaliseIp('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(normaliseIp('not an ip')).toBe('invalid');
  });
});

describe('fixed-window counter', () => {
  it('counts atomically per window, starts again in the next one, and purges old windows', async () => {
    const db = ctx.database.db;
    const limit = { scope: 'test', subject: 'window', limit: 3, windowSeconds: 60 };
    const t0 = new Date('2030-01-01T00:00:00Z');
    const counts = await Promise.all([1, 2, 3].map(() => hitRateLimit(db, limit, t0)));
    expect(counts.sort()).toEqual([1, 2, 3]);
    await expect(hitRateLimit(db, limit, new Date(t0.getTime() + 59_000))).rejects.toMatchObject({
      status: 429,
      headers: { 'Retry-After': '1' },
    });
    expect(await hitRateLimit(db, limit, new Date(t0.getTime() + 60_000))).toBe(1);
    await purgeRateLimits(db, new Date(t0.getTime() + 120_001));
    const left = await db.select().from(rateLimits);
    expect(
      left.some((r) => r.windowStart.getTime() <= t0.getTime() + 60_000 && r.bucket.startsWith('test:')),
    ).toBe(false);
  });

  it('stores a digest, not the email or address', async () => {
    const email = uniqueEmail('private');
    await api.post('/auth/get-user', { email }, { ip: '192.0.2.77' });
    const rows = await ctx.database.db.select().from(rateLimits);
    expect(rows.some((r) => r.bucket.includes(email) || r.bucket.includes('192.0.2.77'))).toBe(false);
  });
});
