import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { randomUUID } from 'node:crypto';
import { TokenClaims, type UserType } from '../../../contract/auth';
import type { StaffRole } from '../../../contract/roles';
import { preparedPerHandle, type Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import type { Env } from '../../env';
import { AppError } from '../errors';

/** The signed-in user as the database knows it now (not as the token remembers it). */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  type: UserType;
  /** A staff account's role as it is now, so a change takes effect on the next request everywhere. */
  role: StaffRole | null;
  /** The session (the token's `jti`) the request came with. */
  sessionId: string;
  /** Whether the shop has blocked this customer (read with the session; checkout refuses at once). */
  blocked?: boolean;
}

type TokenEnv = Pick<Env, 'JWT_SECRET' | 'JWT_ISSUER' | 'JWT_AUDIENCE' | 'JWT_TTL_SECONDS'>;

// Imported once per secret: given the raw bytes, jose imports a WebCrypto key on every call, which
// cost as much as the signature check itself.
const keys = new Map<string, Promise<CryptoKey>>();
const keyOf = (secret: string) => {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    keys.set(secret, key);
  }
  return key;
};

/** A 401 that tells the client to send a bearer token. */
export const notSignedIn = (message = 'Please sign in.') =>
  new AppError(401, 'unauthorized', message, undefined, { 'WWW-Authenticate': 'Bearer' });

/** Opens a session for the user and returns its bearer token (HS256 JWT naming the session in `jti`). */
export async function issueSession(
  db: Db,
  env: TokenEnv,
  user: { id: string; email: string; name: string; type: UserType; role: StaffRole | null },
  now = new Date(),
): Promise<string> {
  const jti = randomUUID();
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + env.JWT_TTL_SECONDS;
  await db.insert(sessions).values({ jti, userId: user.id, expiresAt: new Date(exp * 1000) });
  // The role is for the SPA's menus only: the server reads it from the database on every request.
  return new SignJWT({
    userId: user.id,
    type: user.type,
    role: user.role,
    email: user.email,
    name: user.name,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(jti)
    .setIssuer(env.JWT_ISSUER)
    .setAudience(env.JWT_AUDIENCE)
    .sign(await keyOf(env.JWT_SECRET));
}

/**
 * The claims of a token whose signature, algorithm (HS256 only, so never `none`), issuer, audience and
 * expiry check out; null otherwise. It says nothing about revocation: see `authenticate`.
 */
export async function verifyToken(
  env: TokenEnv,
  token: string,
  now = new Date(),
): Promise<TokenClaims | null> {
  const checkedBy = `${env.JWT_SECRET}\n${env.JWT_ISSUER}\n${env.JWT_AUDIENCE}`;
  const seen = verified.get(token);
  // jose's rule: a token is good while `now` (in whole seconds) is before its `exp`.
  if (seen?.checkedBy === checkedBy && seen.claims.exp > Math.floor(now.getTime() / 1000)) return seen.claims;
  try {
    const { payload } = await jwtVerify(token, await keyOf(env.JWT_SECRET), {
      algorithms: ['HS256'],
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      typ: 'JWT',
      currentDate: now,
      requiredClaims: ['exp', 'iat', 'jti'],
    });
    const claims = TokenClaims.safeParse(payload);
    if (!claims.success) return null;
    remember(token, { checkedBy, claims: claims.data });
    return claims.data;
  } catch {
    return null;
  }
}

/**
 * Tokens whose signature, issuer and audience checked out (and against which secret, issuer and
 * audience), with their claims. A signed-in shopper sends the same token with every request, and
 * checking its signature again cost more than most of the request's own work (jose's HMAC through
 * WebCrypto, asynchronous: about 0.3 ms). Only the expiry can change the answer, and it is checked on
 * every use. Revocation never depended on this: `authenticate` reads the session on every request.
 * Bounded: when full, it starts again empty.
 */
const verified = new Map<string, { checkedBy: string; claims: TokenClaims }>();
const VERIFIED_MAX = 10_000;
function remember(token: string, entry: { checkedBy: string; claims: TokenClaims }) {
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(token, entry);
}

/** The bearer token of an Authorization header, if it has one. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/**
 * The live-session check every signed-in request makes, as a named prepared statement per database
 * handle: parsed and planned once per connection.
 */
const preparedSessionCheck = preparedPerHandle((db) =>
  db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      type: users.type,
      role: users.role,
      blocked: sql<boolean>`${users.blockedAt} is not null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.jti, sql.placeholder('jti')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        // A deactivated staff member is out at once, whatever session they hold (their sessions are
        // also revoked with the deactivation).
        isNull(users.deactivatedAt),
        // An erased shopper likewise, even with a session a sign-in opened while the erasure committed.
        isNull(users.erasedAt),
      ),
    )
    .prepare('session_check'),
);

/** Resolves an Authorization header to the user of a live session, or throws a 401. */
export async function authenticate(
  db: Db,
  env: TokenEnv,
  header: string | undefined,
  now = new Date(),
): Promise<AuthUser> {
  const token = bearerToken(header);
  if (!token) throw notSignedIn();
  const claims = await verifyToken(env, token, now);
  if (!claims) throw notSignedIn('Your sign-in is not valid. Please sign in again.');
  const [row] = await preparedSessionCheck(db).execute({
    jti: claims.jti,
    userId: claims.userId,
    now,
  });
  if (!row) throw notSignedIn('Your session has ended. Please sign in again.');
  return { ...row, sessionId: claims.jti };
}

/** Ends one session. */
export async function revokeSession(db: Db, jti: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.jti, jti), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user, except `keep` when given (the one asking). */
export async function revokeUserSessions(db: Db, userId: string, now = new Date(), keep?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.jti, keep) : undefined),
    );
}

/** Drops sessions that ended more than a day ago. */
export async function purgeSessions(db: Db, now = new Date()) {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} < ${dayAgo} or ${sessions.revokedAt} < ${dayAgo}`);
}
