import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { createHmac, randomInt, randomUUID } from 'node:crypto';
import { OTP_RESEND_SECONDS, OTP_TTL_SECONDS, type OtpPurpose } from '../../../contract/auth';
import type { Db } from '../../db/client';
import { otpChallenges } from '../../db/schema';
import { publicUrl, type Config } from '../../lib/http';
import { AppError, notFound } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail/outbox';
import { codeEmail } from '../../lib/mail/templates';
import { DEFAULT_LANGUAGE, type Language } from '../../../contract/languages';
import { hitRateLimit, tooManyRequests } from '../../lib/rate-limit';

/**
 * 5 wrong codes end a challenge; at most 5 codes an hour go to one email
 * (docs/design.md#sign-in-and-sign-up).
 */
const OTP_MAX_ATTEMPTS = 5;
const OTP_MAX_SENDS_PER_HOUR = 5;

export type Challenge = typeof otpChallenges.$inferSelect;

/** Six random digits from the CSPRNG. */
const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

// A key of its own, derived from the server secret, so codes and JWTs never share an HMAC key.
const codeKey = (secret: string) => createHmac('sha256', secret).update('sokoni/otp-code-key').digest();

/** The stored form of a code: an HMAC keyed from the server secret and bound to its challenge. */
const hashCode = (secret: string, challengeId: string, code: string) =>
  createHmac('sha256', codeKey(secret)).update(`${challengeId}:${code}`).digest('base64url');

const expiry = (now: Date) => new Date(now.getTime() + OTP_TTL_SECONDS * 1000);
const secondsLeft = (lastSentAt: Date, now: Date) =>
  Math.max(1, Math.ceil(OTP_RESEND_SECONDS - (now.getTime() - lastSentAt.getTime()) / 1000));

/** A forgotten-password request for an unknown email gets a challenge too, but no mail: the answer must look the same. */
const isDecoy = (c: Pick<Challenge, 'purpose' | 'userId'>) => c.purpose === 'reset' && c.userId === null;

async function sendCode(
  db: Db,
  env: Config,
  challenge: Pick<Challenge, 'id' | 'email' | 'purpose' | 'userId'>,
  code: string,
  language: Language,
) {
  if (isDecoy(challenge)) return;
  await enqueueMail(
    db,
    codeEmail({
      to: challenge.email,
      code,
      purpose: challenge.purpose,
      link: `${publicUrl(env)}/auth/verify-account/${challenge.id}`,
      minutes: OTP_TTL_SECONDS / 60,
      language,
    }),
  );
}

/** Counts a code against the email's hourly allowance (the same for real and decoy challenges). */
const countSend = (db: Db, email: string, now: Date) =>
  hitRateLimit(
    db,
    {
      scope: 'otp-send',
      subject: email,
      limit: OTP_MAX_SENDS_PER_HOUR,
      windowSeconds: 3600,
      message: 'Too many codes were sent to this email.',
    },
    now,
  );

/**
 * Sends a code for (email, purpose, account), keeping one live challenge per triple: a challenge sent
 * to less than 60 s ago is answered as is (no second mail), an older one gets a new code that
 * overwrites the old, otherwise a new challenge starts. Run it in a transaction with the mail insert.
 */
export async function issueChallenge(
  db: Db,
  env: Config,
  {
    email,
    userId,
    purpose,
    language = DEFAULT_LANGUAGE,
  }: { email: string; userId: string | null; purpose: OtpPurpose; language?: Language },
  now: Date,
): Promise<{ id: string }> {
  const [live] = await db
    .select()
    .from(otpChallenges)
    .where(
      and(
        eq(otpChallenges.email, email),
        eq(otpChallenges.purpose, purpose),
        userId ? eq(otpChallenges.userId, userId) : isNull(otpChallenges.userId),
        isNull(otpChallenges.consumedAt),
        lt(otpChallenges.attempts, OTP_MAX_ATTEMPTS),
      ),
    )
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  if (live && now.getTime() - live.lastSentAt.getTime() < OTP_RESEND_SECONDS * 1000) return { id: live.id };
  if (live) return resendChallenge(db, env, live, now, language);

  await countSend(db, email, now);
  const code = newCode();
  const id = randomUUID();
  const [created] = await db
    .insert(otpChallenges)
    .values({
      id,
      email,
      userId,
      purpose,
      codeHash: hashCode(env.JWT_SECRET, id, code),
      lastSentAt: now,
      expiresAt: expiry(now),
    })
    .returning();
  await sendCode(db, env, created!, code, language);
  return { id };
}

/** Loads a challenge that can still take a code, or says why not. */
export async function liveChallenge(db: Db, id: string): Promise<Challenge> {
  const [challenge] = await db.select().from(otpChallenges).where(eq(otpChallenges.id, id));
  if (!challenge) throw notFound('This code request');
  if (challenge.consumedAt)
    throw challengeGone('challenge_used', 'This code has already been used. Please start again.');
  if (challenge.attempts >= OTP_MAX_ATTEMPTS) {
    throw challengeGone(
      'challenge_locked',
      'Too many wrong codes were entered. Please start again to get a new code.',
    );
  }
  return challenge;
}

const challengeGone = (code: string, message: string) => new AppError(410, code, message);

/** A new code for a live challenge, no sooner than 60 s after the last; the old code stops working. */
export async function resendChallenge(
  db: Db,
  env: Config,
  challenge: Challenge,
  now: Date,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{ id: string }> {
  if (now.getTime() - challenge.lastSentAt.getTime() < OTP_RESEND_SECONDS * 1000) {
    throw tooManyRequests(secondsLeft(challenge.lastSentAt, now), 'A code was sent moments ago.');
  }
  await countSend(db, challenge.email, now);
  const code = newCode();
  // Conditional on the send we read, so two resends at once send one code.
  const [updated] = await db
    .update(otpChallenges)
    .set({
      codeHash: hashCode(env.JWT_SECRET, challenge.id, code),
      lastSentAt: now,
      expiresAt: expiry(now),
      sends: sql`${otpChallenges.sends} + 1`,
    })
    .where(
      and(
        eq(otpChallenges.id, challenge.id),
        eq(otpChallenges.lastSentAt, challenge.lastSentAt),
        isNull(otpChallenges.consumedAt),
        lt(otpChallenges.attempts, OTP_MAX_ATTEMPTS),
      ),
    )
    .returning();
  if (!updated) throw tooManyRequests(OTP_RESEND_SECONDS, 'A code was sent moments ago.');
  await sendCode(db, env, updated, code, language);
  return { id: challenge.id };
}

/**
 * Checks a code and uses the challenge up in one conditional update, so of two requests with the right
 * code exactly one wins. A wrong code counts an attempt (the fifth ends the challenge) and is returned,
 * not thrown, so that a surrounding transaction commits the count before the caller throws it.
 */
export async function consumeChallenge(
  db: Db,
  env: Config,
  challenge: Challenge,
  code: string,
  now: Date,
): Promise<Challenge | AppError> {
  const codeHash = hashCode(env.JWT_SECRET, challenge.id, code);
  const usable = and(
    eq(otpChallenges.id, challenge.id),
    isNull(otpChallenges.consumedAt),
    lt(otpChallenges.attempts, OTP_MAX_ATTEMPTS),
    gt(otpChallenges.expiresAt, now),
  );
  const [consumed] = await db
    .update(otpChallenges)
    .set({ consumedAt: now })
    .where(and(usable, eq(otpChallenges.codeHash, codeHash)))
    .returning();
  if (consumed) return consumed;

  const [missed] = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(and(usable, ne(otpChallenges.codeHash, codeHash)))
    .returning({ attempts: otpChallenges.attempts });
  if (missed) {
    const left = OTP_MAX_ATTEMPTS - missed.attempts;
    if (left <= 0) {
      return challengeGone(
        'challenge_locked',
        'Too many wrong codes were entered. Please start again to get a new code.',
      );
    }
    return new AppError(
      400,
      'invalid_code',
      `That code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      [{ path: 'otp', message: 'is not correct' }],
    );
  }
  // Neither update matched: used (perhaps just now by a concurrent request), locked or expired.
  const current = await liveChallenge(db, challenge.id);
  if (current.expiresAt <= now)
    throw challengeGone('code_expired', 'This code has expired. Please ask for a new one.');
  throw challengeGone('challenge_used', 'This code has already been used. Please start again.');
}

/** Drops challenges (and with them their profile tokens) older than a day. */
export async function purgeChallenges(db: Db, now: Date) {
  await db.delete(otpChallenges).where(lt(otpChallenges.createdAt, new Date(now.getTime() - 86_400_000)));
}
