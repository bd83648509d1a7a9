import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Deps } from '../../lib/http';
import { clientIp, hitRateLimit } from '../../lib/rate-limit';

const ROUTES = new Set([
  'get-user',
  'register',
  'verify-otp',
  'resend-otp',
  'update-profile',
  'forgot-password',
  'set-password',
  'login',
  'logout',
  'me',
  'change-password',
]);

// Signed-in reads come often and many shoppers share a carrier-grade NAT address: more room per IP.
const ROOM: Record<string, number> = { me: 4, logout: 4 };

/**
 * The per-IP limit of every auth route, counted in the database so it holds across instances
 * (the per-email limits are in the service, where the email is known). Auth answers are never cached.
 */
export function authRateLimit({ env, database }: Pick<Deps, 'env' | 'database'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const name = /\/v1\/auth\/([^/]+)/.exec(c.req.path)?.[1] ?? '';
    const route = ROUTES.has(name) ? name : 'other';
    await hitRateLimit(database.db, {
      scope: `ip:${route}`,
      subject: clientIp(c, env.TRUST_PROXY),
      limit: env.AUTH_RATE_PER_IP * (ROOM[route] ?? 1),
      windowSeconds: env.AUTH_RATE_WINDOW_SECONDS,
    });
    await next();
    c.header('Cache-Control', 'no-store');
  };
}
