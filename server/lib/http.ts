import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { randomUUID } from 'node:crypto';
import type { ZodError } from 'zod';
import { validationMessage, zodIssues, type ErrorBody, type Issue } from '../../contract/common';
import { controlCharIssues, urlControlChars } from '../../contract/control-chars';
import { PERMISSIONS, type Permission } from '../../contract/roles';
import type { Database } from '../db/client';
import type { Env } from '../env';
import { isSignInGuard, permit } from './auth/middleware';
import { error as errorAnswer } from './openapi';
import type { AuthUser } from './auth/session';
import { AppError, databaseUnavailable, isDatabaseUnavailable } from './errors';
import type { ErrorReporter } from './error-reporting';
import type { Logger } from './logger';
import type { Metrics } from './metrics';

/**
 * The configuration server/app.ts hands every module (Deps.env, parsed once by server/env.ts, which no
 * module imports); a module's functions take only the fields they read, `Pick<Config, ...>`.
 */
export type Config = Env;

/** The address the shop is reached at, for links in mail: PUBLIC_URL, or localhost and PORT. */
export const publicUrl = (config: Pick<Config, 'PUBLIC_URL' | 'PORT'>) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');

/**
 * What server/index.ts tells the app of what it runs beside it, for readiness: set once started,
 * and read on every check. Tests that start no jobs leave it out.
 */
export interface Runtime {
  /** The background jobs (server/jobs/runner.ts `RunningJobs`), once started. */
  jobs?: { readonly state: 'running' | 'stopping' | 'stopped'; readonly notStarted: readonly string[] };
  /** Set as a signal arrives: the load balancer is told at once to send new work elsewhere. */
  shuttingDown?: boolean;
}

/** What every module gets: configuration, the database and the logger. */
export interface Deps {
  env: Config;
  database: Database;
  logger: Logger;
  runtime?: Runtime;
  /** The Prometheus figures (server/lib/metrics.ts), when METRICS_TOKEN or METRICS_PORT asks for them. */
  metrics?: Metrics;
  /** Where unexpected errors are reported (Sentry), when SENTRY_DSN is set. */
  errors?: ErrorReporter;
}

export type AppEnv = {
  Variables: {
    correlationId: string;
    log: Logger;
    /** Set by `requireUser` / `requireAdmin` (server/lib/auth/middleware.ts). */
    user?: AuthUser;
  };
};

const CORRELATION_HEADER = 'X-Correlation-Id';
const SAFE_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** What an admin route declares it needs (contract/roles.ts); the OpenAPI document shows it. */
interface PermissionExtension {
  'x-permission': Permission;
}

/**
 * A route that declares `x-permission` is guarded by it, after the route's own middleware (the
 * sign-in guard) and before its input is read, and its documented 403 names the permission: what the
 * document says is what the server does, for every router made here.
 */
function guardedByPermission<R extends RouteConfig>(route: R): R {
  const permission = (route as Partial<PermissionExtension>)['x-permission'];
  if (!permission) return route;
  const own = route.middleware === undefined ? [] : [route.middleware].flat();
  // Right after the route's own sign-in guard, or first when the router's `use` signed the user in:
  // before an upload's type and size checks, so a role without the permission is refused unread.
  const at = own.findLastIndex(isSignInGuard) + 1;
  return {
    ...route,
    middleware: [...own.slice(0, at), permit(permission), ...own.slice(at)],
    responses: {
      ...route.responses,
      403: errorAnswer(
        `Signed in, but not as staff whose role may ${PERMISSIONS[permission]} (\`${permission}\`)`,
      ),
    },
  };
}

/** A router whose validation failures become the 400 error envelope and whose routes get their permission guard. */
export function newRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        const issues = zodIssues(result.error as ZodError);
        return errorResponse(c, 400, 'validation_failed', validationMessage(result.target, issues), issues);
      }
    },
  });
  const register = router.openapi;
  router.openapi = ((route, handler, hook) =>
    register(guardedByPermission(route), handler, hook)) as typeof register;
  return router;
}

/** A module's router and the path prefix it answers under (one module may have several). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any router's route schema
export type Mount = readonly [prefix: string, router: Hono<AppEnv, any, any>];

/** Mounts each router under its prefix. */
export function mount<T extends Hono<AppEnv>>(parent: T, mounts: readonly Mount[]): T {
  for (const [prefix, router] of mounts) parent.route(prefix, router);
  return parent;
}

/** Writes the error envelope (docs/design.md#error-envelope), correlation id included. */
export function errorResponse(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  issues?: Issue[],
  details?: Readonly<Record<string, unknown>>,
) {
  const correlationId = c.get('correlationId') ?? randomUUID();
  const body: ErrorBody = {
    ...details,
    message: `${message} Correlation ID: ${correlationId}`,
    code,
    correlationId,
    ...(issues?.length ? { issues } : {}),
  };
  c.header(CORRELATION_HEADER, correlationId);
  c.header('Cache-Control', 'no-store');
  return c.json(body, status);
}

/**
 * Refuses a control character in any string of the request (contract/control-chars.ts) with the 400
 * of a schema failure, before any handler or the database sees it. A JSON body read here is cached
 * by Hono for the route's validator; a body that is not JSON is left to that validator.
 */
export async function refuseControlChars(c: Context<AppEnv>, next: () => Promise<void>) {
  const inUrl = urlControlChars(c.req.url);
  if (inUrl) {
    return errorResponse(
      c,
      400,
      'validation_failed',
      validationMessage(inUrl.part, inUrl.issues),
      inUrl.issues,
    );
  }
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && /json/i.test(c.req.header('content-type') ?? '')) {
    const body = await c.req.json().catch(() => undefined);
    const issues = controlCharIssues(body);
    if (issues.length) {
      return errorResponse(c, 400, 'validation_failed', validationMessage('json', issues), issues);
    }
  }
  await next();
}

/** The 404 of a path no route answers; also what a route answers that must look as if it did not exist. */
export const noSuchRoute = (c: Context<AppEnv>) =>
  errorResponse(c, 404, 'not_found', `There is no API route ${c.req.method} ${c.req.path}.`);

/** Gives every request a correlation id (the caller's, when it is a safe one) and logs it. */
export function correlation(logger: Logger) {
  return async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const incoming = c.req.header(CORRELATION_HEADER);
    const correlationId = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
    const log = logger.child({ correlationId });
    c.set('correlationId', correlationId);
    c.set('log', log);
    const started = performance.now();
    await next();
    // On the response itself, as secureHeaders does: c.header() on a finished response would turn the
    // node adapter's lightweight response into a full one (a body stream) on every request.
    c.res.headers.set(CORRELATION_HEADER, correlationId);
    const fields = {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    if (c.res.status >= 500) log.error('request', fields);
    else log.debug('request', fields);
  };
}

/**
 * Turns any thrown value into the error envelope; never leaks stacks or SQL. An unexpected one (the
 * 500) is logged and, given a reporter, reported with the request's correlation id.
 */
export function handleError(err: Error, c: Context<AppEnv>, errors?: ErrorReporter) {
  if (isDatabaseUnavailable(err)) {
    (c.get('log') ?? console).warn('database unavailable', { error: err.message, path: c.req.path });
    return handleError(databaseUnavailable(), c);
  }
  if (err instanceof AppError) {
    for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
    return errorResponse(c, err.status, err.code, err.message, err.issues, err.details);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const message =
      status === 413
        ? 'The request body is too large.'
        : status === 400 && /json/i.test(err.message)
          ? 'The request body is not valid JSON.'
          : err.message || 'The request could not be handled.';
    return errorResponse(c, status, status === 413 ? 'payload_too_large' : 'bad_request', message);
  }
  (c.get('log') ?? console).error('unhandled error', {
    error: err?.message,
    stack: err?.stack,
    method: c.req.method,
    path: c.req.path,
  });
  errors?.report(err, {
    where: 'request',
    correlationId: c.get('correlationId'),
    method: c.req.method,
    path: c.req.path,
  });
  return errorResponse(c, 500, 'internal_error', 'Something went wrong on our side. Please try again.');
}
