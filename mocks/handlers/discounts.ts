import { http, HttpResponse } from 'msw';
import type { Issue } from '../../contract/common';
import {
  CODE_TAKEN,
  Discount,
  DiscountBody,
  DiscountIdParams,
  DiscountList,
  DiscountQuery,
  discountCreatedSummary,
  discountDeletedSummary,
  discountPausedSummary,
  discountResumedSummary,
  discountUpdatedSummary,
  discountValueLabel,
} from '../../contract/discounts';
import { discountState } from '../../contract/pricing';
import { adminOf, recordActivity } from '../admin';
import { mockDb } from '../db';
import type { FixtureDiscount } from '../fixtures/catalogue';
import { errorResponse, invalid, invalidIssues, jsonBody, queryObject } from '../http';

/*
 * `/v1/discounts` as server/modules/discounts answers it, over the mock catalogue's discounts, so the
 * shop's prices (mocks/handlers/catalogue.ts coveringDiscounts, with categories) follow every write
 * at once. Products name their discounts (`discountIds`), as in the fixture; categories are kept on
 * the discount.
 */

function toDiscount(d: FixtureDiscount, now: Date): Discount {
  const { catalogue } = mockDb;
  const byName = (a: { name: string }, b: { name: string }) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  return Discount.parse({
    discountId: d.id,
    name: d.name,
    kind: d.kind,
    value: d.value,
    products: catalogue.products
      .filter((p) => p.discountIds.includes(d.id))
      .map((p) => ({ productId: p.id, name: p.name }))
      .sort(byName),
    categories: catalogue.categories
      .filter((c) => (d.categoryIds ?? []).includes(c.id))
      .map((c) => ({ categoryId: c.id, name: c.name }))
      .sort(byName),
    startsAt: d.startsAt.toISOString(),
    endsAt: d.endsAt ? d.endsAt.toISOString() : null,
    active: d.active,
    usageLimit: d.usageLimit ?? null,
    code: d.code ?? null,
    appliesTo: d.appliesTo ?? 'items',
    minSubtotal: d.minSubtotal ?? null,
    firstOrderOnly: d.firstOrderOnly ?? false,
    perShopperLimit: d.perShopperLimit ?? null,
    redemptions: d.paidRedemptions ?? 0,
    usesTaken: d.redemptions ?? 0,
    state: discountState(d, now),
    createdAt: (d.createdAt ?? d.startsAt).toISOString(),
    updatedAt: (d.updatedAt ?? d.startsAt).toISOString(),
  });
}

const newestFirst = (a: FixtureDiscount, b: FixtureDiscount) =>
  (b.createdAt ?? b.startsAt).getTime() - (a.createdAt ?? a.startsAt).getTime() || (a.id < b.id ? 1 : -1);

/**
 * The server's 400 for ids that name nothing (server/modules/discounts/service.ts checkReferences),
 * and for a code another discount has (`discounts_code_uq`; codes are stored upper-case).
 */
function refusedReferences(body: DiscountBody, discountId: string | null): Response | null {
  const { catalogue } = mockDb;
  const issues: Issue[] = [];
  body.productIds.forEach((id, i) => {
    if (!catalogue.products.some((p) => p.id === id))
      issues.push({ path: `productIds.${i}`, message: 'no such product' });
  });
  body.categoryIds.forEach((id, i) => {
    if (!catalogue.categories.some((c) => c.id === id))
      issues.push({ path: `categoryIds.${i}`, message: 'no such category' });
  });
  if (issues.length) return invalidIssues('json', issues);
  const taken = catalogue.discounts.some((d) => d.id !== discountId && d.code && d.code === body.code);
  return taken ? invalidIssues('json', [{ path: 'code', message: CODE_TAKEN }]) : null;
}

/** Writes the body onto a record and the products' `discountIds`. */
function apply(d: FixtureDiscount, body: DiscountBody, now: Date) {
  Object.assign(d, {
    name: body.name,
    kind: body.kind,
    value: body.value,
    active: body.active,
    startsAt: new Date(body.startsAt),
    endsAt: body.endsAt === null ? null : new Date(body.endsAt),
    categoryIds: [...body.categoryIds],
    usageLimit: body.usageLimit,
    code: body.code,
    appliesTo: body.appliesTo,
    minSubtotal: body.minSubtotal,
    firstOrderOnly: body.firstOrderOnly,
    // Left out with a code: once per shopper.
    perShopperLimit: body.perShopperLimit === undefined ? (body.code ? 1 : null) : body.perShopperLimit,
    updatedAt: now,
  });
  for (const p of mockDb.catalogue.products) {
    const named = body.productIds.includes(p.id);
    const has = p.discountIds.includes(d.id);
    if (named && !has) p.discountIds.push(d.id);
    if (!named && has) p.discountIds = p.discountIds.filter((id) => id !== d.id);
  }
}

const notFound = () => errorResponse(404, 'not_found', 'Discount was not found.');

async function readBody(request: Request, discountId: string | null = null) {
  const parsed = DiscountBody.safeParse(await jsonBody(request));
  if (!parsed.success) return { error: invalid('json', parsed.error) };
  const bad = refusedReferences(parsed.data, discountId);
  return bad ? { error: bad } : { body: parsed.data };
}

export const discountHandlers = [
  http.get('*/api/v1/discounts', ({ request }) => {
    const who = adminOf(request, 'discounts.read');
    if ('error' in who) return who.error;
    const query = DiscountQuery.safeParse(queryObject(new URL(request.url)));
    if (!query.success) return invalid('query', query.error);
    const { state, q, limit, offset } = query.data;
    const now = new Date();
    const rows = mockDb.catalogue.discounts
      .filter((d) => !state || discountState(d, now) === state)
      .filter((d) => !q || [d.name, d.code ?? ''].some((s) => s.toLowerCase().includes(q.toLowerCase())))
      .sort(newestFirst);
    return HttpResponse.json(
      DiscountList.parse({
        data: rows.slice(offset, offset + limit).map((d) => toDiscount(d, now)),
        meta: { total: rows.length, limit, offset },
      }),
    );
  }),

  http.get('*/api/v1/discounts/:discountId', ({ request, params }) => {
    const who = adminOf(request, 'discounts.read');
    if ('error' in who) return who.error;
    const id = DiscountIdParams.safeParse(params);
    if (!id.success) return invalid('param', id.error);
    const d = mockDb.catalogue.discounts.find((x) => x.id === id.data.discountId);
    return d ? HttpResponse.json({ data: toDiscount(d, new Date()) }) : notFound();
  }),

  http.post('*/api/v1/discounts', async ({ request }) => {
    const who = adminOf(request, 'discounts.write');
    if ('error' in who) return who.error;
    const read = await readBody(request);
    if ('error' in read) return read.error;
    const now = new Date();
    const d: FixtureDiscount = {
      id: crypto.randomUUID(),
      name: '',
      kind: 'percentage',
      value: 1,
      active: true,
      startsAt: now,
      endsAt: null,
      redemptions: 0,
      paidRedemptions: 0,
      createdAt: now,
    };
    apply(d, read.body, now);
    mockDb.catalogue.discounts.push(d);
    recordActivity(
      who.admin,
      'discount',
      d.id,
      'created',
      discountCreatedSummary(d.name, discountValueLabel(d)),
    );
    return HttpResponse.json({ data: toDiscount(d, now) }, { status: 201 });
  }),

  http.put('*/api/v1/discounts/:discountId', async ({ request, params }) => {
    const who = adminOf(request, 'discounts.write');
    if ('error' in who) return who.error;
    const id = DiscountIdParams.safeParse(params);
    if (!id.success) return invalid('param', id.error);
    const d = mockDb.catalogue.discounts.find((x) => x.id === id.data.discountId);
    const read = await readBody(request, id.data.discountId);
    if ('error' in read) return read.error;
    if (!d) return notFound();
    const wasActive = d.active;
    const now = new Date();
    apply(d, read.body, now);
    const action = wasActive === d.active ? 'updated' : d.active ? 'resumed' : 'paused';
    const summary = {
      updated: discountUpdatedSummary,
      paused: discountPausedSummary,
      resumed: discountResumedSummary,
    }[action](d.name);
    recordActivity(who.admin, 'discount', d.id, action, summary);
    return HttpResponse.json({ data: toDiscount(d, now) });
  }),

  http.delete('*/api/v1/discounts/:discountId', ({ request, params }) => {
    const who = adminOf(request, 'discounts.write');
    if ('error' in who) return who.error;
    const id = DiscountIdParams.safeParse(params);
    if (!id.success) return invalid('param', id.error);
    const { catalogue } = mockDb;
    const d = catalogue.discounts.find((x) => x.id === id.data.discountId);
    if (!d) return notFound();
    catalogue.discounts = catalogue.discounts.filter((x) => x !== d);
    for (const p of catalogue.products) p.discountIds = p.discountIds.filter((x) => x !== d.id);
    recordActivity(who.admin, 'discount', d.id, 'deleted', discountDeletedSummary(d.name));
    return HttpResponse.json({ data: { discountId: d.id } });
  }),
];
