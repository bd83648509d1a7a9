import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDarajaSimulators } from '../dev/daraja-simulator';
import { createTestContext, type TestContext } from '../test/harness';
import { documentValidator, pointer, type OpenApiDocument } from '../test/openapi';
import { can, STAFF_ROLES, type Permission, type StaffRole } from '../../contract/roles';
import { issueSession } from '../lib/auth/session';
import { createUser } from '../test/auth';
import { shopper } from '../test/shop';

// Requests generated from the OpenAPI document, for every operation, in both directions: what the
// document allows is accepted (never refused as invalid; a 404 or 409 for the shop's own reasons is
// fine), what it forbids is refused with a 400 (never a 5xx nor a success), and every answer, status
// and body, is one the document gives. Seeded: a failure prints the request that fails, and runs
// the same again.

/**
 * The rules the document states in words (its description), not in its schemas: they depend on the
 * shop's data or on several fields. A request the schemas allow may be refused for one of them, each
 * issue matched by its message to the words that say it.
 */
const SAID_IN_WORDS: [message: RegExp, words: string][] = [
  [/is not a (category|variant of this product)|no such [a-z ]+$/, 'an id that names nothing the shop has'],
  [/is not an icon of the Material Design set/, 'not one of Material Design Icons'],
  [/We only deliver within Kenya/, 'a location outside Kenya'],
  [/Enter a Kenyan mobile number/, 'not a Kenyan mobile number'],
  [/a percentage is at most/, 'a percentage discount above 99 (100 off the delivery fee)'],
  [/must be after the start|must not be before from/, 'an end before its start'],
  [/must list every category/, 'a category order that leaves a category out'],
  [/only once|twice/, 'listed twice'],
  [
    /lat and lng together|a deliveryAreaId or lat and lng|send lat and lng \(one of the two\)/,
    'a place given by half a location',
  ],
  [/choose at least one product or category/, 'a discount that covers nothing'],
  [/names no products or categories/, 'a discount on the whole order or the delivery that names products'],
  [/^only a promo code/, 'the scope or a condition of a promo code on a discount without a code'],
  [/Enter a variant name/, 'a product with two or more variants, one without a name'],
  [/productIds or filter \(one of the two\)/, 'a bulk edit naming both products and a filter, or neither'],
  [
    /A price change must not be 0|A percentage change is between/,
    'a bulk price change of 0 or by a percentage outside −90 to +500',
  ],
  [/^A new variant needs its stock/, 'a new variant without its stock'],
  [
    /not both|^Enter the change, or the count|^Only a stock count gives the count/,
    'a stock adjustment that gives both or neither of a change and a count, or a count for another reason than a stock count',
  ],
];

/** Generated requests per operation, in each direction. */
const RUNS = { allowed: 6, forbidden: 4 };
const SEED = 26;

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  tags?: string[];
  'x-permission'?: Permission;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

let ctx: TestContext;
let doc: OpenApiDocument & { paths: Record<string, Record<string, Operation>> };
let validate: ReturnType<typeof documentValidator>;
/** A shopper's token, and a staff token per role: each admin operation is sent as a role that may use it. */
let tokens: { customer: string; staff: Record<StaffRole, string> };
/** Ids that exist, so that generated requests reach past the 404s now and then. */
let knownIds: string[];

beforeAll(async () => {
  ctx = await createTestContext();
  doc = await (await ctx.request('/api/openapi.json')).json();
  validate = documentValidator(doc);
  const staff = {} as Record<StaffRole, string>;
  for (const role of STAFF_ROLES) {
    const user = await createUser(ctx.database.db, { type: 'admin', role, phone: '+254722000111' });
    staff[role] = await issueSession(ctx.database.db, ctx.env, user);
  }
  tokens = { customer: (await shopper(ctx)).token, staff };
  const products: { productId: string }[] = (await (await ctx.request('/api/v2/products')).json()).data;
  const categories: { categoryId: string }[] = (await (await ctx.request('/api/v1/categories')).json()).data
    .rows;
  knownIds = [
    ...products.slice(0, 4).map((p) => p.productId),
    ...categories.slice(0, 2).map((c) => c.categoryId),
  ];
});
afterAll(async () => {
  await closeDarajaSimulators();
  await ctx.close();
});

const resolve = (s: Schema): Schema =>
  s.$ref ? resolve(doc.components!.schemas![s.$ref.split('/').pop()!] as Schema) : s;

/** Values the schema allows. */
function allowed(schema: Schema): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf ?? s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf)!.map((x) => allowed(x)));
  if (s.allOf) {
    const [first, ...rest] = s.allOf;
    return allowed(first!).filter((v) => rest.every((r) => fits(r, v)));
  }
  const types = Array.isArray(s.type) ? s.type : [s.type ?? 'string'];
  return fc.oneof(...types.map((t) => allowedOfType(t, s)));
}

function allowedOfType(type: string, s: Schema): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : min + 100_000);
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
        : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'array': {
      const item = allowed(s.items ?? {});
      const constraints = {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 3, (s.minItems ?? 0) + 3),
      };
      return s.uniqueItems
        ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) })
        : fc.array(item, constraints);
    }
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      return fc.record(Object.fromEntries(props.map(([k, v]) => [k, allowed(v)])), {
        requiredKeys: s.required ?? [],
      });
    }
    default:
      return allowedString(s);
  }
}

function allowedString(s: Schema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.min(s.maxLength ?? 40, minLength + 40);
  const text = s.pattern
    ? fc.stringMatching(new RegExp(s.pattern, 'u'))
    : s.format === 'uuid'
      ? fc.oneof(fc.uuid({ version: 4 }), fc.constantFrom(...knownIds))
      : s.format === 'date-time'
        ? fc
            .date({
              min: new Date('2000-01-01T00:00:00Z'),
              max: new Date('2100-01-01T00:00:00Z'),
              noInvalidDate: true,
            })
            .map((d) => d.toISOString())
        : fc.string({ minLength, maxLength });
  // Whatever made it, the string must fit the whole schema (a pattern and a format, its lengths).
  return text.filter((t) => fits(s, t));
}

const fits = (schema: Schema, value: unknown) => validateSchema(schema, value) === null;

/** Validates a value against a schema of the document (by its pointer when it has one). */
const schemaPointers = new WeakMap<Schema, string>();
function validateSchema(schema: Schema, value: unknown) {
  const at = schemaPointers.get(schema);
  if (!at) throw new Error('A schema of the document without a known place');
  return validate(at, value);
}

/** Remembers where each schema object of the document lives, so Ajv can be asked about it. */
function index(node: unknown, at: string) {
  if (!node || typeof node !== 'object') return;
  if (!Array.isArray(node)) schemaPointers.set(node as Schema, at);
  for (const [k, v] of Object.entries(node)) index(v, `${at}${pointer(k)}`);
}

interface Request {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body?: unknown;
}

function requests(op: Operation): fc.Arbitrary<Request> {
  const params = op.parameters ?? [];
  // The M-Pesa callback's secret path segment: the real one mostly, so its body is what is tested.
  const value = (p: Parameter) =>
    p.name === 'secret'
      ? fc.oneof(fc.constant(ctx.env.MPESA_CALLBACK_SECRET), allowed(p.schema))
      : allowed(p.schema);
  const part = (where: Parameter['in']) =>
    fc.record(Object.fromEntries(params.filter((p) => p.in === where).map((p) => [p.name, value(p)])), {
      requiredKeys: params.filter((p) => p.in === where && p.required).map((p) => p.name),
    });
  const json = op.requestBody?.content['application/json'];
  return fc.record({
    path: part('path'),
    query: part('query'),
    headers: part('header'),
    ...(json ? { body: allowed(json.schema) } : {}),
  }) as fc.Arbitrary<Request>;
}

/** One change that the document forbids, applied to an allowed request; undefined when none applies. */
type Breaking = (r: Request) => Request | undefined;

/** The request with the callback's real secret, so that what is refused is its body. */
const known = (r: Request) =>
  r.path.secret === undefined ? r : { ...r, path: { ...r.path, secret: ctx.env.MPESA_CALLBACK_SECRET } };

function breakings(op: Operation): Breaking[] {
  const out: Breaking[] = [];
  const json = op.requestBody?.content['application/json'];
  if (json) {
    const body = json.schema;
    const forbidden = (v: unknown) => !fits(body, v);
    const change =
      (f: (b: Record<string, unknown>) => unknown): Breaking =>
      (r) => {
        if (!r.body || typeof r.body !== 'object' || Array.isArray(r.body)) return undefined;
        const next = f({ ...(r.body as Record<string, unknown>) });
        return forbidden(next) ? { ...known(r), body: next } : undefined;
      };
    out.push((r) => (forbidden(42) ? { ...known(r), body: 42 } : undefined));
    out.push(change((b) => ({ ...b, zzNotAField: 1 })));
    for (const name of resolve(body).required ?? []) {
      out.push(change(({ [name]: _, ...rest }) => rest));
    }
    for (const name of Object.keys(resolve(body).properties ?? {})) {
      for (const wrong of [12345, 'not this', true, [], { a: 1 }])
        out.push(change((b) => ({ ...b, [name]: wrong })));
    }
  }
  for (const p of op.parameters ?? []) {
    if (p.in === 'header') continue;
    for (const wrong of ['not this', '-1', '100000000000', '']) {
      if (p.in === 'path' && (wrong === '' || p.name === 'secret')) continue;
      out.push((r) => {
        const at = schemaPointers.get(p.schema)!;
        const value = /^(integer|number)$/.test(String(resolve(p.schema).type)) ? Number(wrong) : wrong;
        if (
          validate(at, value) === null ||
          (wrong === '' && !/^(integer|number)$/.test(String(resolve(p.schema).type)))
        )
          return undefined;
        const where = p.in === 'path' ? 'path' : 'query';
        return { ...r, [where]: { ...r[where], [p.name]: wrong } };
      });
    }
  }
  return out;
}

const encode = (v: unknown) => encodeURIComponent(String(v));

/** A staff token whose role has the operation's permission (an owner's, or a rider's for their round). */
const staffToken = (op: Operation) =>
  tokens.staff[STAFF_ROLES.find((role) => !op['x-permission'] || can(role, op['x-permission']))!];

async function send(method: string, template: string, op: Operation, r: Request) {
  const query = Object.entries(r.query).filter(([, v]) => v !== undefined);
  const url =
    '/api' +
    template.replace(/\{(\w+)\}/g, (_, name: string) => encode(r.path[name])) +
    (query.length ? `?${query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : '');
  const headers: Record<string, string> = Object.fromEntries(
    Object.entries(r.headers).map(([k, v]) => [k, String(v)]),
  );
  const needsToken = (op.security ?? []).length > 0 && !op.security!.some((s) => Object.keys(s).length === 0);
  if (needsToken)
    headers.Authorization = `Bearer ${op.tags?.includes('admin') ? staffToken(op) : tokens.customer}`;
  const init: RequestInit = { method, headers };
  if ('body' in r && r.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(r.body);
  }
  return ctx.request(url, init);
}

/** How the answer differs from what the document says of it, or nothing. */
async function mismatch(op: Operation, at: string, res: Response): Promise<string | undefined> {
  const status = String(res.status);
  const declared = [status, `${status[0]}XX`, 'default'].find((s) => op.responses[s]);
  if (!declared) return `${status} is not documented`;
  const schema = op.responses[declared]!.content?.['application/json']?.schema;
  const text = await res.text();
  if (!schema) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${status} is not JSON: ${text.slice(0, 80)}`;
  }
  const errors = validate(
    `${at}${pointer('responses', declared, 'content', 'application/json', 'schema')}`,
    body,
  );
  return errors
    ? `${status} body: ${JSON.stringify(errors.slice(0, 3))} in ${text.slice(0, 300)}`
    : undefined;
}

describe('requests generated from the OpenAPI document', () => {
  const operations = () =>
    Object.entries(doc.paths).flatMap(([template, item]) =>
      Object.entries(item)
        // Image uploads are multipart with files: their own tests send them.
        .filter(([, op]) => !op.requestBody || op.requestBody.content['application/json'])
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          template,
          op,
          at: pointer('paths', template, method),
        })),
    );

  it('are accepted when the document allows them, refused with 400 when it does not, and answered as documented', async () => {
    index(doc, '');
    const description = (doc as { info?: { description?: string } }).info?.description ?? '';
    const failures: string[] = [];
    let sent = 0;
    const started = performance.now();
    for (const { method, template, op, at } of operations()) {
      const name = `${method} ${template}`;
      const check = async (r: Request, expectRefusal: boolean) => {
        const res = await send(method, template, op, r);
        sent += 1;
        const wrong = await mismatch(op, at, res.clone());
        const answer = res.status === 400 ? await res.clone().json() : undefined;
        const refused =
          answer?.code === 'validation_failed' &&
          !(answer.issues ?? []).every((i: { message: string }) =>
            SAID_IN_WORDS.some(([message, words]) => message.test(i.message) && description.includes(words)),
          );
        const problem =
          wrong ??
          (expectRefusal && res.status !== 400
            ? `${res.status} for a request the document forbids`
            : !expectRefusal && refused
              ? `400 for a request the document allows: ${JSON.stringify(answer.issues)}`
              : undefined);
        if (problem) failures.push(`${name} ${JSON.stringify(r).slice(0, 300)} → ${problem}`);
        return !problem;
      };
      await fc
        .assert(
          fc.asyncProperty(requests(op), (r) => check(r, false)),
          { numRuns: RUNS.allowed, seed: SEED, endOnFailure: true },
        )
        .catch(() => undefined);
      const breaks = breakings(op);
      if (!breaks.length) continue;
      await fc
        .assert(
          fc.asyncProperty(requests(op), fc.nat(), async (r, i) => {
            const broken = breaks.map((_, k) => breaks[(i + k) % breaks.length]!(r)).find((x) => x);
            return broken ? check(broken, true) : true;
          }),
          { numRuns: RUNS.forbidden, seed: SEED, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    const seconds = (performance.now() - started) / 1000;
    console.info(`${operations().length} operations, ${sent} requests, ${seconds.toFixed(1)} s`);
    expect(failures).toEqual([]);
  }, 300_000);
});
