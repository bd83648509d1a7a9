import { http, HttpResponse } from 'msw';
import { PRODUCT_CATEGORIES_MAX, productPatchActivity, type ActivityAction } from '../../contract/admin';
import { type BulkPriceLine, ProductBulkBody, ProductBulkResult } from '../../contract/admin-bulk';
import {
  BULK_EDIT_NOTE,
  BULK_PRICES_LISTED,
  bulkCategorySummary,
  bulkPrice,
  bulkPriceSummary,
} from '../../contract/bulk-edits';
import { envelope } from '../../contract/common';
import { adminOf, recordActivity } from '../admin';
import { mockDb } from '../db';
import { activeVariants, type FixtureProduct } from '../fixtures/catalogue';
import { errorResponse, invalid, invalidIssues, jsonBody } from '../http';
import { matchesAdminFilter } from './admin-products';

/*
 * `POST /api/v1/admin/products/bulk` (contract/admin-bulk.ts) on the in-memory catalogue, with the
 * server's rules (server/modules/products-admin/bulk.ts): the ticked products or every product the
 * table's filters match; archived ones counted and left alone; one entry and a new version per
 * product changed; prices by contract/bulk-edits.ts; a dry run answers the same and changes nothing.
 */

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface Plan {
  changed: FixtureProduct[];
  prices: BulkPriceLine[];
  apply: (p: FixtureProduct, now: Date) => { action: ActivityAction; summary: string };
}

/** MSW handler for the products table's bulk edits. */
export const productBulkHandlers = [
  http.post('*/api/v1/admin/products/bulk', async ({ request }) => {
    const auth = adminOf(request, 'products.write');
    if ('error' in auth) return auth.error;
    const parsed = ProductBulkBody.safeParse(await jsonBody(request));
    if (!parsed.success) return invalid('json', parsed.error);
    const { target, action, dryRun } = parsed.data;
    const { products, categories } = mockDb.catalogue;

    let targeted: FixtureProduct[];
    if (target.productIds) {
      const found = target.productIds.map((id) => products.find((p) => p.id === id));
      const issues = found.flatMap((p, i) =>
        p ? [] : [{ path: `target.productIds.${i}`, message: 'no such product' }],
      );
      if (issues.length) return invalidIssues('json', issues);
      targeted = found as FixtureProduct[];
    } else targeted = products.filter(matchesAdminFilter(target.filter ?? {}));
    const live = targeted.filter((p) => p.archivedAt === null).sort((a, b) => byString(a.id, b.id));

    let plan: Plan;
    switch (action.kind) {
      case 'hide':
      case 'show':
      case 'archive': {
        const entry = productPatchActivity(
          action.kind === 'archive' ? { archived: true } : { hidden: action.kind === 'hide' },
        )!;
        const summary = [entry.summary, BULK_EDIT_NOTE].filter(Boolean).join(' ');
        plan = {
          changed:
            action.kind === 'archive' ? live : live.filter((p) => p.hidden !== (action.kind === 'hide')),
          prices: [],
          apply: (p, now) => {
            if (action.kind === 'archive') p.archivedAt = now;
            else p.hidden = action.kind === 'hide';
            return { action: entry.action, summary };
          },
        };
        break;
      }
      case 'add_category':
      case 'remove_category': {
        const adding = action.kind === 'add_category';
        const category = categories.find((c) => c.id === action.categoryId);
        if (!category)
          return invalidIssues('json', [{ path: 'action.categoryId', message: 'no such category' }]);
        const changed = live.filter((p) => p.categoryIds.includes(action.categoryId) !== adding);
        const full = adding
          ? changed.filter((p) => p.categoryIds.length >= PRODUCT_CATEGORIES_MAX).length
          : 0;
        if (full) {
          const message = `${full === 1 ? '1 of the products already has' : `${full} of the products already have`} ${PRODUCT_CATEGORIES_MAX} categories, the most a product may have.`;
          return errorResponse(400, 'too_many_categories', message, [{ path: 'action.categoryId', message }]);
        }
        const summary = bulkCategorySummary(adding, category.name);
        plan = {
          changed,
          prices: [],
          apply: (p) => {
            p.categoryIds = adding
              ? [...p.categoryIds, action.categoryId]
              : p.categoryIds.filter((id) => id !== action.categoryId);
            return { action: 'bulk_edited', summary };
          },
        };
        break;
      }
      case 'price': {
        const change = { by: action.by, value: action.value };
        // The server's order: product name (letter case aside), product id, then the variants in order.
        const ordered = [...live].sort(
          (a, b) => byString(a.name.toLowerCase(), b.name.toLowerCase()) || byString(a.id, b.id),
        );
        const prices = ordered.flatMap((p) =>
          activeVariants(p).flatMap((v) => {
            const newPrice = bulkPrice(v.price, change);
            return newPrice === v.price
              ? []
              : [
                  {
                    productId: p.id,
                    pid: p.pid,
                    name: p.name,
                    variantId: v.id,
                    variantName: v.name,
                    oldPrice: v.price,
                    newPrice,
                  },
                ];
          }),
        );
        const moved = new Set(prices.map((l) => l.productId));
        plan = {
          changed: live.filter((p) => moved.has(p.id)),
          prices,
          apply: (p) => {
            const lines = prices.filter((l) => l.productId === p.id);
            for (const l of lines) p.variants.find((v) => v.id === l.variantId)!.price = l.newPrice;
            return { action: 'bulk_edited', summary: bulkPriceSummary(change, lines) };
          },
        };
        break;
      }
    }

    if (!dryRun) {
      const now = new Date();
      for (const p of plan.changed) {
        const entry = plan.apply(p, now);
        p.version += 1;
        p.updatedAt = now;
        recordActivity(auth.admin, 'product', p.id, entry.action, entry.summary);
      }
    }
    const result: ProductBulkResult = {
      matched: targeted.length,
      changed: plan.changed.length,
      dryRun,
      prices: plan.prices.slice(0, BULK_PRICES_LISTED),
      priceCount: plan.prices.length,
    };
    return HttpResponse.json(envelope(ProductBulkResult).parse({ data: result }), {
      headers: { 'Cache-Control': 'no-store' },
    });
  }),
];
