import { http, HttpResponse } from 'msw';
import type { ProductList, ProductSummary } from '../../contract/catalogue';
import { envelope } from '../../contract/common';
import { SavedItemParams, SavedItems, SavedItemState, SaveItemBody } from '../../contract/saved-items';
import { snapshotOf } from '../../contract/saved-news';
import { commerceDb, customerOf, saveCommerceDb } from '../commerce-db';
import { mockDb } from '../db';
import { productDetail } from './catalogue';
import { errorResponse, invalid, jsonBody } from '../http';

/*
 * Saved items (server/modules/saved-items): the saved products newest first, priced now and shaped
 * like a product list page (summaries plus their linked records) with what each was like when saved
 * (the first save's snapshot, by contract/saved-news.ts); saving and unsaving are idempotent.
 */

/** The user's saved products with their linked records, most recently saved first. */
function mockSavedItems(userId: string, now = new Date()): SavedItems {
  const saved = [...(commerceDb.saved[userId] ?? [])].sort((a, b) => b.savedAt - a.savedAt);
  const rows: ProductSummary[] = [];
  const snapshots: SavedItems['saved'] = [];
  const linked: ProductList['linked'] = { categories: {}, images: {}, attributes: {}, discounts: {} };
  for (const { productId, savedAt, priceThen = null, inStockThen = null } of saved) {
    const product = mockDb.catalogue.products.find((p) => p.id === productId);
    if (!product) continue;
    const { categories, images, discounts, attributes, ...summary } = productDetail(
      product,
      mockDb.catalogue,
      now,
    );
    rows.push(summary);
    snapshots.push({ productId, savedAt: new Date(savedAt).toISOString(), priceThen, inStockThen });
    for (const c of categories) linked.categories[c.categoryId] ??= c;
    for (const i of images) linked.images[i.imageId] ??= i;
    for (const d of discounts) linked.discounts[d.discountId] ??= d;
    for (const a of attributes) linked.attributes[a.attributeId] ??= a;
  }
  return { count: rows.length, rows, linked, saved: snapshots };
}

const ListBody = envelope(SavedItems);
const StateBody = envelope(SavedItemState);

export const savedItemsHandlers = [
  http.get('*/api/v1/saved-items', ({ request }) => {
    const who = customerOf(request);
    if ('error' in who) return who.error;
    return HttpResponse.json(ListBody.parse({ data: mockSavedItems(who.user.id) }), {
      headers: { 'Cache-Control': 'no-store' },
    });
  }),

  http.post('*/api/v1/saved-items', async ({ request }) => {
    const who = customerOf(request);
    if ('error' in who) return who.error;
    const body = SaveItemBody.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    const { productId } = body.data;
    const product = mockDb.catalogue.products.find((p) => p.id === productId);
    if (!product) return errorResponse(404, 'not_found', 'Product was not found.');
    const saved = (commerceDb.saved[who.user.id] ??= []);
    if (!saved.some((s) => s.productId === productId)) {
      const { variants } = productDetail(product, mockDb.catalogue, new Date());
      saved.push({ productId, savedAt: Date.now(), ...snapshotOf(variants) });
    }
    saveCommerceDb();
    return HttpResponse.json(StateBody.parse({ data: { productId, saved: true } }));
  }),

  http.delete('*/api/v1/saved-items/:productId', ({ request, params }) => {
    const who = customerOf(request);
    if ('error' in who) return who.error;
    const parsed = SavedItemParams.safeParse(params);
    if (!parsed.success) return invalid('param', parsed.error);
    const { productId } = parsed.data;
    commerceDb.saved[who.user.id] = (commerceDb.saved[who.user.id] ?? []).filter(
      (s) => s.productId !== productId,
    );
    saveCommerceDb();
    return HttpResponse.json(StateBody.parse({ data: { productId, saved: false } }));
  }),
];
