import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { OtpPurpose } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { profileTokens, users } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** A profile token lives long enough to fill in a form. */
const PROFILE_TOKEN_TTL_SECONDS = 15 * 60;

export type ProfileTokenRow = typeof profileTokens.$inferSelect;

// 256 random bits, so a plain SHA-256 is enough to keep the stored form useless to a reader.
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Issues the one-time token a verified code turns into: 43 URL-safe characters, only its hash stored. */
export async function createProfileToken(
  db: Db,
  grant: { challengeId: string; email: string; userId: string | null; purpose: OtpPurpose },
  now: Date,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(profileTokens).values({
    ...grant,
    tokenHash: digest(token),
    expiresAt: new Date(now.getTime() + PROFILE_TOKEN_TTL_SECONDS * 1000),
  });
  return token;
}

/**
 * Whose a profile token is (its email, and the account's name when there is an account), without
 * using it up: what a new password is judged against before the token is spent.
 */
export async function profileTokenOwner(db: Db, token: string) {
  const [row] = await db
    .select({ email: profileTokens.email, name: users.name })
    .from(profileTokens)
    .leftJoin(users, eq(users.id, profileTokens.userId))
    .where(eq(profileTokens.tokenHash, digest(token)));
  return row;
}

/**
 * Uses a profile token up, in one conditional update so it works once even under concurrent requests.
 * Run it in the transaction that acts on it: a rollback gives the token back.
 */
export async function consumeProfileToken(
  db: Db,
  token: string,
  purposes: OtpPurpose[],
  now: Date,
): Promise<ProfileTokenRow> {
  const hash = digest(token);
  const [row] = await db
    .update(profileTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(profileTokens.tokenHash, hash),
        isNull(profileTokens.usedAt),
        gt(profileTokens.expiresAt, now),
        inArray(profileTokens.purpose, purposes),
      ),
    )
    .returning();
  if (row) return row;
  const [found] = await db.select().from(profileTokens).where(eq(profileTokens.tokenHash, hash));
  if (!found) throw new AppError(400, 'invalid_token', 'This link is not valid. Please start again.');
  if (found.usedAt)
    throw new AppError(410, 'token_used', 'This link has already been used. Please start again.');
  if (found.expiresAt <= now)
    throw new AppError(410, 'token_expired', 'This link has expired. Please start again.');
  throw new AppError(
    400,
    'wrong_token_purpose',
    found.purpose === 'register'
      ? 'Please complete your profile to create the account.'
      : 'This link cannot do that.',
  );
}
