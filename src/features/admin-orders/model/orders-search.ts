import type { OrderStatus, PaymentStatus } from '@contract/checkout';
import { FULFILMENT_STEPS, PAYMENT_STATUS_LABELS } from '@contract/fulfilment';
import { parseListSearch } from '@/lib/list-search';
import type { AdminOrderParams } from '../api/admin-orders-api';

/** The orders list's state, kept in the URL so back, forward and a shared link work. */
export interface OrdersSearch {
  paymentStatus?: PaymentStatus;
  status?: OrderStatus;
  /** Order number, shopper email or phone. */
  q?: string;
  /** Nairobi days, `YYYY-MM-DD`, both inclusive. */
  from?: string;
  to?: string;
  /** 1-based. */
  page?: number;
}

export const ORDERS_PAGE_SIZE = 25;
const PAYMENT_STATUSES = Object.keys(PAYMENT_STATUS_LABELS);
const ORDER_STATUSES: readonly string[] = [...FULFILMENT_STEPS, 'cancelled'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (v: unknown): v is string =>
  typeof v === 'string' && DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00+03:00`));

/**
 * The route's validateSearch: keeps what is valid, drops the rest. Plain checks rather than the
 * contract's zod schema: route definitions load with the landing page (docs/design.md#budgets).
 */
export function parseOrdersSearch(raw: Record<string, unknown>): OrdersSearch {
  const out: OrdersSearch = parseListSearch(raw);
  if (typeof raw.paymentStatus === 'string' && PAYMENT_STATUSES.includes(raw.paymentStatus))
    out.paymentStatus = raw.paymentStatus as PaymentStatus;
  if (typeof raw.status === 'string' && ORDER_STATUSES.includes(raw.status))
    out.status = raw.status as OrderStatus;
  if (isDay(raw.from)) out.from = raw.from;
  if (isDay(raw.to)) out.to = raw.to;
  if (out.from && out.to && out.to < out.from) delete out.to;
  return out;
}

/** The list call for a list state. */
export const listParams = (search: OrdersSearch): AdminOrderParams => ({
  limit: ORDERS_PAGE_SIZE,
  offset: ((search.page ?? 1) - 1) * ORDERS_PAGE_SIZE,
  ...(search.paymentStatus ? { paymentStatus: search.paymentStatus } : {}),
  ...(search.status ? { status: search.status } : {}),
  ...(search.q ? { q: search.q } : {}),
  ...(search.from ? { from: search.from } : {}),
  ...(search.to ? { to: search.to } : {}),
});

export const isFiltered = (s: OrdersSearch) => Boolean(s.paymentStatus || s.status || s.q || s.from || s.to);
