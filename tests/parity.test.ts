import { countRows, ErrorBody } from '@contract/common';
import { Category, ProductDetail, ProductList } from '@contract/catalogue';
import { SearchResponse } from '@contract/search';
import { CountryList } from '@contract/setups';
import { handlers } from '@mocks/handlers/index';
import { setupServer } from 'msw/node';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContext, type TestContext } from '../server/test/harness';

/*
 * The mock/server parity test (GUIDE §3): the same HTTP scenarios against the real server and
 * against the MSW handlers the SPA's tests and `npm run dev:mock` use. Catalogues differ, so the
 * two must agree on status codes, error codes, the fields a 400 names, and the contract's shapes.
 */

const msw = setupServer(...handlers);
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  msw.listen({ onUnhandledRequest: 'error' });
});
afterAll(async () => {
  msw.close();
  await ctx.close();
});

interface Answer {
  status: number;
  body: unknown;
}

async function both(path: string, init: RequestInit & { json?: unknown } = {}): Promise<[Answer, Answer]> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  const request: RequestInit = { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body };
  const read = async (res: Response): Promise<Answer> => ({
    status: res.status,
    body: res.headers.get('content-type')?.includes('json') ? await res.json() : await res.text(),
  });
  const server = await read(await ctx.request(path, request));
  const mock = await read(await fetch(new URL(path, 'http://localhost'), request));
  return [server, mock];
}

function expectSameError([server, mock]: [Answer, Answer], status: number) {
  expect({ server: server.status, mock: mock.status }).toEqual({ server: status, mock: status });
  const s = ErrorBody.parse(server.body);
  const m = ErrorBody.parse(mock.body);
  expect(m.code).toBe(s.code);
  const fields = (e: ErrorBody) => (e.issues ?? []).map((i) => i.path).sort();
  expect(fields(m)).toEqual(fields(s));
  for (const e of [s, m]) expect(e.message).toMatch(new RegExp(` Correlation ID: ${e.correlationId}$`));
}

function expectSameShape([server, mock]: [Answer, Answer], schema: z.ZodType) {
  expect({ server: server.status, mock: mock.status }).toEqual({ server: 200, mock: 200 });
  expect(() => schema.parse(server.body)).not.toThrow();
  expect(() => schema.parse(mock.body)).not.toThrow();
}

const data = <T extends z.ZodType>(schema: T) => z.object({ data: schema });

describe('mocks and server agree', () => {
  it('on the product list and its defaults', async () => {
    const answers = await both('/api/v2/products');
    expectSameShape(answers, ProductList);
    for (const a of answers) expect((a.body as ProductList).meta).toMatchObject({ limit: 24, offset: 0 });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=1000', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['sort=cheapest', 'sort'],
  ])('on a bad list query (%s)', async (query) => {
    expectSameError(await both(`/api/v2/products?${query}`), 400);
  });

  it('on product details, bad ids and unknown ids', async () => {
    const [server, mock] = await both('/api/v2/products?limit=1');
    const serverId = (server.body as ProductList).data[0]!.productId;
    const mockId = (mock.body as ProductList).data[0]!.productId;
    const s = await ctx.request(`/api/v1/products/${serverId}`);
    const m = await fetch(`http://localhost/api/v1/products/${mockId}`);
    expectSameShape(
      [
        { status: s.status, body: await s.json() },
        { status: m.status, body: await m.json() },
      ],
      data(ProductDetail),
    );
    expectSameError(await both('/api/v1/products/not-a-uuid'), 400);
    expectSameError(await both(`/api/v1/products/${randomUUID()}`), 404);
  });

  it('on categories', async () => {
    expectSameShape(await both('/api/v1/categories'), data(countRows(Category)));
  });

  it('on search, its typos and its bad queries', async () => {
    const answers = await both('/api/v1/search/orama?q=tilapa');
    expectSameShape(answers, SearchResponse);
    for (const a of answers) expect((a.body as SearchResponse).data[0]?.name).toMatch(/tilapia/i);
    expectSameError(await both('/api/v1/search/orama?q='), 400);
    expectSameError(await both('/api/v1/search/orama?q=%20%20%20'), 400);
    expectSameError(await both(`/api/v1/search/orama?q=${'a'.repeat(101)}`), 400);
    expectSameError(await both('/api/v1/search/orama?q=fish&limit=51'), 400);
  });

  it('on countries', async () => {
    const answers = await both('/api/v1/setups/countries');
    expectSameShape(answers, data(CountryList));
    for (const a of answers) expect((a.body as { data: z.infer<typeof CountryList> }).data[0]?.name.common).toBe('Kenya');
  });

  it('on a bad sign-in email', async () => {
    expectSameError(await both('/api/v1/auth/get-user', { method: 'POST', json: { email: 'not-an-email' } }), 400);
  });

  it('on unknown API routes', async () => {
    expectSameError(await both('/api/nope'), 404);
  });
});
