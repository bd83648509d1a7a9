import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { hitRateLimit, hitRateLimits, type Limit } from './rate-limit';

// One request counted against several allowances at once (a prompt: per phone a minute, per phone
// an hour, per account), in one statement.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const T0 = new Date('2031-04-01T09:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const limit = (scope: string, n: number, windowSeconds: number): Limit => ({
  scope,
  subject: 'wanjiru',
  limit: n,
  windowSeconds,
  message: `Too many for ${scope}.`,
});
const outcome = (p: Promise<unknown>) =>
  p.then(
    (counts) => counts,
    (e: { status: number; message: string; headers?: Record<string, string> }) => ({
      status: e.status,
      message: e.message,
      retryAfter: e.headers?.['Retry-After'],
    }),
  );

describe('several allowances at once', () => {
  it('counts the request in each while all have room, and in none once one is full', async () => {
    const db = ctx.database.db;
    const minute = limit('test-minute', 2, 60);
    const hour = limit('test-hour', 5, 3600);
    expect(await hitRateLimits(db, [minute, hour], at(0))).toEqual([1, 1]);
    expect(await hitRateLimits(db, [minute, hour], at(10))).toEqual([2, 2]);
    // The minute is full: a 429 with its sentence and the time until its oldest hit leaves.
    expect(await outcome(hitRateLimits(db, [minute, hour], at(20)))).toMatchObject({
      status: 429,
      message: expect.stringContaining('Too many for test-minute.'),
      retryAfter: '40',
    });
    // The refused request was not counted in the hour either.
    expect(await hitRateLimit(db, hour, at(21))).toBe(3);
  });

  it('says which allowance is full, whatever its place in the list', async () => {
    const db = ctx.database.db;
    const roomy = limit('test-roomy', 10, 60);
    const tight = limit('test-tight', 1, 60);
    expect(await hitRateLimits(db, [roomy, tight], at(0))).toEqual([1, 1]);
    expect(await outcome(hitRateLimits(db, [roomy, tight], at(5)))).toMatchObject({
      status: 429,
      message: expect.stringContaining('Too many for test-tight.'),
      retryAfter: '55',
    });
    // And the roomy one counted nothing for it.
    expect(await hitRateLimits(db, [roomy], at(6))).toEqual([2]);
  });
});
