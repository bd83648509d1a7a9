// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { Cart } from '../../contract/cart';
import { ProductDetail } from '../../contract/catalogue';
import { envelope, ErrorBody } from '../../contract/common';
import { CODE_TAKEN, Discount, DiscountList, type DiscountBodyInput } from '../../contract/discounts';
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

  it('keeps a promo code upper-case, once per shopper unless told, and finds it by its code', async () => {
    const res = await call(
      'POST',
      '/v1/discounts',
      body({ name: 'Karibu', code: ' karibu10 ', appliesTo: 'order', categoryIds: [], minSubtotal: 500 }),
    );
    expect(res.status).toBe(201);
    const d = envelope(Discount).parse(await res.json()).data;
    expect(d).toMatchObject({
      code: 'KARIBU10',
      appliesTo: 'order',
      minSubtotal: 500,
      firstOrderOnly: false,
      perShopperLimit: 1,
      products: [],
      categories: [],
    });
    const listed = async (q: string) =>
      DiscountList.parse(await (await call('GET', `/v1/discounts?q=${q}`)).json()).data.map((x) => x.name);
    expect(await listed('ribu1')).toEqual(['Karibu']);
    expect(await listed('KARIBU')).toEqual(['Karibu']);

    // No limit per shopper when the admin says so; an automatic discount answers the defaults.
    const unlimited = await call(
      'PUT',
      `/v1/discounts/${d.discountId}`,
      body({ name: 'Karibu', code: 'KARIBU10', appliesTo: 'order', categoryIds: [], perShopperLimit: null }),
    );
    expect(envelope(Discount).parse(await unlimited.json()).data.perShopperLimit).toBeNull();
    const plain = DiscountList.parse(await (await call('GET', '/v1/discounts?q=avocado')).json()).data[0]!;
    expect(plain).toMatchObject({ code: null, appliesTo: 'items', minSubtotal: null, perShopperLimit: null });
  });

  it('refuses a code another discount has, in any letter case, but not the discount’s own', async () => {
    const first = await call('POST', '/v1/discounts', body({ code: 'MAVUNO' }));
    const { discountId } = envelope(Discount).parse(await first.json()).data;
    const taken = await call('POST', '/v1/discounts', body({ name: 'Other', code: 'mavuno' }));
    expect(taken.status).toBe(400);
    expect(ErrorBody.parse(await taken.json())).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'code', message: CODE_TAKEN }],
    });
    // Saving the discount that has it is no clash.
    expect((await call('PUT', `/v1/discounts/${discountId}`, body({ code: 'Mavuno' }))).status).toBe(200);
    // Once deleted, the code is free again.
    await call('DELETE', `/v1/discounts/${discountId}`);
    expect((await call('POST', '/v1/discounts', body({ name: 'Other', code: 'MAVUNO' }))).status).toBe(201);
  });

  it('prices no product with a code: the shop shows automatic discounts only', async () => {
    const p = plainProduce();
    const res = await call('POST', '/v1/discounts', body({ code: 'PRODUCE20' }));
    expect(res.status).toBe(201);
    expect((await saleOf(p.id)).onSale).toBe(false);
    const variant = p.variants.find((v) => !v.archivedAt)!;
    const added = await call(
      'POST',
      '/v1/cart',
      { item: { productId: p.id, variantId: variant.id, quantity: 1 } },
      tokenOf('shopper'),
    );
    expect(added.status).toBe(200);
    const line = envelope(Cart)
      .parse(await added.json())
      .data.Items.find((i) => i.productId === p.id)!;
    expect(line).toMatchObject({ price: variant.price, onSale: false });
  });

  it('refuses the promo fields on a discount without a code, and a code that is no code', async () => {
    const paths = async (over: Partial<DiscountBodyInput>) => {
      const res = await call('POST', '/v1/discounts', body(over));
      expect(res.status).toBe(400);
      return ErrorBody.parse(await res.json()).issues!.map((i) => i.path);
    };
    expect(await paths({ code: 'no spaces' })).toEqual(['code']);
    expect(await paths({ code: 'AB' })).toEqual(['code']);
    expect(await paths({ appliesTo: 'order', categoryIds: [] })).toEqual(['appliesTo']);
    expect(await paths({ minSubtotal: 500 })).toEqual(['minSubtotal']);
    expect(await paths({ firstOrderOnly: true })).toEqual(['firstOrderOnly']);
    expect(await paths({ perShopperLimit: 2 })).toEqual(['perShopperLimit']);
    // The whole order names no products; free delivery may be 100 %, the order may not.
    expect(await paths({ code: 'ALL', appliesTo: 'order' })).toEqual(['productIds']);
    expect(await paths({ code: 'ALL', appliesTo: 'order', categoryIds: [], value: 100 })).toEqual(['value']);
    const free = await call(
      'POST',
      '/v1/discounts',
      body({ code: 'FREESHIP', appliesTo: 'delivery', categoryIds: [], value: 100 }),
    );
    expect(free.status).toBe(201);
  });

  it('refuses guests and shoppers, and unknown ids', async () => {
    expect((await call('GET', '/v1/discounts', undefined, null)).status).toBe(401);
    expect((await call('GET', '/v1/discounts', undefined, tokenOf('shopper'))).status).toBe(403);
    expect((await call('PUT', `/v1/discounts/${crypto.randomUUID()}`, body())).status).toBe(404);
    expect((await call('DELETE', `/v1/discounts/${crypto.randomUUID()}`)).status).toBe(404);
  });
});
