import type { Context, MiddlewareHandler } from 'hono';
import { can, refusalMessage, type Permission } from '../../../contract/roles';
import { forbidden } from '../errors';
import type { AppEnv, Deps } from '../http';
import { authenticate, notSignedIn, type AuthUser } from './session';

export type { AuthUser } from './session';

type AuthDeps = Pick<Deps, 'env' | 'database'>;

/** The guards below that sign a request in, so a permission check can be put right after them. */
const signInGuards = new WeakSet<MiddlewareHandler<AppEnv>>();
const signInGuard = (guard: MiddlewareHandler<AppEnv>) => (signInGuards.add(guard), guard);

/** Whether the middleware is one of this file's sign-in guards (`requireUser`, `requireAdmin`, …). */
export const isSignInGuard = (middleware: unknown): boolean =>
  typeof middleware === 'function' && signInGuards.has(middleware as MiddlewareHandler<AppEnv>);

/** Lets only requests with a live session through and puts the user in `c.get('user')`; else 401. */
export function requireUser({ env, database }: AuthDeps): MiddlewareHandler<AppEnv> {
  return signInGuard(async (c, next) => {
    c.set('user', await authenticate(database.db, env, c.req.header('Authorization')));
    await next();
  });
}

/** As `requireUser`, and the account must be an admin in the database now (a token's claim is not enough); else 403. */
export function requireAdmin({ env, database }: AuthDeps): MiddlewareHandler<AppEnv> {
  return signInGuard(async (c, next) => {
    const user = await authenticate(database.db, env, c.req.header('Authorization'));
    if (user.type !== 'admin') throw forbidden('This needs an admin account.');
    c.set('user', user);
    await next();
  });
}

/**
 * As `requireUser`, and the account must be a shopper: admins have no cart, orders or saved items
 * (docs/behaviour.md#roles), so they get a 403 rather than an empty cart that checkout would then refuse.
 */
export function requireCustomer({ env, database }: AuthDeps): MiddlewareHandler<AppEnv> {
  return signInGuard(async (c, next) => {
    const user = await authenticate(database.db, env, c.req.header('Authorization'));
    if (user.type === 'admin')
      throw forbidden('Admins get no cart, orders or saved items: sign in with a shopper account to shop.');
    c.set('user', user);
    await next();
  });
}

/**
 * A 403 naming what is missing unless the signed-in staff member's role has the permission. A
 * refusal is worth a line in the log (a rider walking the office's routes, a role someone forgot to
 * widen), whether the route's own permission refused it or a handler's further one.
 */
export function demand(c: Context<AppEnv>, permission: Permission): void {
  const user = currentUser(c);
  if (can(user.role, permission)) return;
  c.get('log')?.warn('permission refused', {
    userId: user.id,
    role: user.role,
    permission,
    method: c.req.method,
    path: c.req.path,
  });
  throw forbidden(refusalMessage(user.role, permission));
}

/**
 * Lets a request through only when the signed-in staff member's role has the permission. It runs
 * right after `requireAdmin` (it reads the user that put on the context) and before anything reads
 * the request (an upload's type and size checks included), so a refusal never depends on the body.
 * Routes get it from their `x-permission` (server/lib/http.ts).
 */
export function permit(permission: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    demand(c, permission);
    await next();
  };
}

/** The user `requireUser` or `requireAdmin` put on the context; a 401 when a route forgot the guard. */
export function currentUser(c: Context<AppEnv>): AuthUser {
  const user = c.get('user');
  if (!user) throw notSignedIn();
  return user;
}

/** The bearer token as the OpenAPI document declares it (server/app.ts registers it as `bearerAuth`). */
export const bearerScheme = { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } as const;

type SecurityRequirement = Record<string, string[]>;

/** The OpenAPI security of routes behind `requireUser`, `requireCustomer` or `requireAdmin`. */
export const bearerSecurity: SecurityRequirement[] = [{ bearerAuth: [] }];

/** The OpenAPI security of a route that uses the bearer token when one is sent (logout). */
export const optionalBearerSecurity: SecurityRequirement[] = [{ bearerAuth: [] }, {}];

/** The OpenAPI security of a route anyone may call: said outright, so clients send no token. */
export const publicSecurity: SecurityRequirement[] = [];
