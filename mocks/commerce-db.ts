import type { ZodError } from 'zod';
import type {
  AttemptStatus,
  OrderItem,
  OrderStatus,
  PaymentIssue,
  PaymentStatus,
} from '../contract/checkout';
import { authenticate, type MockUser } from './auth-db';
import { mockDb } from './db';
import { errorResponse } from './handlers/system';

/*
 * The shopping side of the mock API: each account's server cart (with the guest lines it has taken
 * in), orders with their M-Pesa payment attempts, and saved items. Like ../auth-db.ts, the state is
 * kept in localStorage in `vite --mode mock` (MSW runs in the page, and a page load would otherwise
 * forget every order) and in memory in tests. Stock lives in the catalogue fixture (mockDb), which is
 * rebuilt on every page load.
 *
 * Payments settle by themselves `paymentDelayMs` after the prompt, decided like the Daraja
 * simulator (server/dev/daraja-simulator.ts) by the phone's last two digits: 01 cancelled,
 * 02 insufficient funds, 03 wrong PIN, 04 no answer from the phone, 06 wrong amount (needs review),
 * 09 never answers (expires), anything else pays. Settling is lazy: it happens when an order is read.
 */

export interface MockCartLine {
  itemId: string;
  productId: string;
  variantId: string;
  quantity: number;
  createdAt: number;
}

export interface MockAttempt {
  attemptId: string;
  status: AttemptStatus;
  amount: number;
  /** Normalised, `2547XXXXXXXX`. */
  phone: string;
  issue: PaymentIssue | null;
  resultCode: number | null;
  resultDesc: string | null;
  receipt: string | null;
  createdAt: number;
  completedAt: number | null;
}

export interface MockOrder {
  orderId: string;
  userId: string;
  number: number;
  idempotencyKey: string;
  requestHash: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentIssue: PaymentIssue | null;
  /** Whether the order holds its units (taken at checkout, given back when a payment fails). */
  stockReserved: boolean;
  items: (OrderItem & { variantId: string })[];
  subtotal: number;
  shippingRate: number;
  total: number;
  delivery: { areaId: string | null; areaName: string | null; address: string; lat: number; lng: number };
  /** Normalised, `2547XXXXXXXX`. */
  phone: string;
  /** Newest first. */
  attempts: MockAttempt[];
  createdAt: number;
  paidAt: number | null;
}

export interface CommerceDbState {
  carts: Record<string, MockCartLine[]>;
  /** The guest-cart line ids each account has taken in (the server's cart_merges). */
  merges: Record<string, string[]>;
  saved: Record<string, { productId: string; savedAt: number }[]>;
  orders: MockOrder[];
  nextOrderNumber: number;
}

const fresh = (): CommerceDbState => ({
  carts: {},
  merges: {},
  saved: {},
  orders: [],
  nextOrderNumber: 1001,
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
};

/** Empty carts, no orders or saved items, default settings (between tests). */
export function resetCommerceDb(): void {
  Object.assign(commerceDb, fresh());
  commerceSettings.paymentDelayMs = 1500;
  commerceSettings.paymentExpiryMs = 60_000;
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
  if (session.user.type === 'admin') {
    return {
      error: errorResponse(
        403,
        'forbidden',
        'Admins get no cart, orders or saved items: sign in with a shopper account to shop.',
      ),
    };
  }
  return { user: session.user };
}

/** The server's 400 for a request part that fails its schema (server/lib/http.ts). */
export function invalid(target: 'json' | 'query' | 'param' | 'header', error: ZodError): Response {
  const issues = error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  const first = issues[0];
  const message = first
    ? `Invalid ${target}: ${first.path ? `${first.path}: ` : ''}${first.message}.`
    : `Invalid ${target}.`;
  return errorResponse(400, 'validation_failed', message, issues);
}

/** The JSON body, or undefined when there is none or it is not JSON (the schema then refuses it). */
export async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

/** Query values as Hono hands them to the validator. */
export function queryObject(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}

// ---- stock ----------------------------------------------------------------------------------

const variantOf = (variantId: string) => {
  for (const product of mockDb.catalogue.products) {
    const variant = product.variants.find((v) => v.id === variantId);
    if (variant) return { product, variant };
  }
  return undefined;
};

/** `Tilapia (Large)`, or just the name when the variant has none (server/modules/cart/service.ts). */
export const variantLabel = (name: string, variantName: string) =>
  variantName ? `${name} (${variantName})` : name;

export const CART_HINT = 'Update your cart and try again.';
export const ORDER_HINT = 'This order can no longer be paid; please place a new one.';

/**
 * Takes the lines' units off the catalogue's stock, all or none; answers the out-of-stock message
 * of the first line that does not fit (server/modules/checkout/stock.ts), or null.
 */
export function reserve(
  lines: readonly { variantId: string; quantity: number; name: string; variantName: string }[],
  hint: string,
): string | null {
  for (const line of lines) {
    const found = variantOf(line.variantId);
    const label = variantLabel(line.name, line.variantName);
    if (!found) return `${label} is no longer sold. ${hint}`;
    const left = found.variant.quantity;
    if (left < line.quantity) {
      return left === 0
        ? `Sorry, ${label} just sold out. ${hint}`
        : `Sorry, only ${left} of ${label} ${left === 1 ? 'is' : 'are'} left. ${hint}`;
    }
  }
  for (const line of lines) variantOf(line.variantId)!.variant.quantity -= line.quantity;
  return null;
}

function release(order: MockOrder) {
  if (!order.stockReserved) return;
  for (const item of order.items) {
    const found = variantOf(item.variantId);
    if (found) found.variant.quantity += item.quantity;
  }
  order.stockReserved = false;
}

// ---- payments -------------------------------------------------------------------------------

const FAILURE_MESSAGES: Record<PaymentIssue, string> = {
  cancelled: 'You cancelled the M-Pesa prompt. You can try the payment again.',
  insufficient_funds: 'Your M-Pesa balance was not enough for this payment. Top up and try again.',
  wrong_pin: 'The M-Pesa PIN was wrong. Try the payment again and enter your PIN carefully.',
  timeout: 'We did not get an answer from your phone in time. Check that it is on and try again.',
  unknown: 'M-Pesa could not complete the payment. Please try again.',
  no_answer: 'The M-Pesa prompt was not answered in time. You can try the payment again.',
  mpesa_unavailable:
    'M-Pesa is not answering right now. Your order is saved: try the payment again in a moment.',
  prompt_open:
    'There is already an M-Pesa prompt on your phone. Complete or cancel it, then try the payment again.',
  invalid_phone: 'That phone number cannot receive M-Pesa payments. Try again with a Safaricom number.',
  amount_mismatch:
    'We received a payment that does not match this order. The shop is checking it and will contact you.',
  paid_out_of_stock:
    'Your payment arrived after the items were released and some have sold out since. The shop will contact you about a refund or a replacement.',
  duplicate_payment: 'This order was paid more than once. The shop will refund the extra payment.',
};

/** The shopper's sentence for an order's payment state (server/modules/checkout/service.ts). */
export function paymentMessage(order: MockOrder): string | null {
  if (order.paymentStatus === 'pending' || order.paymentStatus === 'paid') return null;
  return order.paymentIssue ? FAILURE_MESSAGES[order.paymentIssue] : null;
}

type Outcome =
  | { kind: 'paid'; wrongAmount: boolean }
  | { kind: 'failed'; issue: PaymentIssue; code: number; desc: string; after: number }
  | { kind: 'manual' };

const OUTCOMES: Record<string, Outcome> = {
  '01': { kind: 'failed', issue: 'cancelled', code: 1032, desc: 'Request cancelled by user', after: 1 },
  '02': {
    kind: 'failed',
    issue: 'insufficient_funds',
    code: 1,
    desc: 'The balance is insufficient for the transaction.',
    after: 1,
  },
  '03': {
    kind: 'failed',
    issue: 'wrong_pin',
    code: 2001,
    desc: 'The initiator information is invalid.',
    after: 1,
  },
  // No callback: the reconciler's STK query finds out later.
  '04': { kind: 'failed', issue: 'timeout', code: 1037, desc: 'DS timeout user cannot be reached', after: 2 },
  '06': { kind: 'paid', wrongAmount: true },
  '09': { kind: 'manual' },
};

const outcomeFor = (phone: string): Outcome =>
  OUTCOMES[phone.slice(-2)] ?? { kind: 'paid', wrongAmount: false };

const receipt = () => `SIM${crypto.randomUUID().replace(/-/g, '').slice(0, 7).toUpperCase()}`;

/** Settles the order's open attempt if its time has come; answers whether anything changed. */
function settle(order: MockOrder, now: number): boolean {
  const attempt = order.attempts[0];
  if (!attempt || (attempt.status !== 'pending' && attempt.status !== 'unknown')) return false;
  const outcome = outcomeFor(attempt.phone);
  const elapsed = now - attempt.createdAt;
  const delay = commerceSettings.paymentDelayMs;
  if (outcome.kind === 'manual' || (outcome.kind === 'failed' && elapsed < delay * outcome.after)) {
    if (elapsed < commerceSettings.paymentExpiryMs) return false;
    Object.assign(attempt, { status: 'expired', issue: 'no_answer', completedAt: now });
    Object.assign(order, { paymentStatus: 'expired', paymentIssue: 'no_answer' });
    release(order);
    return true;
  }
  if (elapsed < delay) return false;
  if (outcome.kind === 'failed') {
    Object.assign(attempt, {
      status: 'failed',
      issue: outcome.issue,
      resultCode: outcome.code,
      resultDesc: outcome.desc,
      completedAt: now,
    });
    Object.assign(order, { paymentStatus: 'failed', paymentIssue: outcome.issue });
    release(order);
    return true;
  }
  const paid = {
    resultCode: 0,
    resultDesc: 'The service request is processed successfully.',
    receipt: receipt(),
    completedAt: now,
  };
  if (outcome.wrongAmount) {
    Object.assign(attempt, { ...paid, status: 'needs_review', issue: 'amount_mismatch' });
    Object.assign(order, { paymentStatus: 'needs_review', paymentIssue: 'amount_mismatch' });
    return true;
  }
  Object.assign(attempt, { ...paid, status: 'paid', issue: null });
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

export const hasOpenAttempt = (order: MockOrder) =>
  order.attempts.some((a) => a.status === 'pending' || a.status === 'unknown');
