import type { MiddlewareHandler } from 'hono';
import { authenticate } from '../../lib/auth/session';
import { forbidden } from '../../lib/errors';
import type { AppEnv, Deps } from '../../lib/http';

/**
 * As `requireUser`, and the account must be a shopper: admins have no cart, orders or saved items
 * (spec §5–6), so they get a 403 rather than an empty cart that checkout would then refuse.
 */
export function requireCustomer({
  env,
  database,
}: Pick<Deps, 'env' | 'database'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await authenticate(database.db, env, c.req.header('Authorization'));
    if (user.type === 'admin')
      throw forbidden('Admins get no cart, orders or saved items: sign in with a shopper account to shop.');
    c.set('user', user);
    await next();
  };
}
