import { and, eq } from 'drizzle-orm';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAttribute, AttributeDeleted, inUseMessage } from '../../../contract/admin';
import { countRows, envelope, ErrorBody } from '../../../contract/common';
import { attributeValues, products, variantAttributeValues, variants } from '../../db/schema';
import { cacheInstance, changed, detail, type CacheInstance } from '../../test/catalogue-cache';
import { createTestContext, type TestContext } from '../../test/harness';
import { createProduct, shopper, type TestProduct } from '../../test/shop';
import { listActivity } from '../activity/service';

/*
 * An admin keeps the attributes variants are described by (Size: Small, Medium, Large…). Values
 * products use are never removed silently: the admin is told how many products, and forces it.
 */

let ctx: TestContext;
let admin: { token: string; id: string };
let customer: { token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await shopper(ctx, 'admin');
  customer = await shopper(ctx);
});
afterAll(() => ctx.close());

/** As the admin, unless another token (or `null`, a guest) is given. */
const call = (method: string, path: string, json?: unknown, token: string | null = admin.token) =>
  ctx.request(`/api/v1/attribute${path}`, {
    method,
    json,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });

const unique = (name: string) => `${name} ${randomBytes(3).toString('hex')}`;

async function created(name: string, values: string[]) {
  const res = await call('POST', '', { name, values });
  expect(res.status).toBe(201);
  return envelope(AdminAttribute).parse(await res.json()).data;
}

async function answer(res: Response) {
  expect(res.status).toBe(200);
  return envelope(AdminAttribute).parse(await res.json()).data;
}

async function refusal(res: Response, status: number) {
  expect(res.status).toBe(status);
  return ErrorBody.parse(await res.json());
}

async function listed(eager: boolean, attributeId: string) {
  const res = await call('GET', `?eager=${eager}`);
  expect(res.status).toBe(200);
  const { data } = envelope(countRows(AdminAttribute)).parse(await res.json());
  expect(data.count).toBe(data.rows.length);
  return data.rows.find((a) => a.attributeId === attributeId);
}

/** Gives the variant the attribute's value, as a product save would. */
async function use(variantId: string, attributeId: string, value: string) {
  const [row] = await ctx.database.db
    .select({ id: attributeValues.id })
    .from(attributeValues)
    .where(and(eq(attributeValues.attributeId, attributeId), eq(attributeValues.value, value)));
  await ctx.database.db.insert(variantAttributeValues).values({ variantId, attributeValueId: row!.id });
}

/** The values a variant has, as text. */
const valuesOf = async (variantId: string) =>
  (
    await ctx.database.db
      .select({ value: attributeValues.value })
      .from(variantAttributeValues)
      .innerJoin(attributeValues, eq(attributeValues.id, variantAttributeValues.attributeValueId))
      .where(eq(variantAttributeValues.variantId, variantId))
  ).map((r) => r.value);

const versionOf = async (p: TestProduct) =>
  (
    await ctx.database.db.select({ v: products.version }).from(products).where(eq(products.id, p.productId))
  )[0]!.v;

const twoVariants = () =>
  createProduct(ctx.database.db, {
    variants: [
      { name: 'Small pack', price: 100, quantity: 5 },
      { name: 'Big pack', price: 180, quantity: 5 },
    ],
  });

describe('who may see and change attributes', () => {
  const id = randomUUID();
  const calls: [string, string, unknown][] = [
    ['GET', '?eager=true', undefined],
    ['POST', '', { name: 'Grade', values: ['A'] }],
    ['PUT', `/${id}`, { name: 'Grade', values: ['A'] }],
    ['DELETE', `/${id}`, undefined],
    ['DELETE', `/${id}/value`, { value: 'A' }],
  ];

  it('turns a guest away with 401 and a shopper with 403, before looking at the request', async () => {
    for (const [method, path, body] of calls) {
      expect((await call(method, path, body, null)).status, `${method} ${path}`).toBe(401);
      expect(
        (await call(method, `${path}?force=maybe`, method === 'GET' ? undefined : { junk: 1 }, null)).status,
      ).toBe(401);
      expect((await call(method, path, body, customer.token)).status, `${method} ${path}`).toBe(403);
    }
  });
});

describe('GET /api/v1/attribute', () => {
  it('counts the products using each attribute and, eagerly, each value in order', async () => {
    const colour = await created(unique('Colour'), ['Red', 'Green', 'Blue', 'Amber']);
    const apples = await twoVariants();
    const pears = await twoVariants();
    const archived = await twoVariants();
    // Both variants of one product count it once.
    await use(apples.variantIds[0]!, colour.attributeId, 'Red');
    await use(apples.variantIds[1]!, colour.attributeId, 'Red');
    await use(pears.variantIds[0]!, colour.attributeId, 'Red');
    await use(pears.variantIds[1]!, colour.attributeId, 'Green');
    // A removed (archived) variant is no use.
    await use(archived.variantIds[0]!, colour.attributeId, 'Blue');
    await ctx.database.db
      .update(variants)
      .set({ archivedAt: new Date() })
      .where(eq(variants.id, archived.variantIds[0]!));

    expect(await listed(true, colour.attributeId)).toEqual({
      attributeId: colour.attributeId,
      name: colour.name,
      values: ['Amber', 'Blue', 'Green', 'Red'],
      productCount: 2,
      valueCounts: { Amber: 0, Blue: 0, Green: 1, Red: 2 },
    });
    expect(await listed(false, colour.attributeId)).toEqual({
      attributeId: colour.attributeId,
      name: colour.name,
      values: [],
      productCount: 2,
      valueCounts: {},
    });
  });

  it('lists every attribute by name, the seeded ones included, and refuses a bad eager', async () => {
    const res = await call('GET', '');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const names = envelope(countRows(AdminAttribute))
      .parse(await res.json())
      .data.rows.map((a) => a.name);
    expect(names).toEqual(expect.arrayContaining(['Pack', 'Size', 'Weight']));
    expect(names).toEqual([...names].sort());
    expect((await refusal(await call('GET', '?eager=yes'), 400)).issues?.[0]?.path).toBe('eager');
  });
});

describe('POST /api/v1/attribute', () => {
  it('creates the attribute with its values in order, none in use yet, and records it', async () => {
    const name = unique('Ripeness');
    const made = await created(`  ${name} `, ['Ripe', ' Green ', 'Overripe']);
    expect(made).toEqual({
      attributeId: expect.any(String),
      name,
      values: ['Green', 'Overripe', 'Ripe'],
      productCount: 0,
      valueCounts: { Green: 0, Overripe: 0, Ripe: 0 },
    });
    const history = await listActivity(ctx.database.db, {
      entity: 'attribute',
      id: made.attributeId,
      limit: 5,
      offset: 0,
    });
    expect(history.data).toEqual([
      expect.objectContaining({
        action: 'created',
        actorId: admin.id,
        summary: `Created "${name}" with 3 values: Ripe, Green, Overripe`,
      }),
    ]);
    expect((await created(unique('Empty'), [])).values).toEqual([]);
  });

  it('refuses a name another attribute has, in any letter case', async () => {
    const body = await refusal(await call('POST', '', { name: 'size', values: [] }), 409);
    expect(body).toMatchObject({
      code: 'duplicate_name',
      message: expect.stringMatching(/^An attribute named "Size" already exists/),
    });
  });

  it('names the bad parts: a value twice in any case, a blank value, a missing name', async () => {
    const twice = await refusal(await call('POST', '', { name: unique('Grade'), values: ['A', 'a'] }), 400);
    expect(twice.issues).toEqual([{ path: 'values', message: 'Give each value only once.' }]);
    const blank = await refusal(await call('POST', '', { name: unique('Grade'), values: ['A', '  '] }), 400);
    expect(blank.issues?.map((i) => i.path)).toEqual(['values.1']);
    const nameless = await refusal(await call('POST', '', { values: ['A'] }), 400);
    expect(nameless.issues?.map((i) => i.path)).toEqual(['name']);
  });
});

describe('PUT /api/v1/attribute/{attributeId}', () => {
  it('renames, keeps kept values on their variants, respells in place, adds and drops unused ones', async () => {
    const fit = await created(unique('Cut'), ['Whole', 'halves', 'Diced', 'Minced']);
    const beef = await twoVariants();
    await use(beef.variantIds[0]!, fit.attributeId, 'Whole');
    await use(beef.variantIds[1]!, fit.attributeId, 'halves');
    const name = unique('Butchery');

    const updated = await answer(
      await call('PUT', `/${fit.attributeId}`, { name, values: ['Whole', 'Halves', 'Cubed', 'Diced'] }),
    );
    expect(updated).toEqual({
      attributeId: fit.attributeId,
      name,
      values: ['Cubed', 'Diced', 'Halves', 'Whole'],
      productCount: 1,
      valueCounts: { Cubed: 0, Diced: 0, Halves: 1, Whole: 1 },
    });
    expect(await valuesOf(beef.variantIds[0]!)).toEqual(['Whole']);
    expect(await valuesOf(beef.variantIds[1]!)).toEqual(['Halves']);
    const [entry] = (
      await listActivity(ctx.database.db, { entity: 'attribute', id: fit.attributeId, limit: 5, offset: 0 })
    ).data;
    expect(entry).toMatchObject({
      action: 'updated',
      summary: `Renamed "${fit.name}" → "${name}"; removed "Minced"; "halves" → "Halves"; added "Cubed"`,
    });
  });

  it('asks before dropping values products use, then drops them with force=true', async () => {
    const size = await created(unique('Tray'), ['Small', 'Medium', 'Large']);
    const eggs = await twoVariants();
    const milk = await twoVariants();
    await use(eggs.variantIds[0]!, size.attributeId, 'Small');
    await use(milk.variantIds[0]!, size.attributeId, 'Medium');
    const version = await versionOf(eggs);
    const body = { name: size.name, values: ['Large'] };

    const asked = await refusal(await call('PUT', `/${size.attributeId}`, body), 409);
    expect(asked.code).toBe('in_use');
    expect(asked.message).toContain(inUseMessage(`The values "Medium" and "Small" of "${size.name}"`, 2));
    expect((await listed(true, size.attributeId))?.values).toEqual(['Large', 'Medium', 'Small']);
    expect(await valuesOf(eggs.variantIds[0]!)).toEqual(['Small']);

    const forced = await answer(await call('PUT', `/${size.attributeId}?force=true`, body));
    expect(forced).toMatchObject({ values: ['Large'], productCount: 0, valueCounts: { Large: 0 } });
    expect(await valuesOf(eggs.variantIds[0]!)).toEqual([]);
    expect(await versionOf(eggs)).toBe(version + 1);
    const [productEntry] = (
      await listActivity(ctx.database.db, { entity: 'product', id: eggs.productId, limit: 5, offset: 0 })
    ).data;
    expect(productEntry?.summary).toContain('deleted from its variants');
  });

  it("refuses another attribute's name, an unknown id, a bad id and a bad force", async () => {
    const grade = await created(unique('Grade'), ['A']);
    expect(
      (await refusal(await call('PUT', `/${grade.attributeId}`, { name: 'WEIGHT', values: [] }), 409)).code,
    ).toBe('duplicate_name');
    await refusal(await call('PUT', `/${randomUUID()}`, { name: unique('Ghost'), values: [] }), 404);
    expect((await refusal(await call('PUT', '/42', { name: 'X', values: [] }), 400)).issues?.[0]?.path).toBe(
      'attributeId',
    );
    expect(
      (await refusal(await call('PUT', `/${grade.attributeId}?force=yes`, { name: 'X', values: [] }), 400))
        .issues?.[0]?.path,
    ).toBe('force');
    expect((await listed(true, grade.attributeId))?.values).toEqual(['A']);
  });
});

describe('DELETE /api/v1/attribute/{attributeId}', () => {
  it('asks when products use it, deletes it with force=true and says from how many', async () => {
    const origin = await created(unique('Origin'), ['Kenya', 'Uganda']);
    const tea = await twoVariants();
    await use(tea.variantIds[0]!, origin.attributeId, 'Kenya');
    await use(tea.variantIds[1]!, origin.attributeId, 'Uganda');

    const asked = await refusal(await call('DELETE', `/${origin.attributeId}`), 409);
    expect(asked).toMatchObject({
      code: 'in_use',
      message: expect.stringContaining(inUseMessage(`The attribute "${origin.name}"`, 1)),
    });
    expect(await listed(false, origin.attributeId)).toBeDefined();

    const res = await call('DELETE', `/${origin.attributeId}?force=true`);
    expect(res.status).toBe(200);
    expect(envelope(AttributeDeleted).parse(await res.json()).data).toEqual({
      attributeId: origin.attributeId,
      products: 1,
    });
    expect(await listed(false, origin.attributeId)).toBeUndefined();
    expect(await valuesOf(tea.variantIds[0]!)).toEqual([]);
    await refusal(await call('DELETE', `/${origin.attributeId}`), 404);
  });

  it('deletes an unused attribute without asking', async () => {
    const spare = await created(unique('Spare'), ['One']);
    expect((await (await call('DELETE', `/${spare.attributeId}`)).json()).data).toEqual({
      attributeId: spare.attributeId,
      products: 0,
    });
  });
});

describe('DELETE /api/v1/attribute/{attributeId}/value', () => {
  it('deletes a value matched in any letter case, asking first when products use it', async () => {
    const roast = await created(unique('Roast'), ['Light', 'Medium', 'Dark']);
    const coffee = await twoVariants();
    await use(coffee.variantIds[0]!, roast.attributeId, 'Dark');

    expect(
      (await answer(await call('DELETE', `/${roast.attributeId}/value`, { value: 'light' }))).values,
    ).toEqual(['Dark', 'Medium']);

    const asked = await refusal(await call('DELETE', `/${roast.attributeId}/value`, { value: 'DARK' }), 409);
    expect(asked.code).toBe('in_use');
    expect(asked.message).toContain(inUseMessage(`The value "Dark" of "${roast.name}"`, 1));
    const forced = await answer(
      await call('DELETE', `/${roast.attributeId}/value?force=true`, { value: 'DARK' }),
    );
    expect(forced).toMatchObject({ values: ['Medium'], productCount: 0 });
    expect(await valuesOf(coffee.variantIds[0]!)).toEqual([]);
    const history = (
      await listActivity(ctx.database.db, { entity: 'attribute', id: roast.attributeId, limit: 5, offset: 0 })
    ).data;
    expect(history.map((e) => e.summary)).toEqual([
      'Removed "Dark" (used by 1 product)',
      'Removed "Light"',
      expect.stringContaining('Created'),
    ]);
  });

  it('answers 404 for a value the attribute does not have or an unknown attribute, 400 without a value', async () => {
    const pack = await created(unique('Bundle'), ['Single']);
    const missing = await refusal(
      await call('DELETE', `/${pack.attributeId}/value`, { value: 'Double' }),
      404,
    );
    expect(missing.message).toMatch(new RegExp(`^The value "Double" of "${pack.name}" was not found`));
    await refusal(await call('DELETE', `/${randomUUID()}/value`, { value: 'Single' }), 404);
    expect(
      (await refusal(await call('DELETE', `/${pack.attributeId}/value`, {}), 400)).issues?.[0]?.path,
    ).toBe('value');
    expect((await refusal(await call('DELETE', `/${pack.attributeId}/value`), 400)).code).toBe(
      'validation_failed',
    );
  });
});

describe('the shop follows at once', () => {
  let other: CacheInstance;
  beforeAll(async () => {
    // Another API instance over the same database, told of changes only by notification.
    other = await cacheInstance(ctx.database);
  });
  afterAll(() => other.close());

  it("shows a respelt or deleted value on the product's page on every instance", async () => {
    const flavour = await created(unique('Flavour'), ['vanilla', 'Mango']);
    const yoghurt = await twoVariants();
    await use(yoghurt.variantIds[0]!, flavour.attributeId, 'vanilla');
    await use(yoghurt.variantIds[1]!, flavour.attributeId, 'Mango');
    const shown = async () =>
      (await detail(other, yoghurt.productId)).variants.map((v) => v.attributes.map((a) => a.value));
    await changed(other, () =>
      ctx.database.db.update(products).set({ recipeTips: 'Chill' }).where(eq(products.id, yoghurt.productId)),
    );
    expect(await shown()).toEqual([['vanilla'], ['Mango']]);

    await changed(other, () =>
      call('PUT', `/${flavour.attributeId}`, { name: flavour.name, values: ['Vanilla', 'Mango'] }),
    );
    expect(await shown()).toEqual([['Vanilla'], ['Mango']]);

    await changed(other, () =>
      call('DELETE', `/${flavour.attributeId}/value?force=true`, { value: 'mango' }),
    );
    expect(await shown()).toEqual([['Vanilla'], []]);
  });
});
