import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { shopper } from '../test/shop';

// Issue 13: generated parameters, bodies and headers sent to every route of the OpenAPI document.
// Whatever arrives, the server answers below 500, and a request it refuses (4xx) changes no data.
// fast-check prints the seed and the smallest failing request; re-run with it to reproduce.

/** The tables a refused request must leave alone (counters, challenges and mail may move). */
const GUARDED = [
  'categories',
  'attributes',
  'attribute_values',
  'products',
  'product_categories',
  'variants',
  'variant_attribute_values',
  'images',
  'product_images',
  'image_files',
  'discounts',
  'discount_products',
  'discount_categories',
  'users',
  'sessions',
  'delivery_areas',
  'cart_items',
  'orders',
  'order_discounts',
  'order_items',
  'payment_attempts',
  'saved_items',
  'activity_log',
];

/** Runs per route: every route gets this many generated requests. */
const RUNS = 25;

interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}

let ctx: TestContext;
let doc: {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};
let tokens: Record<'customer' | 'admin', string>;
let knownIds: string[];

beforeAll(async () => {
  // A ready shop, as a server with its jobs running is: readiness's 503 is for a server that is not.
  ctx = await createTestContext({}, { runtime: { jobs: { state: 'running', notStarted: [] } } });
  doc = await (await ctx.request('/api/openapi.json')).json();
  tokens = { customer: (await shopper(ctx)).token, admin: (await shopper(ctx, 'admin')).token };
  const products: { productId: string }[] = (await (await ctx.request('/api/v2/products')).json()).data;
  const categories: { categoryId: string }[] = (await (await ctx.request('/api/v1/categories')).json()).data
    .rows;
  knownIds = [
    ...products.slice(0, 5).map((p) => p.productId),
    ...categories.slice(0, 3).map((c) => c.categoryId),
  ];
  expect(knownIds.filter((id) => /^[0-9a-f-]{36}$/.test(id))).toHaveLength(8);
});
afterAll(() => ctx.close());

/**
 * A cheap fingerprint of the guarded tables: each one's row count and newest row version (xmin), which
 * any insert, update or delete moves.
 */
async function fingerprint(): Promise<string> {
  const parts = GUARDED.map(
    (t) =>
      sql`(select count(*) || ':' || coalesce(max(x.xmin::text::bigint), 0) from ${sql.identifier(t)} x)`,
  );
  const result = await ctx.database.db.execute(sql`select concat_ws(',', ${sql.join(parts, sql`, `)}) as f`);
  const rows = ((result as { rows?: unknown[] }).rows ?? result) as { f: string }[];
  return rows[0]!.f;
}

const resolve = (s: Schema | undefined): Schema | undefined =>
  s?.$ref ? resolve(doc.components?.schemas?.[s.$ref.split('/').pop()!]) : s;

/** The property names a body schema names (through $ref and unions), for bodies shaped like the real ones. */
function fieldsOf(s: Schema | undefined, seen = new Set<Schema>()): string[] {
  const r = resolve(s);
  if (!r || seen.has(r)) return [];
  seen.add(r);
  return [
    ...Object.keys(r.properties ?? {}),
    ...[...(r.allOf ?? []), ...(r.anyOf ?? []), ...(r.oneOf ?? [])].flatMap((x) => fieldsOf(x, seen)),
  ];
}

const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  'NaN',
  'null',
  '[]',
  '{}',
  "' OR 1=1--",
  '../../etc/passwd',
  '%00',
  '\u0000',
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  '😀',
  '\ud800',
);
const text = fc.oneof(fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 30 }), nasty);
const anyValue = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(text, fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(text, fc.integer()), { maxKeys: 3 }),
);

function requestArbitrary(op: Operation) {
  const params = op.parameters ?? [];
  const pathValues = Object.fromEntries(
    params
      .filter((p) => p.in === 'path')
      .map((p) => [p.name, fc.oneof(fc.constantFrom(...knownIds), fc.uuid(), text)] as const),
  );
  const query = fc.dictionary(
    fc.oneof(
      fc.constantFrom(...params.filter((p) => p.in === 'query').map((p) => p.name), 'x'),
      fc.string({ maxLength: 6 }),
    ),
    fc.oneof(text, fc.integer().map(String)),
    { maxKeys: 4 },
  );
  const fields = fieldsOf(op.requestBody?.content?.['application/json']?.schema);
  const body = op.requestBody
    ? fc.oneof(
        fc.record({ kind: fc.constant('json' as const), value: fc.jsonValue({ maxDepth: 3 }) }),
        fc.record({
          kind: fc.constant('json' as const),
          value: fields.length
            ? fc.dictionary(fc.constantFrom(...fields), anyValue, { maxKeys: fields.length })
            : fc.object(),
        }),
        fc.record({
          kind: fc.constant('raw' as const),
          value: fc.oneof(fc.string({ maxLength: 40 }), fc.constant('{"a":')),
        }),
      )
    : fc.constant(undefined);
  return fc.record({
    path: fc.record(pathValues),
    query,
    body,
    as: fc.constantFrom('guest', 'customer', 'admin', 'forged'),
    idempotencyKey: fc.option(fc.oneof(fc.uuid(), fc.string({ maxLength: 80 })), { nil: undefined }),
  });
}

/** A path segment, percent-encoded; a lone surrogate goes out as the bytes of one (invalid UTF-8). */
const LONE_SURROGATE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;
const encodePart = (value: string) =>
  value
    .split(LONE_SURROGATE)
    .map((piece, i) => (i % 2 === 1 ? '%ED%A0%80' : encodeURIComponent(piece)))
    .join('');

/** A generated request, as `requestArbitrary` makes it. */
type Generated = ReturnType<typeof requestArbitrary> extends fc.Arbitrary<infer T> ? T : never;

function send(method: string, template: string, req: Generated) {
  const url =
    '/api' +
    template.replace(/\{(\w+)\}/g, (_, name: string) => encodePart(req.path[name] ?? 'x')) +
    (Object.keys(req.query).length ? `?${new URLSearchParams(req.query)}` : '');
  const headers: Record<string, string> = {};
  if (req.as === 'customer' || req.as === 'admin') headers.Authorization = `Bearer ${tokens[req.as]}`;
  if (req.as === 'forged') headers.Authorization = `Bearer ${tokens.admin.slice(0, -4)}AAAA`;
  if (req.idempotencyKey !== undefined && /^[\x20-\x7e]*$/.test(req.idempotencyKey)) {
    headers['Idempotency-Key'] = req.idempotencyKey;
  }
  let body: string | undefined;
  if (req.body) {
    headers['Content-Type'] = 'application/json';
    body = req.body.kind === 'json' ? JSON.stringify(req.body.value) : String(req.body.value);
  }
  return ctx.request(url, { method, headers, body });
}

describe('fuzzing every route of the OpenAPI document', () => {
  it('knows the document', () => {
    expect(Object.keys(doc.paths).length).toBeGreaterThan(40);
  });

  it('has a fingerprint that sees a change in the guarded data', async () => {
    const before = await fingerprint();
    expect(await fingerprint()).toBe(before);
    // Even a write of the same value is a new row version.
    await ctx.database.db.execute(sql`update categories set name = name where id = ${knownIds.at(-1)}`);
    expect(await fingerprint()).not.toBe(before);
  });

  it('answers every generated request below 500, and a refused one changes no data', async () => {
    const failures: string[] = [];
    let sent = 0;
    // The data as the last answer left it: the fingerprint taken after each request is the next
    // one's "before" too, instead of a second one taken just before it (nothing else writes between
    // the two), which takes a quarter off this test's time.
    let before = await fingerprint();
    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        await fc
          .assert(
            fc.asyncProperty(requestArbitrary(op), async (r) => {
              const res = await send(method.toUpperCase(), template, r);
              sent += 1;
              const after = await fingerprint();
              const changed = after !== before;
              before = after;
              if (res.status >= 500) {
                failures.push(`${method.toUpperCase()} ${template} → ${res.status} ${await res.text()}`);
                return false;
              }
              if (res.status >= 400 && changed) {
                failures.push(`${method.toUpperCase()} ${template} → ${res.status} changed data`);
                return false;
              }
              return true;
            }),
            { numRuns: RUNS },
          )
          .catch((err: Error) => failures.push(err.message.split('\n').slice(0, 6).join('\n')));
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(50 * RUNS);
  }, 600_000);
});
