// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ProductDetail } from '../../contract/catalogue';
import { envelope, ErrorBody } from '../../contract/common';
import { Discount, DiscountList, type DiscountBodyInput } from '../../contract/discounts';
import { mockDb } from '../db';
import { categoryIds } from '../fixtures/catalogue';
import { mockFetch, serveMocks, tokenOf } from '../test-api';
import { cartHandlers } from './cart';
import { catalogueHandlers } from './catalogue';
import { discountHandlers } from './discounts';

serveMocks(...discountHandlers, ...catalogueHandlers, ...cartHandlers);

const call = (method: string, path: string, body?: unknown, token: string | null = tokenOf('admin')) =>
  mockFetch(method, path, body, { token });
const hour = 3_600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
/** A produce product no fixture discount touches, with its first variant's price. */
const plainProduce = () => {
  const p = mockDb.catalogue.products.find(
    (x) =>
      x.categoryIds.includes(categoryIds.produce) && x.discountIds.length === 0 && !x.hidden && !x.archivedAt,
  )!;
  return p;
};
const body = (over: Partial<DiscountBodyInput> = {}): DiscountBodyInput => ({
  name: 'Produce week',
  kind: 'percentage',
  value: 20,
  productIds: [],
  categoryIds: [categoryIds.produce],
  startsAt: iso(-hour),
  endsAt: iso(hour),
  active: true,
  usageLimit: null,
  ...over,
});
const saleOf = async (productId: string) =>
  envelope(ProductDetail).parse(
    await (await call('GET', `/v1/products/${productId}`, undefined, null)).json(),
  ).data.variants[0]!.saleInfo;

describe('mock discounts', () => {
  it('creates a category discount that the mock shop prices with at once, and lists it', async () => {
    const p = plainProduce();
    expect((await saleOf(p.id)).onSale).toBe(false);
    const res = await call('POST', '/v1/discounts', body());
    expect(res.status).toBe(201);
    const d = envelope(Discount).parse(await res.json()).data;
    expect(d).toMatchObject({ state: 'active', categories: [{ categoryId: categoryIds.produce }] });
    const price = p.variants.find((v) => !v.archivedAt)!.price;
    expect(await saleOf(p.id)).toEqual({
      onSale: true,
      discountedPrice: Math.max(1, Math.round(price * 0.8)),
    });
    const list = DiscountList.parse(await (await call('GET', '/v1/discounts?state=active&q=produce')).json());
    expect(list.data.map((x) => x.discountId)).toEqual([d.discountId]);
    expect(mockDb.activity.at(-1)).toMatchObject({ entity: 'discount', action: 'created' });

    // Paused: full price again; the log says paused.
    const paused = await call(
      'PUT',
      `/v1/discounts/${d.discountId}`,
      body({ startsAt: d.startsAt, endsAt: d.endsAt, active: false }),
    );
    expect(paused.status).toBe(200);
    expect((await saleOf(p.id)).onSale).toBe(false);
    expect(mockDb.activity.at(-1)).toMatchObject({ action: 'paused' });

    expect((await call('DELETE', `/v1/discounts/${d.discountId}`)).status).toBe(200);
    expect((await call('GET', `/v1/discounts/${d.discountId}`)).status).toBe(404);
  });

  it('answers 400s naming the field as the server does', async () => {
    const paths = async (res: Response) => {
      expect(res.status).toBe(400);
      return ErrorBody.parse(await res.json()).issues!.map((i) => i.path);
    };
    expect(await paths(await call('POST', '/v1/discounts', body({ value: 100 })))).toEqual(['value']);
    expect(await paths(await call('POST', '/v1/discounts', body({ value: 0 })))).toEqual(['value']);
    expect(await paths(await call('POST', '/v1/discounts', body({ categoryIds: [] })))).toEqual([
      'productIds',
    ]);
    expect(
      await paths(await call('POST', '/v1/discounts', body({ categoryIds: [crypto.randomUUID()] }))),
    ).toEqual(['categoryIds.0']);
  });

  it('refuses guests and shoppers, and unknown ids', async () => {
    expect((await call('GET', '/v1/discounts', undefined, null)).status).toBe(401);
    expect((await call('GET', '/v1/discounts', undefined, tokenOf('shopper'))).status).toBe(403);
    expect((await call('PUT', `/v1/discounts/${crypto.randomUUID()}`, body())).status).toBe(404);
    expect((await call('DELETE', `/v1/discounts/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
