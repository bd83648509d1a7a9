import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';
import type { Config } from '../../lib/http';
import { checkRateLimit, digestOf, hitRateLimit, tooManyRequests } from '../../lib/rate-limit';

// Password guessing is slowed, never turned into a lockout (issue 13 §2). Three counters:
// - one account from one client: a few free mistakes, then a delay that doubles with each wrong
//   password, up to PAIR_MAX_DELAY_SECONDS; the owner elsewhere never notices it;
// - one account from anywhere (guessing spread over many addresses): more free mistakes, and a delay
//   capped at a minute, so a stranger can keep an account at one guess a minute but never keep its
//   owner out for longer than that;
// - one address across accounts (one password tried on many emails): a sliding window of failures,
//   tight, since honest mistakes are rare, while successful steps from the address (sign-ups, codes)
//   are only under the generous per-route limit, so a carrier-grade NAT full of shoppers is not hurt.
// A right password clears its account's counters; a code sign-in or a reset clears them from every
// client, and neither ever waits on these counters, so the owner can always get in.

const PAIR_MAX_DELAY_SECONDS = 15 * 60;
const ACCOUNT_FREE_FAILURES = 20;
const ACCOUNT_MAX_DELAY_SECONDS = 60;
/** After a quiet day an account's failures are forgotten. */
const FORGET_AFTER_MS = 24 * 3600_000;
const ANYWHERE = '*';

/** Seconds to wait after the latest of `failures` wrong passwords: 0 while free, then 1, 2, 4… up to `max`. */
export const delayAfter = (failures: number, free: number, max: number) =>
  failures < free ? 0 : Math.min(2 ** (failures - free), max);

/** The account's two counters a password attempt from `client` meets: this client's and the account-wide one. */
const thisClientAndAnywhere = (email: string, client: string) =>
  and(
    eq(loginFailures.account, digestOf(email)),
    inArray(loginFailures.client, [digestOf(client), ANYWHERE]),
  );

export function createLoginThrottle(
  db: Db,
  env: Pick<Config, 'AUTH_FAILURES_PER_IP' | 'AUTH_FAILURE_WINDOW_SECONDS' | 'AUTH_LOGIN_FREE_FAILURES'>,
) {
  const perAddress = (client: string) => ({
    scope: 'login-failures-ip',
    subject: client,
    limit: env.AUTH_FAILURES_PER_IP,
    windowSeconds: env.AUTH_FAILURE_WINDOW_SECONDS,
    message: 'Too many wrong passwords from this network. "Forgot password?" signs you in with a code now.',
  });

  return {
    /** Throws a 429 with Retry-After while a delay is running for this account, client or address. */
    async check(email: string, client: string, now: Date) {
      await checkRateLimit(db, perAddress(client), now);
      const rows = await db.select().from(loginFailures).where(thisClientAndAnywhere(email, client));
      let waitMs = 0;
      for (const row of rows) {
        if (now.getTime() - row.lastFailureAt.getTime() > FORGET_AFTER_MS) continue;
        const delay =
          row.client === ANYWHERE
            ? delayAfter(row.failures, ACCOUNT_FREE_FAILURES, ACCOUNT_MAX_DELAY_SECONDS)
            : delayAfter(row.failures, env.AUTH_LOGIN_FREE_FAILURES, PAIR_MAX_DELAY_SECONDS);
        waitMs = Math.max(waitMs, row.lastFailureAt.getTime() + delay * 1000 - now.getTime());
      }
      if (waitMs > 0) {
        throw tooManyRequests(
          Math.ceil(waitMs / 1000),
          'Too many wrong passwords for this account. "Forgot password?" signs you in with a code now.',
        );
      }
    },

    /** Counts a wrong password for the account from this client, from anywhere, and for the address. */
    async failed(email: string, client: string, now: Date) {
      const account = digestOf(email);
      const stale = new Date(now.getTime() - FORGET_AFTER_MS);
      await db
        .insert(loginFailures)
        .values(
          [digestOf(client), ANYWHERE].map((c) => ({ account, client: c, failures: 1, lastFailureAt: now })),
        )
        .onConflictDoUpdate({
          target: [loginFailures.account, loginFailures.client],
          set: {
            failures: sql`case when ${loginFailures.lastFailureAt} < ${stale} then 1 else ${loginFailures.failures} + 1 end`,
            lastFailureAt: now,
          },
        });
      await hitRateLimit(db, { ...perAddress(client), limit: Number.MAX_SAFE_INTEGER }, now);
    },

    /** A right password: this client's counter and the account-wide one start again. */
    async succeeded(email: string, client: string) {
      await db.delete(loginFailures).where(thisClientAndAnywhere(email, client));
    },

    /** A code sign-in or a reset: the owner proved it; every counter of the account starts again. */
    async cleared(email: string) {
      await db.delete(loginFailures).where(eq(loginFailures.account, digestOf(email)));
    },
  };
}

/** Forgets the failures of accounts quiet for a day. */
export async function purgeLoginFailures(db: Db, now = new Date()) {
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.lastFailureAt, new Date(now.getTime() - FORGET_AFTER_MS)));
}
