// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AdminAttribute, AttributeDeleted, compareText } from '../../contract/admin';
import { countRows, envelope, ErrorBody } from '../../contract/common';
import { mockDb } from '../db';
import { mockFetch, serveMocks, tokenOf } from '../test-api';
import { attributeIds } from '../fixtures/catalogue';
import { attributeHandlers } from './attributes';

serveMocks(...attributeHandlers);

const admin = () => tokenOf('admin');
const shopper = () => tokenOf('shopper');
const call = (method: string, path: string, auth: string | null, body?: unknown) =>
  mockFetch(method, path, body, { token: auth });
const read = async <T>(res: Response, schema: { parse(v: unknown): T }) => schema.parse(await res.json());
const list = async (eager = true) =>
  (
    await read(
      await call('GET', `/v1/attribute?eager=${eager}`, admin()),
      envelope(countRows(AdminAttribute)),
    )
  ).data;
const productsWith = (attributeId: string, value?: string) =>
  mockDb.catalogue.products.filter((p) =>
    p.variants.some((v) =>
      v.attributes.some((a) => a.attributeId === attributeId && (!value || a.value === value)),
    ),
  ).length;

describe('mock attributes API', () => {
  it('lists attributes by name with how many products use them; eager lists fill values and their counts', async () => {
    const eager = await list();
    expect(eager.rows.map((a) => a.name)).toEqual(['Cut', 'Pack', 'Volume', 'Weight']);
    const weight = eager.rows.find((a) => a.attributeId === attributeIds.weight)!;
    expect(weight.productCount).toBe(productsWith(attributeIds.weight));
    expect(weight.values).toContain('1 kg');
    expect(weight.valueCounts['1 kg']).toBe(productsWith(attributeIds.weight, '1 kg'));

    const lazy = await list(false);
    expect(lazy.rows.every((a) => a.values.length === 0 && Object.keys(a.valueCounts).length === 0)).toBe(
      true,
    );
    expect((await call('GET', '/v1/attribute?eager=yes', admin())).status).toBe(400);
  });

  it('creates an attribute, refusing a taken name and repeated values', async () => {
    const res = await call('POST', '/v1/attribute', admin(), { name: 'Ripeness', values: ['Ripe', 'Firm'] });
    expect(res.status).toBe(201);
    expect((await read(res, envelope(AdminAttribute))).data).toMatchObject({
      name: 'Ripeness',
      // Listed in compareText order, whatever order they were sent in.
      values: ['Firm', 'Ripe'],
      productCount: 0,
      valueCounts: { Ripe: 0, Firm: 0 },
    });
    const dup = await call('POST', '/v1/attribute', admin(), { name: 'weight', values: [] });
    expect(dup.status).toBe(409);
    expect((await read(dup, ErrorBody)).message).toMatch(/^An attribute named "Weight" already exists\./);
    const twice = await read(
      await call('POST', '/v1/attribute', admin(), { name: 'Size', values: ['S', 's'] }),
      ErrorBody,
    );
    expect(twice.issues).toEqual([{ path: 'values', message: 'Give each value only once.' }]);
  });

  it('updates an attribute; dropping a value in use needs force, which takes it off the variants', async () => {
    const users = productsWith(attributeIds.weight, '1 kg');
    expect(users).toBeGreaterThan(0);
    const values = ['100 g', '2 kg', '250 g', '5 kg', '500 g', '10 kg'];

    const refused = await call('PUT', `/v1/attribute/${attributeIds.weight}`, admin(), {
      name: 'Mass',
      values,
    });
    expect(refused.status).toBe(409);
    const body = await read(refused, ErrorBody);
    expect(body.code).toBe('in_use');
    expect(body.message).toContain(`Weight "1 kg" is used by ${users} product`);
    expect(mockDb.catalogue.attributes.find((a) => a.id === attributeIds.weight)!.name).toBe('Weight');

    const res = await call('PUT', `/v1/attribute/${attributeIds.weight}?force=true`, admin(), {
      name: 'Mass',
      values,
    });
    expect((await read(res, envelope(AdminAttribute))).data).toMatchObject({
      name: 'Mass',
      values: [...values].sort(compareText),
    });
    expect(productsWith(attributeIds.weight, '1 kg')).toBe(0);

    const withId = await call('PUT', `/v1/attribute/${attributeIds.weight}`, admin(), {
      attributeId: attributeIds.weight,
      name: 'Mass',
      values,
    });
    expect(withId.status).toBe(400);
    expect(
      (await call('PUT', `/v1/attribute/${crypto.randomUUID()}`, admin(), { name: 'X', values: [] })).status,
    ).toBe(404);
  });

  it('deletes one value, asking first when products use it', async () => {
    const path = `/v1/attribute/${attributeIds.volume}/value`;
    const users = productsWith(attributeIds.volume, '1 L');
    const refused = await read(await call('DELETE', path, admin(), { value: '1 L' }), ErrorBody);
    expect(refused).toMatchObject({
      code: 'in_use',
      message: expect.stringContaining(`is used by ${users} product`),
    });

    const res = await call('DELETE', `${path}?force=true`, admin(), { value: '1 L' });
    expect((await read(res, envelope(AdminAttribute))).data.values).toEqual(['500 ml']);
    expect(productsWith(attributeIds.volume, '1 L')).toBe(0);

    expect((await call('DELETE', path, admin(), { value: 'Gallon' })).status).toBe(404);
    expect((await read(await call('DELETE', path, admin(), {}), ErrorBody)).issues?.[0]?.path).toBe('value');
  });

  it('deletes an attribute, asking first when products use it', async () => {
    const users = productsWith(attributeIds.cut);
    const refused = await call('DELETE', `/v1/attribute/${attributeIds.cut}`, admin());
    expect(refused.status).toBe(409);
    const res = await call('DELETE', `/v1/attribute/${attributeIds.cut}?force=true`, admin());
    expect((await read(res, envelope(AttributeDeleted))).data).toEqual({
      attributeId: attributeIds.cut,
      products: users,
    });
    expect(productsWith(attributeIds.cut)).toBe(0);
    expect((await list()).rows.map((a) => a.name)).toEqual(['Pack', 'Volume', 'Weight']);
    expect((await call('DELETE', `/v1/attribute/${attributeIds.cut}`, admin())).status).toBe(404);
  });

  it('keeps guests (401) and shoppers (403) out', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/v1/attribute?eager=true'],
      ['POST', '/v1/attribute', { name: 'Size', values: [] }],
      ['PUT', `/v1/attribute/${attributeIds.pack}`, { name: 'Size', values: [] }],
      ['DELETE', `/v1/attribute/${attributeIds.pack}`],
      ['DELETE', `/v1/attribute/${attributeIds.pack}/value`, { value: 'Single' }],
    ];
    for (const [method, path, body] of calls) {
      expect((await call(method, path, null, body)).status).toBe(401);
      expect((await call(method, path, shopper(), body)).status).toBe(403);
    }
    expect(mockDb.catalogue.attributes).toHaveLength(4);
  });
});
