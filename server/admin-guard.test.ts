import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/harness';
import { shopper } from './test/shop';

/*
 * Every operation the API document tags `admin` answers 401 to a guest and 403 to a customer,
 * whatever it is. The operations are found in the document, not listed here, so a route someone
 * adds later is walked too. Each request is otherwise valid (path ids, a body and headers made from
 * the operation's own schemas), so a 401/403 is the guard speaking, not a 400 that hid it.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  minLength?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema };
type Operation = {
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** The smallest value a schema accepts that this walk can make up. */
function sample(schema: Schema, doc: Document, depth = 0): unknown {
  if (depth > 8) return null;
  if (schema.$ref) return sample(doc.components.schemas[schema.$ref.split('/').pop()!]!, doc, depth + 1);
  for (const key of ['const', 'example', 'default'] as const)
    if (schema[key] !== undefined) return schema[key];
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return sample(options.find((o) => o.type !== 'null') ?? options[0]!, doc, depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sample(s, doc, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((k) => [k, sample(schema.properties?.[k] ?? {}, doc, depth + 1)]),
      );
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}, doc, depth + 1));
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 0, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'binary') return 'x';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return null;
  }
}

/** The request an operation expects, with made-up values; multipart bodies as form data. */
function requestFor(path: string, op: Operation, doc: Document) {
  const params = op.parameters ?? [];
  const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const p = params.find((x) => x.in === 'path' && x.name === name);
    return encodeURIComponent(String(p?.schema ? sample(p.schema, doc) : randomUUID()));
  });
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const p of params) {
    if (!p.required || !p.schema) continue;
    if (p.in === 'query') query.set(p.name, String(sample(p.schema, doc)));
    if (p.in === 'header') headers[p.name] = String(sample(p.schema, doc));
  }
  // Optional headers the guard must not depend on (If-Match, say) are sent too.
  for (const p of params)
    if (p.in === 'header' && !p.required && p.schema) headers[p.name] = String(sample(p.schema, doc));
  let body: BodyInit | undefined;
  const content = op.requestBody?.content ?? {};
  if (content['application/json']) {
    body = JSON.stringify(sample(content['application/json'].schema, doc));
    headers['Content-Type'] = 'application/json';
  } else if (content['multipart/form-data']) {
    const form = new FormData();
    const fields = sample(content['multipart/form-data'].schema, doc) as Record<string, unknown>;
    for (const [k, v] of Object.entries(fields ?? {}))
      for (const one of Array.isArray(v) ? v : [v]) form.append(k, String(one));
    body = form;
  }
  return { url: `/api${url}${query.size ? `?${query}` : ''}`, headers, body };
}

let ctx: TestContext;
let doc: Document;
let customerToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  doc = await (await ctx.request('/api/openapi.json')).json();
  customerToken = (await shopper(ctx, 'customer')).token;
});
afterAll(() => ctx.close());

const adminOperations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => op.tags?.includes('admin'))
      .map(([method, op]) => ({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        op,
      })),
  );

describe('every admin operation of the API document', () => {
  it('is found by the walk, the product and activity routes among them', () => {
    const names = adminOperations().map((o) => o.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /v1/admin/products',
        'GET /v1/admin/products/{id}',
        'POST /v1/products',
        'PUT /v1/products/{id}',
        'PATCH /v1/products/{id}',
        'DELETE /v1/products/{id}',
        'GET /v1/admin/activity',
      ]),
    );
  });

  it('answers a guest with 401 and a customer with 403, whatever the request', async () => {
    const answers: string[] = [];
    for (const { name, method, path, op } of adminOperations()) {
      for (const [who, token, expected] of [
        ['guest', undefined, 401],
        ['customer', customerToken, 403],
      ] as const) {
        const { url, headers, body } = requestFor(path, op, doc);
        const res = await ctx.request(url, {
          method,
          headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body,
        });
        const envelope = await res.json().catch(() => null);
        answers.push(`${name} as ${who}: ${res.status}${envelope?.code ? ` ${envelope.code}` : ''}`);
        expect.soft(res.status, `${name} as ${who}`).toBe(expected);
      }
    }
    // Every operation was asked twice; the list names each answer when one is wrong.
    expect(answers.length).toBe(adminOperations().length * 2);
    expect(answers.filter((a) => !/guest: 401|customer: 403/.test(a))).toEqual([]);
  });

  it('declares 401 and 403 with the error envelope on each', () => {
    const missing = adminOperations().flatMap(({ name, op }) => {
      const responses = (op as { responses?: Record<string, unknown> }).responses ?? {};
      return ['401', '403'].filter((s) => !responses[s]).map((s) => `${name}: ${s}`);
    });
    expect(missing).toEqual([]);
  });
});
