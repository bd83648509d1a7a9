import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StockHistory } from '../../../contract/admin-stock';
import { createViaApi, productBody, variantBody } from '../../test/admin';
import { createTestContext, raceEngine, type TestContext } from '../../test/harness';
import { staffMember } from '../../test/shop';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe(`two people adjusting one variant at once (${raceEngine})`, () => {
  it('counts both: adjustments add, they do not overwrite, and the history reads in the order the levels were reached', async () => {
    const { call } = await staffMember(ctx, 'catalogue');
    const product = await createViaApi(call, productBody({ variants: [variantBody({ quantity: 10 })] }));
    const variantId = product.variants[0]!.variantId;
    const changes = [5, 7, -3, 11, -2, 4];
    const answers = await Promise.all(
      changes.map((change) =>
        call.post(`/admin/variants/${variantId}/adjustments`, {
          reason: change > 0 ? 'goods_received' : 'damaged',
          change,
        }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(changes.map(() => 201));
    const res = await call.get(`/admin/variants/${variantId}/adjustments`);
    const history = StockHistory.parse(await res.json());
    expect(history.variant.quantity).toBe(32);
    // Oldest first: each level is the one before it plus its change.
    const oldestFirst = [...history.data].reverse();
    expect(oldestFirst[0]).toMatchObject({ kind: 'opening', levelAfter: 10 });
    for (let i = 1; i < oldestFirst.length; i++)
      expect(oldestFirst[i]!.levelAfter).toBe(oldestFirst[i - 1]!.levelAfter + oldestFirst[i]!.change);
    expect(oldestFirst.at(-1)!.levelAfter).toBe(32);
  });
});
