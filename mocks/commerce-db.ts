import { MAX_UNPAID_ORDERS } from '../contract/checkout-rules';
import { SHOPPERS_ONLY_MESSAGE } from '../contract/accounts';
import type { OrderItem, PaymentIssue } from '../contract/checkout';
import { simulatorScenario, SIMULATOR_DESC } from '../contract/mpesa-simulator';
import type { OrderRecord, PaymentAttemptRecord } from '../contract/order-view';
import { isOpenAttempt, paymentOutcome } from '../contract/payments';
import { offerEndedForOrder } from '../contract/discounts';
import { isDiscountActive } from '../contract/pricing';
import { shopperLimitRefusal } from '../contract/promo';
import { reservationRefusal, variantLabel, type Refusal } from '../contract/stock';
import { authenticate, type MockUser } from './auth-db';
import { mockDb } from './db';
import { errorResponse } from './http';
import { recordOrderStock } from './stock-history';
import type { SavedSnapshotFacts } from '../contract/saved-news';

/*
 * The shopping side of the mock API: each account's server cart (with the guest lines it has taken
 * in), orders with their M-Pesa payment attempts, and saved items. Like ../auth-db.ts, the state is
 * kept in localStorage in `vite --mode mock` (MSW runs in the page, and a page load would otherwise
 * forget every order) and in memory in tests. Stock lives in the catalogue fixture (mockDb), which is
 * rebuilt on every page load.
 *
 * Payments settle by themselves `paymentDelayMs` after the prompt, with the outcome the Daraja
 * simulator gives the phone's last two digits (contract/mpesa-simulator.ts): 01 cancelled,
 * 02 insufficient funds, 03 wrong PIN, 04 no answer from the phone (found by the reconciler's query,
 * a little later), 06 wrong amount (needs review), 09 never answers (expires), anything else pays.
 * Settling is lazy: it happens when an order is read.
 */

export interface MockCartLine {
  itemId: string;
  productId: string;
  variantId: string;
  quantity: number;
  createdAt: number;
}

/** A payment attempt as the shared order view reads it, with times as epoch ms (for localStorage). */
export interface MockAttempt extends Omit<PaymentAttemptRecord, 'createdAt' | 'completedAt'> {
  createdAt: number;
  completedAt: number | null;
  /** What the callback said was paid, when it said (the server's paid_amount). */
  paidAmount?: number | null;
  /** A payment an admin recorded with its receipt: no prompt, no Daraja ids, no ResultCode. */
  recordedByHand?: boolean;
}

/** An order as the shared order view reads it, with what the mock keeps besides, times as epoch ms. */
export interface MockOrder extends Omit<OrderRecord, 'createdAt' | 'paidAt'> {
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  /** Whether the order holds its units (taken at checkout, given back when a payment fails). */
  stockReserved: boolean;
  items: (OrderItem & { variantId: string })[];
  /** Newest first. */
  attempts: MockAttempt[];
  createdAt: number;
  paidAt: number | null;
  /** What admins did to it (mocks/handlers/admin-orders.ts); the rest of its timeline is derived. */
  adminEvents?: MockOrderEvent[];
  /**
   * The discount of the promo code it was placed with, which holds one use of it exactly while the
   * order holds its units (taken at checkout, given back with them, taken again with them).
   */
  promoDiscountId?: string | null;
  /** The rider it went out with (a staff account's id), when, and when it was delivered. */
  riderId?: string | null;
  riderAssignedAt?: number | null;
  deliveredAt?: number | null;
  refund?: {
    status: 'due' | 'refunded';
    reference: string | null;
    amount: number | null;
    refundedAt: number | null;
  } | null;
}

/** One admin move on an order: its activity-log entry (entity `order`), which its timeline reads. */
export interface MockOrderEvent {
  kind: 'status_changed' | 'rider_assigned' | 'cancelled' | 'refunded' | 'marked_paid' | 'payment_checked';
  at: number;
  actorId: string | null;
  actorName: string;
  summary: string;
}

export interface CommerceDbState {
  carts: Record<string, MockCartLine[]>;
  /** The guest-cart line ids each account has taken in (the server's cart_merges). */
  merges: Record<string, string[]>;
  /** The Idempotency-Keys of each account's applied cart writes, with the request each was for (cart_writes). */
  cartWrites: Record<string, Record<string, string>>;
  /** The snapshot fields are absent on items stored before the mocks kept them (read as unknown). */
  saved: Record<string, ({ productId: string; savedAt: number } & Partial<SavedSnapshotFacts>)[]>;
  orders: MockOrder[];
  nextOrderNumber: number;
  /** When each account (or the browser's guest) tried a code that does not exist, newest last. */
  promoGuesses: Record<string, number[]>;
}

const fresh = (): CommerceDbState => ({
  carts: {},
  merges: {},
  cartWrites: {},
  saved: {},
  orders: [],
  nextOrderNumber: 1001,
  promoGuesses: {},
});

const STORAGE_KEY = 'sokoni.mock.commerce';
const persistent = import.meta.env?.MODE === 'mock' && typeof localStorage !== 'undefined';

function load(): CommerceDbState {
  if (!persistent) return fresh();
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (raw) return { ...fresh(), ...(JSON.parse(raw) as Partial<CommerceDbState>) };
  } catch {
    // Unreadable state: start again.
  }
  return fresh();
}

/** The live state; handlers change it and then call {@link saveCommerceDb}. */
export const commerceDb: CommerceDbState = load();

export function saveCommerceDb(): void {
  if (!persistent) return;
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(commerceDb));
  } catch {
    // Storage full or blocked: the mock keeps working for this page load.
  }
}

/** Tunables of the mock (tests shorten or lengthen the payment delay). */
export const commerceSettings = {
  /** How long after the prompt a payment settles; the live e2e server's simulator takes about 500 ms. */
  paymentDelayMs: 1500,
  /** A prompt nobody answers (phones ending 09) expires after this long. */
  paymentExpiryMs: 60_000,
  /** Orders one shopper may have holding stock unpaid (the server's CHECKOUT_MAX_UNPAID_ORDERS). */
  maxUnpaidOrders: MAX_UNPAID_ORDERS,
};

/** Empty carts, no orders or saved items, default settings (between tests). */
export function resetCommerceDb(): void {
  Object.assign(commerceDb, fresh());
  commerceSettings.paymentDelayMs = 1500;
  commerceSettings.paymentExpiryMs = 60_000;
  commerceSettings.maxUnpaidOrders = MAX_UNPAID_ORDERS;
  saveCommerceDb();
}

export const cartOf = (userId: string): MockCartLine[] => (commerceDb.carts[userId] ??= []);

// ---- request helpers shared by the commerce handlers -------------------------------------------

/**
 * The shopper a request is for, or the error answer: 401 without a live token, 403 for an admin
 * (server/modules/cart/customers-only.ts).
 */
export function customerOf(request: Request): { user: MockUser } | { error: Response } {
  const session = authenticate(request);
  if (!session) return { error: errorResponse(401, 'unauthorized', 'Please sign in.') };
  if (session.user.type === 'admin') return { error: errorResponse(403, 'forbidden', SHOPPERS_ONLY_MESSAGE) };
  return { user: session.user };
}

// ---- stock ----------------------------------------------------------------------------------

const variantOf = (variantId: string) => {
  for (const product of mockDb.catalogue.products) {
    const variant = product.variants.find((v) => v.id === variantId);
    if (variant) return { product, variant };
  }
  return undefined;
};

/**
 * Takes the lines' units off the catalogue's stock, all or none; answers the refusal of the first
 * line that does not fit (as server/modules/checkout/stock.ts), or null.
 */
export function reserve(
  lines: readonly { variantId: string; quantity: number; name: string; variantName: string }[],
  hint: string,
): Refusal | null {
  for (const line of lines) {
    const found = variantOf(line.variantId);
    const left = found ? found.variant.quantity : null;
    if (left === null || left < line.quantity) {
      return reservationRefusal(variantLabel(line.name, line.variantName), left, hint);
    }
  }
  for (const line of lines) variantOf(line.variantId)!.variant.quantity -= line.quantity;
  return null;
}

/** Gives back the units `reserve` just took, when the checkout is refused after all. */
export function unreserve(lines: readonly { variantId: string; quantity: number }[]) {
  for (const line of lines) variantOf(line.variantId)!.variant.quantity += line.quantity;
}

/** Gives the order's units back to the catalogue, and its promo code's use (a failed payment, a cancel). */
export function release(order: MockOrder) {
  if (!order.stockReserved) return;
  for (const item of order.items) {
    const found = variantOf(item.variantId);
    if (found) found.variant.quantity += item.quantity;
  }
  recordOrderStock(order, 'release');
  const promo = promoDiscountOf(order);
  if (promo) promo.redemptions = Math.max(0, (promo.redemptions ?? 0) - 1);
  order.stockReserved = false;
}

const promoDiscountOf = (order: MockOrder) =>
  order.promoDiscountId ? mockDb.catalogue.discounts.find((d) => d.id === order.promoDiscountId) : undefined;

/**
 * Takes the use of the order's promo code again, with its units (server/modules/stock/service.ts
 * reserveOrderStock): a payment `retry` needs the code still applying at `now`, a `late_payment`
 * (money already paid) only a use left, and a retry the code's limit per shopper. A refusal when it cannot be had, else null.
 */
export function retakePromoUse(
  order: MockOrder,
  mode: 'retry' | 'late_payment',
  now = new Date(),
): Refusal | null {
  const promo = promoDiscountOf(order);
  if (!promo) return null;
  const usable =
    mode === 'retry'
      ? isDiscountActive(promo, now)
      : promo.usageLimit == null || (promo.redemptions ?? 0) < promo.usageLimit;
  if (!usable) return offerEndedForOrder(promo.name);
  // A retry also counts the shopper's other orders holding the code, as the server does.
  const limit = promo.perShopperLimit === undefined ? 1 : promo.perShopperLimit;
  if (mode === 'retry' && promo.code && limit !== null) {
    const held = commerceDb.orders.filter(
      (o) =>
        o.userId === order.userId &&
        o.orderId !== order.orderId &&
        o.stockReserved &&
        o.promoDiscountId === promo.id,
    ).length;
    if (held >= limit) return shopperLimitRefusal(promo.code);
  }
  takePromoUse(promo.id);
  return null;
}

/** One more order holds a use of the discount (checkout checked that one is left). */
export function takePromoUse(discountId: string) {
  const promo = mockDb.catalogue.discounts.find((d) => d.id === discountId);
  if (promo) promo.redemptions = (promo.redemptions ?? 0) + 1;
}

// ---- payments -------------------------------------------------------------------------------

const receipt = () => `SIM${crypto.randomUUID().replace(/-/g, '').slice(0, 7).toUpperCase()}`;

/** Settles the order's open attempt if its time has come; answers whether anything changed. */
function settle(order: MockOrder, now: number): boolean {
  const attempt = order.attempts[0];
  if (!attempt || (attempt.status !== 'pending' && attempt.status !== 'unknown')) return false;
  const outcome = simulatorScenario(attempt.phone);
  const elapsed = now - attempt.createdAt;
  const delay = commerceSettings.paymentDelayMs;
  // A prompt with no callback (`silent`) is found out by the reconciler's STK query, a little later.
  const settlesAfter = outcome.kind === 'silent' ? 2 * delay : delay;
  if (outcome.kind === 'manual' || elapsed < settlesAfter) {
    if (elapsed < commerceSettings.paymentExpiryMs) return false;
    Object.assign(attempt, { status: 'expired', issue: 'no_answer', completedAt: now });
    Object.assign(order, { paymentStatus: 'expired', paymentIssue: 'no_answer' });
    release(order);
    return true;
  }
  if (outcome.kind === 'failed' || outcome.kind === 'silent') {
    const result = paymentOutcome(outcome.code, outcome.desc);
    const issue: PaymentIssue = result.status === 'failed' ? result.reason : 'unknown';
    Object.assign(attempt, {
      status: 'failed',
      issue,
      resultCode: outcome.code,
      resultDesc: outcome.desc,
      completedAt: now,
    });
    Object.assign(order, { paymentStatus: 'failed', paymentIssue: issue });
    release(order);
    return true;
  }
  const paid = {
    resultCode: 0,
    resultDesc: SIMULATOR_DESC.paid,
    receipt: receipt(),
    completedAt: now,
  };
  if (outcome.wrongAmount) {
    // The simulator reports the amount minus 1 (plus 1 for a 1-shilling prompt).
    const paidAmount = attempt.amount > 1 ? attempt.amount - 1 : attempt.amount + 1;
    Object.assign(attempt, { ...paid, paidAmount, status: 'needs_review', issue: 'amount_mismatch' });
    Object.assign(order, { paymentStatus: 'needs_review', paymentIssue: 'amount_mismatch' });
    return true;
  }
  Object.assign(attempt, { ...paid, paidAmount: attempt.amount, status: 'paid', issue: null });
  Object.assign(order, { paymentStatus: 'paid', paymentIssue: null, paidAt: now });
  return true;
}

/** Settles whatever is due among a user's orders (the callbacks and reconciler of the real server). */
export function settleDuePayments(userId: string, now = Date.now()): void {
  let changed = false;
  for (const order of commerceDb.orders) if (order.userId === userId && settle(order, now)) changed = true;
  if (changed) saveCommerceDb();
}

/** Opens a new payment attempt (the prompt "goes out" now). */
export function openAttempt(order: MockOrder, phone: string, now = Date.now()): void {
  order.attempts.unshift({
    attemptId: crypto.randomUUID(),
    status: 'pending',
    amount: order.total,
    phone,
    issue: null,
    resultCode: null,
    resultDesc: null,
    receipt: null,
    createdAt: now,
    completedAt: null,
  });
  Object.assign(order, { paymentStatus: 'pending', paymentIssue: null, phone });
}

export const hasOpenAttempt = (order: MockOrder) => order.attempts.some((a) => isOpenAttempt(a.status));

/** The order as the shared order view (contract/order-view.ts) reads it. */
export const orderRecord = (order: MockOrder): OrderRecord => ({
  ...order,
  createdAt: new Date(order.createdAt),
  paidAt: order.paidAt === null ? null : new Date(order.paidAt),
});

/** The order's attempts, newest first, as the shared order view reads them. */
export const attemptRecords = (order: MockOrder): PaymentAttemptRecord[] =>
  order.attempts.map((a) => ({
    ...a,
    createdAt: new Date(a.createdAt),
    completedAt: a.completedAt === null ? null : new Date(a.completedAt),
  }));
