import { and, eq, sql } from 'drizzle-orm';
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

function windowOf(windowSeconds: number, now: Date) {
  const ms = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / ms) * ms;
  return { start: new Date(start), end: new Date(start + ms) };
}

const retryAfter = (end: Date, now: Date) => Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));

/**
 * Counts one request in a fixed window with one atomic upsert, so every instance sees the same count;
 * throws a 429 once the count passes the limit.
 */
export async function hitRateLimit(db: Db, l: Limit, now = new Date()): Promise<number> {
  const { start, end } = windowOf(l.windowSeconds, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket: bucketOf(l.scope, l.subject), windowStart: start, count: 1, expiresAt: end })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  if (row!.count > l.limit) throw tooManyRequests(retryAfter(end, now), l.message);
  return row!.count;
}

/** Throws a 429 when the window's count has already reached the limit, without counting. */
export async function checkRateLimit(db: Db, l: Limit, now = new Date()): Promise<void> {
  const { start, end } = windowOf(l.windowSeconds, now);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, bucketOf(l.scope, l.subject)), eq(rateLimits.windowStart, start)));
  if (row && row.count >= l.limit) throw tooManyRequests(retryAfter(end, now), l.message);
}

/** Drops counters whose window has passed. */
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
