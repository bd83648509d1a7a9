import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  can,
  PERMISSIONS,
  refusalMessage,
  STAFF_ROLES,
  type Permission,
  type StaffRole,
} from '../contract/roles';
import { AdminDashboard } from '../contract/dashboard';
import { UPLOAD_REQUEST_MAX } from './modules/uploads/routes';
import { users } from './db/schema';
import { createUser } from './test/auth';
import { createTestContext, type TestContext } from './test/harness';
import { shopper, staffMember } from './test/shop';

/*
 * Every operation the API document tags `admin` answers 401 to a guest and 403 to a customer,
 * whatever it is, and names the permission it needs (`x-permission`), which lets exactly the staff
 * roles that have it through (contract/roles.ts). The operations are found in the document, not listed here, so a route someone
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
  'x-permission'?: string;
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
const tokens = {} as Record<StaffRole, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  doc = await (await ctx.request('/api/openapi.json')).json();
  customerToken = (await shopper(ctx, 'customer')).token;
  for (const role of STAFF_ROLES) tokens[role] = (await staffMember(ctx, role)).token;
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

describe('each staff role on every admin operation', () => {
  const send = async (method: string, url: string, token: string, json?: unknown) => {
    const res = await ctx.request(`/api${url}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: res.status, message: String((await res.json().catch(() => ({})))?.message ?? '') };
  };

  it('names a known permission on every admin operation', () => {
    const unnamed = adminOperations()
      .filter(({ op }) => !(op['x-permission'] && op['x-permission'] in PERMISSIONS))
      .map(({ name, op }) => `${name}: ${op['x-permission'] ?? 'none'}`);
    expect(unnamed).toEqual([]);
  });

  it('lets exactly the roles with that permission through; the others get a 403 saying what is missing', async () => {
    const wrong: string[] = [];
    let asked = 0;
    for (const { name, method, path, op } of adminOperations()) {
      const permission = op['x-permission'] as Permission;
      for (const role of STAFF_ROLES) {
        const { url, headers, body } = requestFor(path, op, doc);
        const res = await ctx.request(url, {
          method,
          headers: { ...headers, Authorization: `Bearer ${tokens[role]}` },
          body,
        });
        const message = String((await res.json().catch(() => null))?.message ?? '');
        asked += 1;
        const allowed = can(role, permission);
        // Allowed: whatever the made-up request earns (200, 400, 404, 409), never the guard's answer.
        if (allowed && (res.status === 401 || res.status === 403))
          wrong.push(`${name} as ${role}: ${res.status} ${message}`);
        if (!allowed && (res.status !== 403 || !message.startsWith(refusalMessage(role, permission))))
          wrong.push(`${name} as ${role}: ${res.status} ${message}`);
      }
    }
    expect(asked).toBe(adminOperations().length * STAFF_ROLES.length);
    expect(wrong).toEqual([]);
  });

  it('refuses a packer a cancel and a settled payment, which moving an order along does not include', async () => {
    const order = `/v1/admin/orders/${randomUUID()}`;
    const settle = { paymentStatus: 'paid', receipt: 'SLK4H8ABCD' };
    expect(await send('PATCH', order, tokens.fulfilment, { status: 'cancelled' })).toMatchObject({
      status: 403,
      message: expect.stringContaining('Your role (fulfilment) cannot cancel orders.'),
    });
    expect(await send('PATCH', order, tokens.fulfilment, settle)).toMatchObject({
      status: 403,
      message: expect.stringContaining('Your role (fulfilment) cannot settle unclear payments.'),
    });
    // Past the guard, the made-up order is simply not found.
    expect((await send('PATCH', order, tokens.fulfilment, { status: 'processing' })).status).toBe(404);
    expect((await send('PATCH', order, tokens.manager, { status: 'cancelled' })).status).toBe(404);
    expect((await send('PATCH', order, tokens.manager, settle)).status).toBe(404);
  });

  it("shows each role the dashboard's money and orders it may see, and no more", async () => {
    const dashboard = async (role: StaffRole) => {
      const res = await ctx.request('/api/v1/admin/dashboard', {
        headers: { Authorization: `Bearer ${tokens[role]}` },
      });
      expect(res.status).toBe(200);
      return AdminDashboard.parse(((await res.json()) as { data: unknown }).data);
    };
    const money = (d: AdminDashboard) => ({
      today: d.periods.today.revenue,
      week: d.periods.last7Days.revenue,
      month: d.periods.last30Days.previousRevenue,
      chart: d.revenueByDay?.length ?? null,
    });
    expect(money(await dashboard('owner'))).toEqual({ today: 0, week: 0, month: 0, chart: 30 });
    // The manager sees today's takings; the week's, the month's and the daily chart are the owner's.
    expect(money(await dashboard('manager'))).toEqual({ today: 0, week: null, month: null, chart: null });
    for (const role of ['catalogue', 'fulfilment'] as const) {
      const d = await dashboard(role);
      expect(money(d)).toEqual({ today: null, week: null, month: null, chart: null });
      expect(d.periods.today.revenueChange).toBeNull();
      // Counts stay: a packer sees how many orders wait.
      expect(d.periods.today.orders).toBe(0);
    }
  });

  it('refuses an upload to a role without products.write before its type or size is looked at', async () => {
    const upload = (token: string, init: RequestInit) =>
      ctx.request('/api/v1/assets/image', {
        method: 'POST',
        ...init,
        headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
      });
    const refusal = 'Your role (fulfilment) cannot change products, their prices, stock and images.';
    // Not multipart: the owner hears that (415); the packer hears about the role.
    const json = { headers: { 'Content-Type': 'application/json' }, body: '{}' };
    expect((await upload(tokens.owner, json)).status).toBe(415);
    const notMultipart = await upload(tokens.fulfilment, json);
    expect(notMultipart.status).toBe(403);
    expect((await notMultipart.json()).message).toContain(refusal);
    // Over the size limit: refused for the role, not read to its end.
    const big = new Uint8Array(UPLOAD_REQUEST_MAX + 1);
    const oversize = {
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(big.length) },
      body: big,
    };
    expect((await upload(tokens.owner, oversize)).status).toBe(413);
    const tooBig = await upload(tokens.fulfilment, oversize);
    expect(tooBig.status).toBe(403);
    expect((await tooBig.json()).message).toContain(refusal);
  });

  it('reads the role on every request: a change applies to a session already open', async () => {
    const member = await staffMember(ctx, 'catalogue');
    expect((await send('GET', '/v1/admin/orders', member.token)).status).toBe(403);
    await ctx.database.db.update(users).set({ role: 'fulfilment' }).where(eq(users.id, member.id));
    expect((await send('GET', '/v1/admin/orders', member.token)).status).toBe(200);
    expect(await send('GET', '/v1/discounts', member.token)).toMatchObject({
      status: 403,
      message: expect.stringContaining('Your role (fulfilment) cannot see discounts.'),
    });
  });

  it('keeps a role off a shopper and a staff account without one, in the database itself', async () => {
    const { db } = ctx.database;
    await expect(createUser(db, { type: 'customer', role: 'owner' })).rejects.toThrow();
    await expect(
      db.insert(users).values({ email: `${randomUUID()}@example.com`, type: 'admin', role: null }),
    ).rejects.toThrow();
  });
});
