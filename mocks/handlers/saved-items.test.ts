// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { envelope, ErrorBody } from '../../contract/common';
import { SavedItems, SavedItemState } from '../../contract/saved-items';
import { DEMO_USERS, findUserById, issueMockToken } from '../auth-db';
import { mockDb } from '../db';
import { mockFetch, serveMocks } from '../test-api';
import { savedItemsHandlers } from './saved-items';

serveMocks(...savedItemsHandlers);

const token = (id: string) => issueMockToken(findUserById(id)!);

const call = (method: string, path: string, auth: string | null, body?: unknown) =>
  mockFetch(method, path, body, { token: auth });

const product = (name: string) => mockDb.catalogue.products.find((p) => p.name === name)!;

describe('mock saved items API', () => {
  it('saves idempotently, lists newest first with linked records, and unsaves', async () => {
    const auth = token(DEMO_USERS.shopper.id);
    const omena = product('Omena');
    const avocado = product('Hass avocado');
    const saved = envelope(SavedItemState).parse(
      await (await call('POST', '/v1/saved-items', auth, { productId: omena.id })).json(),
    );
    expect(saved.data).toEqual({ productId: omena.id, saved: true });
    await call('POST', '/v1/saved-items', auth, { productId: omena.id });
    await new Promise((r) => setTimeout(r, 2));
    await call('POST', '/v1/saved-items', auth, { productId: avocado.id });

    const list = envelope(SavedItems).parse(await (await call('GET', '/v1/saved-items', auth)).json()).data;
    expect(list.count).toBe(2);
    expect(list.rows.map((r) => r.name)).toEqual(['Hass avocado', 'Omena']);
    expect(Object.keys(list.linked.images)).toEqual(
      expect.arrayContaining([...omena.imageIds, ...avocado.imageIds]),
    );
    expect(list.rows[0]!.variants[0]!.saleInfo).toEqual({ onSale: true, discountedPrice: 36 });

    const removed = envelope(SavedItemState).parse(
      await (await call('DELETE', `/v1/saved-items/${omena.id}`, auth)).json(),
    );
    expect(removed.data.saved).toBe(false);
    const after = envelope(SavedItems).parse(await (await call('GET', '/v1/saved-items', auth)).json()).data;
    expect(after.rows.map((r) => r.name)).toEqual(['Hass avocado']);
  });

  it('keeps the price the shopper saw when saving and the stock then, as the server does', async () => {
    const auth = token(DEMO_USERS.shopper.id);
    const avocado = product('Hass avocado');
    await call('POST', '/v1/saved-items', auth, { productId: avocado.id });
    const price = avocado.variants[0]!.price;
    avocado.variants[0]!.price = price - 10;
    try {
      await call('POST', '/v1/saved-items', auth, { productId: avocado.id });
      const list = envelope(SavedItems).parse(await (await call('GET', '/v1/saved-items', auth)).json()).data;
      // On sale at 10 % off when saved: the shopper saw 36, and saving again keeps that.
      expect(list.saved).toEqual([
        { productId: avocado.id, savedAt: expect.any(String), priceThen: 36, inStockThen: true },
      ]);
    } finally {
      avocado.variants[0]!.price = price;
      await call('DELETE', `/v1/saved-items/${avocado.id}`, auth);
    }
  });

  it('answers 404 for an unknown product, 401 without a token and 403 for admins', async () => {
    const auth = token(DEMO_USERS.shopper.id);
    const res = await call('POST', '/v1/saved-items', auth, {
      productId: '00000003-0000-4000-8000-000000009999',
    });
    expect(res.status).toBe(404);
    expect((await call('GET', '/v1/saved-items', null)).status).toBe(401);
    const admin = await call('GET', '/v1/saved-items', token(DEMO_USERS.admin.id));
    expect(admin.status).toBe(403);
    expect(ErrorBody.parse(await admin.json()).code).toBe('forbidden');
  });
});
