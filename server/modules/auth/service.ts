import { eq, sql } from 'drizzle-orm';
import type {
  AuthResult,
  ChangePasswordBody,
  ForgotPasswordResult,
  GetUserResult,
  LoginBody,
  ResendOtpResult,
  SetPasswordBody,
  UpdateMeBody,
  UpdateProfileBody,
  User,
  VerifyOtpBody,
  VerifyOtpResult,
} from '../../../contract/auth';
import { codePurpose, normaliseEmail, signInStep, userView } from '../../../contract/accounts';
import { OTP_RESEND_SECONDS } from '../../../contract/auth';
import type { Language } from '../../../contract/languages';
import { ACCOUNT_DEACTIVATED_MESSAGE } from '../../../contract/admin-staff';
import { ACCOUNT_ERASED_MESSAGE } from '../../../contract/admin-customers';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Config } from '../../lib/http';
import { refuseWeakPassword } from '../../lib/auth/password-strength';
import { hashPassword, verifyNothing, verifyPassword } from '../../lib/auth/password';
import {
  bearerToken,
  issueSession,
  revokeSession,
  revokeUserSessions,
  verifyToken,
  type AuthUser,
} from '../../lib/auth/session';
import { refuseUnknownCountry } from '../../lib/countries';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { wakeMailWorker } from '../../lib/mail/outbox';
import { hitRateLimit } from '../../lib/rate-limit';
import { createLoginThrottle } from './throttle';
import { consumeChallenge, issueChallenge, liveChallenge, resendChallenge } from './otp';
import { consumeProfileToken, createProfileToken, profileTokenOwner } from './tokens';

type UserRow = typeof users.$inferSelect;

export interface AuthServiceDeps {
  db: Db;
  env: Config;
  /** The clock; tests move it. */
  now?: () => Date;
}

const accountErased = () => new AppError(403, 'account_erased', ACCOUNT_ERASED_MESSAGE);

const invalidCredentials = () =>
  new AppError(400, 'invalid_credentials', 'The email or password is not correct.');

/**
 * The account rules of email-first sign-in (docs/design.md#sign-in-and-sign-up); every method takes plain
 * data and throws AppErrors.
 */
export function createAuthService({ db, env, now = () => new Date() }: AuthServiceDeps) {
  /** Per-email allowance on a route, on top of the per-IP one the router applies. */
  const perEmail = (route: string, email: string) =>
    hitRateLimit(
      db,
      {
        scope: `email:${route}`,
        subject: email,
        limit: env.AUTH_RATE_PER_EMAIL,
        windowSeconds: env.AUTH_RATE_WINDOW_SECONDS,
      },
      now(),
    );

  const throttle = createLoginThrottle(db, env);

  /** Checks a password, slowing guesses at this account and from this client (./throttle.ts). */
  async function passwordMatches(
    email: string,
    client: string,
    hash: string | null | undefined,
    password: string,
  ) {
    await throttle.check(email, client, now());
    const ok = hash ? await verifyPassword(hash, password) : await verifyNothing(password);
    if (ok) await throttle.succeeded(email, client);
    else await throttle.failed(email, client, now());
    return ok;
  }

  async function findByEmail(email: string): Promise<UserRow | undefined> {
    const [user] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    return user;
  }

  /** Every way in ends here: a deactivated staff account or an erased shopper is refused whatever it proved. */
  async function signIn(tx: Db, user: UserRow): Promise<AuthResult> {
    if (user.deactivatedAt) throw new AppError(403, 'account_deactivated', ACCOUNT_DEACTIVATED_MESSAGE);
    if (user.erasedAt) throw accountErased();
    return { token: await issueSession(tx, env, user, now()), user: userView(user) };
  }

  return {
    /** Email first: a known account with a password goes to the password step; anyone else gets a code. */
    async getUser(rawEmail: string, route = 'get-user', language?: Language): Promise<GetUserResult> {
      const email = normaliseEmail(rawEmail);
      await perEmail(route, email);
      const user = await findByEmail(email);
      // An erased account gets no code: nothing could sign it in.
      if (user?.erasedAt) throw accountErased();
      const account = user ? { name: user.name, hasPassword: user.passwordHash !== null } : null;
      const purpose = codePurpose(account);
      if (purpose === null) return signInStep(account, null);
      const { id } = await db.transaction((tx) =>
        issueChallenge(tx, env, { email, userId: user?.id ?? null, purpose, language }, now()),
      );
      wakeMailWorker();
      return signInStep(account, id);
    },

    /** A reset code for a real account; an unknown email gets a challenge id too, and no mail. */
    async forgotPassword(rawEmail: string, language?: Language): Promise<ForgotPasswordResult> {
      const email = normaliseEmail(rawEmail);
      await perEmail('forgot-password', email);
      const user = await findByEmail(email);
      const { id } = await db.transaction((tx) =>
        issueChallenge(tx, env, { email, userId: user?.id ?? null, purpose: 'reset', language }, now()),
      );
      wakeMailWorker();
      return { id, purpose: 'reset', otp: true };
    },

    async resendOtp({ id }: { id: string }, language?: Language): Promise<ResendOtpResult> {
      const challenge = await liveChallenge(db, id);
      await perEmail('resend-otp', challenge.email);
      await db.transaction((tx) => resendChallenge(tx, env, challenge, now(), language));
      wakeMailWorker();
      return { id, otp: true, resendAfterSeconds: OTP_RESEND_SECONDS };
    },

    /** A right code turns into a one-time profile token. */
    async verifyOtp({ id, otp }: VerifyOtpBody): Promise<VerifyOtpResult> {
      const challenge = await liveChallenge(db, id);
      await perEmail('verify-otp', challenge.email);
      const outcome = await db.transaction(async (tx) => {
        const used = await consumeChallenge(tx, env, challenge, otp, now());
        if (used instanceof AppError) return used; // the counted attempt commits
        const token = await createProfileToken(
          tx,
          { challengeId: used.id, email: used.email, userId: used.userId, purpose: used.purpose },
          now(),
        );
        return { token, newAccount: used.purpose === 'register', purpose: used.purpose };
      });
      if (outcome instanceof AppError) throw outcome;
      // The owner of the email is here: whatever guessing slowed their password sign-in is over.
      await throttle.cleared(challenge.email);
      return outcome;
    },

    /** Creates the account (sign-up) or completes it (code sign-in, reset), then signs in. */
    async completeProfile(token: string, body: UpdateProfileBody): Promise<AuthResult> {
      refuseUnknownCountry(body.country);
      // Before the token is consumed, so the person can try another password with the same link.
      const owner = await profileTokenOwner(db, token);
      refuseWeakPassword(body.password, 'password', { email: owner?.email, name: body.name });
      const passwordHash = await hashPassword(body.password);
      return db.transaction(async (tx) => {
        const grant = await consumeProfileToken(tx, token, ['register', 'login', 'reset'], now());
        const profile = { name: body.name, phone: body.phone, country: body.country, passwordHash };
        if (grant.purpose === 'register') {
          const [created] = await tx
            .insert(users)
            .values({ ...profile, email: grant.email, type: 'customer' })
            .onConflictDoNothing()
            .returning();
          if (!created) throw conflict('An account with this email already exists. Please sign in.');
          return signIn(tx, created);
        }
        const [updated] = await tx
          .update(users)
          .set({ ...profile, updatedAt: now() })
          .where(eq(users.id, grant.userId!))
          .returning();
        if (!updated) throw notFound('The account');
        await revokeUserSessions(tx, updated.id, now());
        return signIn(tx, updated);
      });
    },

    /** A new password from a reset (or code sign-in) token; every older session ends. */
    async setPassword({ token, password }: SetPasswordBody): Promise<AuthResult> {
      refuseWeakPassword(password, 'password', await profileTokenOwner(db, token));
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const grant = await consumeProfileToken(tx, token, ['reset', 'login'], now());
        const [updated] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: now() })
          .where(eq(users.id, grant.userId!))
          .returning();
        if (!updated) throw notFound('The account');
        await revokeUserSessions(tx, updated.id, now());
        return signIn(tx, updated);
      });
    },

    /** `client` is the caller's address (lib/rate-limit.ts clientIp), for the guessing throttle. */
    async login({ email: rawEmail, password }: LoginBody, client: string): Promise<AuthResult> {
      const email = normaliseEmail(rawEmail);
      // No per-email request count here: a stranger could spend it and keep the owner out. Guessing is
      // slowed by the throttle instead, which the right password from another client never waits on.
      const user = await findByEmail(email);
      // An unknown email costs the same hashing time as a wrong password.
      const ok = await passwordMatches(email, client, user?.passwordHash, password);
      if (!user || !ok) throw invalidCredentials();
      return signIn(db, user);
    },

    /** Ends the session of the token, if it is a valid one; answering the same either way. */
    async logout(authorization: string | undefined): Promise<{ loggedOut: true }> {
      const token = bearerToken(authorization);
      const claims = token ? await verifyToken(env, token, now()) : null;
      if (claims) await revokeSession(db, claims.jti, now());
      return { loggedOut: true };
    },

    async me(user: AuthUser): Promise<User> {
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      if (!row) throw notFound('The account');
      return userView(row);
    },

    async updateMe(user: AuthUser, body: UpdateMeBody): Promise<User> {
      await perEmail('me', user.email);
      refuseUnknownCountry(body.country);
      const [row] = await db
        .update(users)
        .set({
          name: body.name,
          phone: body.phone,
          country: body.country,
          language: body.language,
          smsUpdates: body.smsUpdates,
          updatedAt: now(),
        })
        .where(eq(users.id, user.id))
        .returning();
      if (!row) throw notFound('The account');
      return userView(row);
    },

    /** Needs the current password; ends every other session of the account. */
    async changePassword(user: AuthUser, body: ChangePasswordBody, client: string): Promise<User> {
      await perEmail('change-password', user.email);
      const [row] = await db.select().from(users).where(eq(users.id, user.id));
      if (!row) throw notFound('The account');
      refuseWeakPassword(body.newPassword, 'newPassword', row);
      if (!(await passwordMatches(row.email.toLowerCase(), client, row.passwordHash, body.currentPassword))) {
        throw badRequest('The current password is not correct.', [
          { path: 'currentPassword', message: 'is not correct' },
        ]);
      }
      const passwordHash = await hashPassword(body.newPassword);
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: now() })
          .where(eq(users.id, user.id))
          .returning();
        await revokeUserSessions(tx, user.id, now(), user.sessionId);
        return userView(updated!);
      });
    },
  };
}
