import { RELEASE } from '@contract/constants';
import { http, HttpResponse } from 'msw';
import { controlCharIssues, urlControlChars } from '@contract/control-chars';
import { Health, validationMessage, type Issue, type RequestPart } from '@contract/common';
import { errorResponse, jsonBody } from '../http';

const startedAt = Date.now();

/**
 * Any origin's /api/ path (Node tests have no page origin), but not Vite's module URLs such as
 * /src/features/auth/api/x.ts, which the browser worker sees too.
 */
const API_ANY_ORIGIN = /^https?:\/\/[^/]+\/api\//;

export const systemHandlers = [
  // The server's first check of every request (server/lib/http.ts refuseControlChars); answering
  // nothing passes the request on to the handler of its route.
  http.all(API_ANY_ORIGIN, async ({ request }) => {
    const inUrl = urlControlChars(request.url);
    if (inUrl) return refusal(inUrl.part, inUrl.issues);
    if (/json/i.test(request.headers.get('content-type') ?? '')) {
      const issues = controlCharIssues(await jsonBody(request.clone()));
      if (issues.length) return refusal('json', issues);
    }
    return undefined;
  }),
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

const refusal = (part: RequestPart, issues: Issue[]) =>
  errorResponse(400, 'validation_failed', validationMessage(part, issues), issues);

/** Unknown API routes answer 404 JSON like the server, never fall through to the SPA. Keep it last. */
export const apiNotFoundHandler = http.all(API_ANY_ORIGIN, ({ request }) =>
  errorResponse(
    404,
    'not_found',
    `There is no API route ${request.method} ${new URL(request.url).pathname}.`,
  ),
);
