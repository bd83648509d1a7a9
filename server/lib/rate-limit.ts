import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './errors';

export interface Limit {
  /** What is counted, e.g. `ip:get-user:<subject>`; the subject is hashed before it is stored. */
  scope: string;
  subject: string;
  limit: number;
  windowSeconds: number;
  /** What the 429 says, before "Please try again in n seconds." */
  message?: string;
}

/** A 429 with Retry-After in seconds. */
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many requests.') =>
  new AppError(
    429,
    'rate_limited',
    `${message} Please try again in ${retryAfterSeconds} seconds.`,
    undefined,
    {
      'Retry-After': String(retryAfterSeconds),
    },
  );

/** The stored key: the scope plus a digest of the subject, so no email or IP address sits in the table. */
const bucketOf = (scope: string, subject: string) => `${scope}:${digestOf(subject)}`;

/** A short digest of an email or address (132 bits), what the counting tables store instead of it. */
export const digestOf = (subject: string) =>
  createHash('sha256').update(subject).digest('base64url').slice(0, 22);

// A sliding log: a limit of n per window means at most n counted requests in ANY window's length of
// time, not per calendar window, whose boundary let a burst straddle it and pass twice (issue 26:
// six prompts to one phone in 15 s against three a minute). Each bucket's row keeps the times of its
// counted requests still inside the window (at most `limit` of them); a refused request is not
// counted, so hammering past the limit earns nothing and costs the bucket's owner nothing more.
// The check and the count are one conditional upsert: PostgreSQL locks the bucket's row and
// re-reads it before the update, so concurrent requests on every instance count one after another.

const windowStart = (l: Limit, now: Date) => new Date(now.getTime() - l.windowSeconds * 1000);

/** A 429 whose Retry-After is when enough counted requests have left the window for one more. */
async function refusal(db: Db, l: Limit, now: Date): Promise<AppError | null> {
  // The limit-th newest hit inside the window: when it leaves, one more request fits.
  const result = await db.execute(sql`
    select h as "oldest" from ${rateLimits}, unnest(${rateLimits.hits}) h
    where ${rateLimits.bucket} = ${bucketOf(l.scope, l.subject)} and h > ${windowStart(l, now).toISOString()}
    order by h desc offset ${l.limit - 1} limit 1`);
  const [row] = (result as unknown as { rows: { oldest: Date | string }[] }).rows;
  if (!row) return null;
  const leavesAt = new Date(row.oldest).getTime() + l.windowSeconds * 1000;
  const seconds = Math.max(1, Math.ceil((leavesAt - now.getTime()) / 1000));
  return tooManyRequests(seconds, l.message);
}

/**
 * Counts one request when fewer than `limit` were counted in the last `windowSeconds`, in one atomic
 * upsert, so every instance sees the same log; otherwise throws a 429 with Retry-After and counts
 * nothing. Returns the count in the window, this request included.
 */
export async function hitRateLimit(db: Db, l: Limit, now = new Date()): Promise<number> {
  const [count] = await hitRateLimits(db, [l], now);
  return count!;
}

/**
 * One request counted against several limits (on different buckets) in one statement: counted in
 * all of them when each has room, else in none, and the 429 of the first full one (in the order
 * given) is thrown. Under concurrency the rooms are judged bucket by bucket, each under its row's
 * lock, so no limit is ever passed, but a request refused by one may have been counted in another:
 * call it inside the transaction of what it guards, which the 429 rolls back. Returns each limit's
 * count in its window, this request included.
 */
export async function hitRateLimits(db: Db, limits: readonly Limit[], now = new Date()): Promise<number[]> {
  const at = now.toISOString();
  const rows = limits.map((l) => ({
    bucket: bucketOf(l.scope, l.subject),
    since: windowStart(l, now).toISOString(),
    expiresAt: new Date(now.getTime() + l.windowSeconds * 1000).toISOString(),
    limit: l.limit,
  }));
  const asked = sql.join(
    rows.map(
      (r) =>
        sql`(${r.bucket}::text, ${r.since}::timestamptz, ${r.expiresAt}::timestamptz, ${r.limit}::bigint)`,
    ),
    sql`, `,
  );
  // A bucket's count in its window, with its own window and limit read back from the list.
  const inWindow = sql`(select count(*) from unnest(r.hits) h
    where h > (select since from asked where asked.bucket = r.bucket))`;
  const result = await db.execute(sql`
    with asked (bucket, since, expires_at, lim) as (values ${asked}),
    full_now as (
      select 1 from asked join ${rateLimits} r on r.bucket = asked.bucket where ${inWindow} >= asked.lim
    )
    insert into ${rateLimits} as r (bucket, hits, expires_at)
    select bucket, array[${at}::timestamptz], expires_at from asked where not exists (select 1 from full_now)
    on conflict (bucket) do update
      set hits = array(select h from unnest(r.hits) h
                       where h > (select since from asked where asked.bucket = r.bucket) order by h)
                 || ${at}::timestamptz,
          expires_at = greatest(r.expires_at, excluded.expires_at)
      where ${inWindow} < (select lim from asked where asked.bucket = r.bucket)
    returning bucket, cardinality(hits) as "count"`);
  const counted = new Map(
    (result as unknown as { rows: { bucket: string; count: number | string }[] }).rows.map((r) => [
      r.bucket,
      Number(r.count),
    ]),
  );
  const missing = limits.filter((_, i) => !counted.has(rows[i]!.bucket));
  // Not counted anywhere when one was full: which one (the first, in order) says the 429.
  for (const l of missing) {
    const full = await refusal(db, l, now);
    if (full) throw full;
  }
  if (missing.length) throw tooManyRequests(1, missing[0]!.message);
  return rows.map((r) => counted.get(r.bucket)!);
}

/** Throws a 429 when the window already holds `limit` counted requests, without counting. */
export async function checkRateLimit(db: Db, l: Limit, now = new Date()): Promise<void> {
  const refused = await refusal(db, l, now);
  if (refused) throw refused;
}

/** Drops the logs whose newest hit has left its window. */
export async function purgeRateLimits(db: Db, now = new Date()) {
  await db.delete(rateLimits).where(sql`${rateLimits.expiresAt} < ${now}`);
}

/**
 * The client's address: from the socket, or with `trustProxy` = n from the n-th X-Forwarded-For entry
 * from the right (the one our own proxy wrote), since anything left of it is the client's to forge.
 * IPv6 addresses are cut to their /64, which one subscriber usually holds whole.
 */
export function clientIp(c: Context, trustProxy: number): string {
  if (trustProxy > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const ip = hops[Math.max(0, hops.length - trustProxy)];
    if (ip) return normaliseIp(ip);
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  const address = env?.incoming?.socket?.remoteAddress;
  return address ? normaliseIp(address) : 'unknown';
}

export function normaliseIp(raw: string): string {
  let ip = raw.replace(/^\[|\](:\d+)?$/g, '').replace(/%.*$/, '');
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip)) ip = ip.slice(7);
  const kind = isIP(ip);
  if (kind === 4) return ip;
  if (kind !== 6) return 'invalid';
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
