import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { DEMO_USERS, findUserById, issueMockToken, resetAuthDb } from './auth-db';
import { resetCommerceDb } from './commerce-db';
import { resetMockDb } from './db';

/*
 * What the mock handlers' own tests share (node environment, only tests import it): a server of the
 * handlers under test, tokens of the demo accounts, and a fetch in the SPA's manner.
 */

export const BASE = 'http://shop.test/api';

/** Serves `handlers` for this file's tests; every mock database is as seeded again after each test. */
export function serveMocks(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    resetCommerceDb();
    resetMockDb();
    resetAuthDb();
  });
  afterAll(() => server.close());
  return server;
}

/** A signed-in demo account's bearer token. */
export const tokenOf = (who: keyof typeof DEMO_USERS) => issueMockToken(findUserById(DEMO_USERS[who].id)!);

/** A request to the mocked API: JSON or a multipart form as `body`, the token as a bearer. */
export function mockFetch(
  method: string,
  path: string,
  body?: unknown,
  { token = null, headers = {} }: { token?: string | null; headers?: Record<string, string> } = {},
) {
  return fetch(`${BASE}${path}`, {
    method,
    headers: {
      ...(body instanceof FormData ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
}
