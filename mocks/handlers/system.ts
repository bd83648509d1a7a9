import { Health } from '@contract/common';
import { RELEASE } from '@contract/constants';
import { http, HttpResponse } from 'msw';
import { errorResponse } from '../http';

const startedAt = Date.now();

export const systemHandlers = [
  http.get(/^https?:\/\/[^/]+\/api\/health$/, () => {
    const data = Health.parse({
      status: 'ok',
      database: { kind: 'pglite', ok: true },
      version: RELEASE,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    });
    return HttpResponse.json({ data }, { headers: { 'Cache-Control': 'no-store' } });
  }),
];

/**
 * Any origin's /api/ path (Node tests have no page origin), but not Vite's module URLs such as
 * /src/features/auth/api/x.ts, which the browser worker sees too.
 */
const API_ANY_ORIGIN = /^https?:\/\/[^/]+\/api\//;

/** Unknown API routes answer 404 JSON like the server, never fall through to the SPA. Keep it last. */
export const apiNotFoundHandler = http.all(API_ANY_ORIGIN, ({ request }) =>
  errorResponse(
    404,
    'not_found',
    `There is no API route ${request.method} ${new URL(request.url).pathname}.`,
  ),
);
