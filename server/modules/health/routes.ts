import { createRoute } from '@hono/zod-openapi';
import { Health } from '../../../contract/common';
import { Liveness, Readiness } from '../../../contract/health';
import { publicSecurity } from '../../lib/auth/middleware';
import { clientErrors, ok } from '../../lib/openapi';

// Paths are under /health, where server/app.ts mounts this module.

export const healthRoute = createRoute({
  method: 'get',
  path: '/',
  operationId: 'getHealth',
  tags: ['system'],
  security: publicSecurity,
  summary: 'Liveness and database status',
  responses: {
    200: ok('The server and its database answer', Health),
    503: ok('The database does not answer', Health),
    ...clientErrors,
  },
});

export const liveRoute = createRoute({
  method: 'get',
  path: '/live',
  operationId: 'getLiveness',
  tags: ['system'],
  security: publicSecurity,
  summary: 'Whether the process answers (asks nothing of the database)',
  description:
    'For a process manager or an orchestrator deciding whether to restart the process: it answers ' +
    'as long as the event loop turns, whatever the database does.',
  responses: {
    200: ok('The process answers', Liveness),
    ...clientErrors,
  },
});

export const readyRoute = createRoute({
  method: 'get',
  path: '/ready',
  operationId: 'getReadiness',
  tags: ['system'],
  security: publicSecurity,
  summary: 'Whether this instance can take traffic',
  description:
    'For a load balancer deciding whether to send this instance requests: the database answers, ' +
    'every migration of this version is applied, the search index is built and the background ' +
    'jobs run. Each check is bounded in time, so a database that hangs is a quick 503.',
  responses: {
    200: ok('Every check passed', Readiness),
    503: ok('At least one check failed; `reasons` says which, in words', Readiness),
    ...clientErrors,
  },
});
