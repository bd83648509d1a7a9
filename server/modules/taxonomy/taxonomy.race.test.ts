import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAttribute } from '../../../contract/admin';
import { Category } from '../../../contract/catalogue';
import { countRows, envelope } from '../../../contract/common';
import { createTestContext, raceEngine, type TestContext } from '../../test/harness';
import { shopper } from '../../test/shop';

// Races (see raceEngine): several admins saving categories and attributes at the same moment.

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ({ token } = await shopper(ctx, 'admin'));
});
afterAll(() => ctx.close());

const post = (path: string, json: unknown) =>
  ctx.request(`/api/v1${path}`, { method: 'POST', json, headers: { Authorization: `Bearer ${token}` } });

describe(`category and attribute races (${raceEngine})`, () => {
  it('lets one of several admins creating the same category name win, in any letter case', async () => {
    const names = ['Baby food', 'BABY FOOD', 'baby food', 'Baby Food'];
    const statuses = await Promise.all(
      names.map(
        async (name) => (await post('/categories', { name, icon: 'mdiBabyBottle', color: 'pink' })).status,
      ),
    );
    expect(statuses.sort()).toEqual([201, 409, 409, 409]);
  });

  it('gives categories created at once their own slugs and their own places at the end', async () => {
    const names = ['Tins', 'Tins!', 'Tins?', 'Tíns', '(Tins)'];
    const made = await Promise.all(
      names.map(async (name) => {
        const res = await post('/categories', { name, icon: 'mdiFoodVariant', color: 'gray' });
        expect(res.status).toBe(201);
        return envelope(Category).parse(await res.json()).data;
      }),
    );
    expect(made.map((c) => c.slug).sort()).toEqual(['tins', 'tins-2', 'tins-3', 'tins-4', 'tins-5']);
    const list = envelope(countRows(Category)).parse(
      await (await ctx.request('/api/v1/categories')).json(),
    ).data;
    expect(
      list.rows
        .slice(-names.length)
        .map((c) => c.categoryId)
        .sort(),
    ).toEqual(made.map((c) => c.categoryId).sort());
  });

  it('lets one of several admins creating the same attribute win, with its values once', async () => {
    const answers = await Promise.all(
      ['Milling', 'milling', 'MILLING'].map((name) =>
        post('/attribute', { name, values: ['Fine', 'Coarse'] }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const winner = envelope(AdminAttribute).parse(await answers.find((r) => r.status === 201)!.json()).data;
    expect(winner.values).toEqual(['Coarse', 'Fine']);
  });
});
