import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema';
import { checkRateLimit, clientIp, hitRateLimit, normaliseIp, purgeRateLimits } from '../../lib/rate-limit';
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
    // Exactly the limit passes: the window slides, so no boundary lets a second allowance in.
    const limit = ctx.env.AUTH_RATE_PER_IP;
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
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

describe('sliding-log limit', () => {
  const db = () => ctx.database.db;
  const hit = (l: { subject: string; limit?: number; windowSeconds?: number }, when: Date) =>
    hitRateLimit(db(), { scope: 'test', limit: 3, windowSeconds: 60, ...l }, when).then(
      (count) => count,
      (e: { status: number; headers: Record<string, string> }) =>
        `${e.status} after ${e.headers['Retry-After']}`,
    );
  const t0 = new Date('2030-01-01T08:00:00Z');
  const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

  it('refuses a burst that straddles a minute boundary, which a fixed window let through twice', async () => {
    // Three a minute: three at :50, :55 and :59, then three more at 1:00, 1:01 and 1:05.
    const seen = [];
    for (const s of [50, 55, 59, 60, 61, 65]) seen.push(await hit({ subject: 'straddle' }, at(s)));
    expect(seen).toEqual([1, 2, 3, '429 after 50', '429 after 49', '429 after 45']);
    // Retry-After is right: one second early is still too soon, on time one more fits.
    expect(await hit({ subject: 'straddle' }, at(109))).toBe('429 after 1');
    expect(await hit({ subject: 'straddle' }, at(110))).toBe(3);
    expect(await hit({ subject: 'straddle' }, at(114))).toBe('429 after 1');
    expect(await hit({ subject: 'straddle' }, at(115))).toBe(3);
  });

  it('holds an hourly limit across the hour: ten in any sixty minutes, not twenty around it', async () => {
    const seen = [];
    // One every 21 s from 08:56:30 to 09:03:09, the hour turning after the tenth.
    for (let i = 0; i < 20; i++)
      seen.push(await hit({ subject: 'hour', limit: 10, windowSeconds: 3600 }, at(-210 + 21 * i)));
    expect(seen.filter((r) => typeof r === 'number')).toHaveLength(10);
    expect(seen[10]).toBe(`429 after ${3600 - 210}`);
  });

  it('counts concurrent requests one after another, and counts no refused one', async () => {
    const counts = await Promise.all([1, 2, 3, 4, 5].map(() => hit({ subject: 'burst' }, t0)));
    expect(counts.filter((c) => typeof c === 'number').sort()).toEqual([1, 2, 3]);
    expect(counts.filter((c) => c === '429 after 60')).toHaveLength(2);
    // The refused ones left no trace: the three leave a minute later and three more fit.
    expect(await Promise.all([1, 2, 3].map(() => hit({ subject: 'burst' }, at(60))))).toEqual([1, 2, 3]);
    await expect(
      checkRateLimit(db(), { scope: 'test', subject: 'burst', limit: 3, windowSeconds: 60 }, at(61)),
    ).rejects.toMatchObject({ status: 429 });
  });

  it('purges logs whose newest hit has left the window', async () => {
    await hit({ subject: 'old' }, t0);
    await purgeRateLimits(db(), at(60.001));
    const left = await db().select().from(rateLimits);
    expect(left.some((r) => r.bucket.startsWith('test:') && r.expiresAt <= at(60))).toBe(false);
    expect(await hit({ subject: 'old' }, at(61))).toBe(1);
  });

  it('stores a digest, not the email or address', async () => {
    const email = uniqueEmail('private');
    await api.post('/auth/get-user', { email }, { ip: '192.0.2.77' });
    const rows = await ctx.database.db.select().from(rateLimits);
    expect(rows.some((r) => r.bucket.includes(email) || r.bucket.includes('192.0.2.77'))).toBe(false);
  });
});
