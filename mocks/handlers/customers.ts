import { http, HttpResponse } from 'msw';
import {
  ALREADY_ERASED_MESSAGE,
  BlockCustomerBody,
  blockRefusal,
  CONFIRM_EMAIL_MESSAGE,
  CUSTOMER_ORDERS_SHOWN,
  CustomerDetail,
  CustomerExport,
  CustomerIdParams,
  CustomerList,
  CustomerListQuery,
  customerExportFilename,
  emailConfirmed,
  EraseCustomerBody,
  ERASED_NAME,
  ERASED_TEXT,
  erasedEmail,
  type CustomerAddress,
  type CustomerSummary,
} from '../../contract/admin-customers';
import { envelope } from '../../contract/common';
import { DELIVERY_AREAS } from '../../contract/delivery-areas';
import {
  formatKenyanPhone,
  kenyanPhoneForms,
  normaliseKenyanPhone,
  phoneSearchKey,
} from '../../contract/phone';
import { adminOf, recordActivity } from '../admin';
import { authDb, endUserSessions, saveAuthDb, type MockUser } from '../auth-db';
import { commerceDb, saveCommerceDb, settleDuePayments, type MockOrder } from '../commerce-db';
import { mockDb } from '../db';
import { errorResponse, invalid, jsonBody, queryObject } from '../http';

/*
 * The back office's customers (contract/admin-customers.ts), as server/modules/customers answers them:
 * the list and its search, a customer's page, blocking (which the mocked checkout then refuses),
 * the export file and erasure, with the same refusals.
 */

const DetailBody = envelope(CustomerDetail);
const iso = (ms: number | null | undefined) => (ms == null ? null : new Date(ms).toISOString());
const phoneView = (p: string | null) => (p ? formatKenyanPhone(normaliseKenyanPhone(p) ?? p) : null);
const notFound = () => errorResponse(404, 'not_found', 'The customer was not found.');

const customers = () => authDb.users.filter((u) => u.type === 'customer');
const ordersOf = (userId: string): MockOrder[] => {
  settleDuePayments(userId);
  return commerceDb.orders
    .filter((o) => o.userId === userId)
    .sort((a, b) => b.createdAt - a.createdAt || b.orderId.localeCompare(a.orderId));
};

function toSummary(u: MockUser): CustomerSummary {
  const mine = ordersOf(u.id);
  return {
    userId: u.id,
    name: u.name,
    email: u.email,
    phone: phoneView(u.phone),
    blocked: !!u.blockedAt,
    erased: !!u.erasedAt,
    ordersCount: mine.length,
    totalPaid: mine.filter((o) => o.paymentStatus === 'paid').reduce((n, o) => n + o.total, 0),
    lastOrderAt: iso(mine[0]?.createdAt),
    createdAt: iso(u.createdAt)!,
  };
}

/** As the server's search: part of the name or email, or a phone (the profile's or an order's). */
function matches(u: MockUser, q: string): boolean {
  const text = q.trim().toLowerCase();
  if (!text) return true;
  if (u.name.toLowerCase().includes(text) || u.email.toLowerCase().includes(text)) return true;
  const phone = phoneSearchKey(text);
  if (!phone) return false;
  if (u.phone && kenyanPhoneForms(phone).includes(u.phone.replace(/[\s-]/g, ''))) return true;
  return commerceDb.orders.some((o) => o.userId === u.id && o.phone === phone);
}

function addressesOf(userId: string): CustomerAddress[] {
  const places = new Map<string, CustomerAddress & { at: number }>();
  for (const o of ordersOf(userId)) {
    const key = JSON.stringify([o.delivery.address, o.delivery.areaName]);
    const seen = places.get(key);
    if (seen) seen.orders += 1;
    else
      places.set(key, {
        address: o.delivery.address,
        areaName: o.delivery.areaName,
        orders: 1,
        lastUsedAt: iso(o.createdAt)!,
        at: o.createdAt,
      });
  }
  return [...places.values()]
    .sort((a, b) => b.at - a.at || a.address.localeCompare(b.address))
    .map(({ at: _at, ...a }) => a);
}

function toDetail(u: MockUser): CustomerDetail {
  return {
    ...toSummary(u),
    country: u.country,
    blockedAt: iso(u.blockedAt),
    blockedReason: u.blockedReason ?? null,
    erasedAt: iso(u.erasedAt),
    addresses: addressesOf(u.id),
    orders: ordersOf(u.id)
      .slice(0, CUSTOMER_ORDERS_SHOWN)
      .map((o) => ({
        orderId: o.orderId,
        number: o.number,
        status: o.status,
        paymentStatus: o.paymentStatus,
        total: o.total,
        createdAt: iso(o.createdAt)!,
      })),
    savedItemsCount: (commerceDb.saved[u.id] ?? []).length,
  };
}

/**
 * The staff member and the customer id a request names, or the answer refusing it (guard, bad id);
 * the server checks the body too before it looks the customer up, so {@link customerById} comes after.
 */
function guarded(
  request: Request,
  params: Record<string, unknown>,
  permission: 'customers.read' | 'customers.manage',
): { admin: MockUser; customerId: string } | { error: Response } {
  const who = adminOf(request, permission);
  if ('error' in who) return who;
  const id = CustomerIdParams.safeParse(params);
  if (!id.success) return { error: invalid('param', id.error) };
  return { admin: who.admin, customerId: id.data.customerId };
}

const customerById = (id: string) => customers().find((u) => u.id === id);

const detailAnswer = (u: MockUser) => HttpResponse.json(DetailBody.parse({ data: toDetail(u) }));

/** Blocks or unblocks, as the server's setCustomerBlocked. */
async function setBlocked(request: Request, params: Record<string, unknown>, block: boolean) {
  const who = guarded(request, params, 'customers.manage');
  if ('error' in who) return who.error;
  let reason: string | null = null;
  if (block) {
    const body = BlockCustomerBody.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    reason = body.data.reason;
  }
  const { admin } = who;
  const customer = customerById(who.customerId);
  if (!customer) return notFound();
  const refusal = blockRefusal({ blocked: !!customer.blockedAt, erased: !!customer.erasedAt }, block);
  if (refusal) return errorResponse(409, refusal.code, refusal.message);
  customer.blockedAt = block ? Date.now() : null;
  customer.blockedReason = reason;
  if (block) endUserSessions(customer.id);
  recordActivity(admin, 'customer', customer.id, block ? 'blocked' : 'unblocked', reason ?? '');
  saveAuthDb();
  return detailAnswer(customer);
}

function exportOf(u: MockUser): CustomerExport {
  const products = new Map(mockDb.catalogue.products.map((p) => [p.id, p.name]));
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      userId: u.id,
      name: u.name,
      email: u.email,
      phone: u.phone,
      country: u.country,
      createdAt: iso(u.createdAt)!,
      blockedAt: iso(u.blockedAt),
      blockedReason: u.blockedReason ?? null,
      erasedAt: iso(u.erasedAt),
    },
    addresses: addressesOf(u.id),
    orders: ordersOf(u.id)
      .reverse()
      .map((o) => ({
        orderId: o.orderId,
        number: o.number,
        status: o.status,
        paymentStatus: o.paymentStatus,
        subtotal: o.subtotal,
        shippingRate: o.shippingRate,
        total: o.total,
        phone: o.phone,
        delivery: {
          areaName: o.delivery.areaName,
          address: o.delivery.address,
          lat: o.delivery.lat,
          lng: o.delivery.lng,
        },
        createdAt: iso(o.createdAt)!,
        paidAt: iso(o.paidAt),
        items: o.items.map((i) => ({
          name: i.name,
          variantName: i.variantName,
          unitPrice: i.price,
          quantity: i.quantity,
          totalPrice: i.totalPrice,
        })),
        payments: [...o.attempts].reverse().map((a) => ({
          status: a.status,
          amount: a.amount,
          phone: a.phone,
          receipt: a.receipt,
          resultDesc: a.resultDesc,
          createdAt: iso(a.createdAt)!,
          completedAt: iso(a.completedAt),
        })),
      })),
    savedItems: [...(commerceDb.saved[u.id] ?? [])]
      .filter((s) => products.has(s.productId))
      .sort((a, b) => b.savedAt - a.savedAt)
      .map((s) => ({ productId: s.productId, name: products.get(s.productId)!, savedAt: iso(s.savedAt)! })),
  };
}

/** Erases, as the server's eraseCustomer: the person goes, the orders stay anonymised. */
function erase(admin: MockUser, u: MockUser) {
  const email = u.email.toLowerCase();
  Object.assign(u, {
    name: ERASED_NAME,
    email: erasedEmail(u.id),
    phone: null,
    country: null,
    password: null,
    blockedAt: null,
    blockedReason: null,
    erasedAt: Date.now(),
  });
  for (const o of commerceDb.orders.filter((x) => x.userId === u.id)) {
    const area = DELIVERY_AREAS.find((a) => a.id === o.delivery.areaId);
    o.delivery = { ...o.delivery, address: ERASED_TEXT, lat: area?.lat ?? 0, lng: area?.lng ?? 0 };
    o.phone = ERASED_TEXT;
    for (const a of o.attempts) a.phone = ERASED_TEXT;
  }
  delete commerceDb.carts[u.id];
  delete commerceDb.merges[u.id];
  delete commerceDb.saved[u.id];
  authDb.challenges = authDb.challenges.filter((c) => c.userId !== u.id && c.email !== email);
  authDb.outbox = authDb.outbox.filter((m) => m.to.toLowerCase() !== email);
  endUserSessions(u.id);
  recordActivity(admin, 'customer', u.id, 'erased');
  saveAuthDb();
  saveCommerceDb();
}

export const customerHandlers = [
  http.get('*/api/v1/admin/customers', ({ request }) => {
    const who = adminOf(request, 'customers.read');
    if ('error' in who) return who.error;
    const query = CustomerListQuery.safeParse(queryObject(new URL(request.url)));
    if (!query.success) return invalid('query', query.error);
    const { q, limit, offset } = query.data;
    const found = customers()
      .filter((u) => !q || matches(u, q))
      .sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id));
    return HttpResponse.json(
      CustomerList.parse({
        data: found.slice(offset, offset + limit).map(toSummary),
        meta: { total: found.length, limit, offset },
      }),
      { headers: { 'Cache-Control': 'no-store' } },
    );
  }),

  http.get('*/api/v1/admin/customers/:customerId', ({ request, params }) => {
    const who = guarded(request, params, 'customers.read');
    if ('error' in who) return who.error;
    const customer = customerById(who.customerId);
    return customer ? detailAnswer(customer) : notFound();
  }),

  http.post('*/api/v1/admin/customers/:customerId/block', ({ request, params }) =>
    setBlocked(request, params, true),
  ),
  http.post('*/api/v1/admin/customers/:customerId/unblock', ({ request, params }) =>
    setBlocked(request, params, false),
  ),

  http.get('*/api/v1/admin/customers/:customerId/export', ({ request, params }) => {
    const who = guarded(request, params, 'customers.manage');
    if ('error' in who) return who.error;
    const customer = customerById(who.customerId);
    if (!customer) return notFound();
    const file = CustomerExport.parse(exportOf(customer));
    recordActivity(who.admin, 'customer', customer.id, 'exported');
    return HttpResponse.json(file, {
      headers: {
        'Cache-Control': 'no-store',
        'Content-Disposition': `attachment; filename="${customerExportFilename(customer.id)}"`,
      },
    });
  }),

  http.post('*/api/v1/admin/customers/:customerId/erase', async ({ request, params }) => {
    const who = guarded(request, params, 'customers.manage');
    if ('error' in who) return who.error;
    const body = EraseCustomerBody.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    const customer = customerById(who.customerId);
    if (!customer) return notFound();
    if (customer.erasedAt) return errorResponse(409, 'already_erased', ALREADY_ERASED_MESSAGE);
    if (!emailConfirmed(body.data.confirmEmail, customer.email))
      return errorResponse(400, 'bad_request', CONFIRM_EMAIL_MESSAGE, [
        { path: 'confirmEmail', message: "is not the customer's email" },
      ]);
    erase(who.admin, customer);
    return detailAnswer(customer);
  }),
];
