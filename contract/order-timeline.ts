import type { TimelineEntry, TimelineKind } from './admin-orders';
import type { AttemptStatus, OrderStatus, PaymentIssue, RefundStatus } from './checkout';
import { ORDER_STATUS_LABELS, orderLabel } from './fulfilment';
import { formatKenyanPhone } from './phone';

// What happened to an order, as staff read it on the order page: one builder for the server (from
// its rows and the activity log) and the mocks (from their records), and the one line each admin
// move leaves in the activity log. Type-only imports of the schemas: no zod here.

const MPESA_ACTOR = 'M-Pesa';
const SOKONI_ACTOR = 'Sokoni';

const ksh = (n: number) => `KSH ${n.toLocaleString('en-KE')}`;
const statusWords = (s: OrderStatus) => ORDER_STATUS_LABELS[s].toLowerCase();

/** Why a payment did not simply go through, in words for staff. */
const PAYMENT_ISSUE_WORDS: Readonly<Record<PaymentIssue, string>> = {
  cancelled: 'the shopper cancelled the prompt',
  insufficient_funds: "the shopper's M-Pesa balance was too low",
  wrong_pin: 'the shopper entered a wrong PIN',
  timeout: "the shopper's phone did not answer",
  unknown: 'M-Pesa did not complete it',
  no_answer: 'no answer came before the prompt expired',
  mpesa_unavailable: 'M-Pesa could not be reached to send the prompt',
  prompt_open: "another M-Pesa prompt was open on the shopper's phone",
  invalid_phone: 'the phone cannot receive M-Pesa prompts',
  amount_mismatch: 'the amount paid does not match the order',
  paid_out_of_stock: 'it was paid after the items were released and some have sold out',
  paid_offer_ended: 'it was paid after its items were released and the offer it was priced with has run out',
  duplicate_payment: 'the order had already been paid',
};

/** A payment attempt as the timeline reads it (times as dates, the phone normalised). */
export interface TimelineAttempt {
  status: AttemptStatus;
  amount: number;
  phone: string;
  issue: PaymentIssue | null;
  checkoutRequestId: string | null;
  resultCode: number | null;
  resultDesc: string | null;
  receipt: string | null;
  /** What the callback said was paid; null when it did not say (an STK query, a receipt by hand). */
  paidAmount: number | null;
  createdAt: Date;
  completedAt: Date | null;
}

/**
 * A payment an admin recorded by hand with its M-Pesa receipt: a paid attempt that never had a
 * prompt (no CheckoutRequestID) nor an answer from M-Pesa (no ResultCode). The timeline shows it
 * through the admin's `marked_paid` entry, not as a prompt.
 */
const isRecordedByHand = (a: Pick<TimelineAttempt, 'status' | 'checkoutRequestId' | 'resultCode'>) =>
  a.status === 'paid' && a.checkoutRequestId === null && a.resultCode === null;

/** What the shopper paid for the order: every attempt whose money arrived (paid or held for review). */
export const amountPaid = (attempts: readonly Pick<TimelineAttempt, 'status' | 'amount' | 'paidAmount'>[]) =>
  attempts
    .filter((a) => a.status === 'paid' || a.status === 'needs_review')
    .reduce((sum, a) => sum + (a.paidAmount ?? a.amount), 0);

/** An activity-log entry about the order (entity `order`). */
export interface TimelineActivity {
  action: string;
  actorId: string | null;
  actorName: string;
  summary: string;
  at: Date;
}

const ACTIVITY_KINDS: Partial<Record<string, TimelineKind>> = {
  status_changed: 'status_changed',
  rider_assigned: 'rider_assigned',
  cancelled: 'cancelled',
  payment_checked: 'payment_checked',
  marked_paid: 'marked_paid',
  refunded: 'refunded',
};

export interface TimelineOrder {
  number: number;
  total: number;
  itemCount: number;
  createdAt: Date;
  paidAt: Date | null;
  refundStatus: RefundStatus | null;
  customer: { userId: string | null; name: string; email: string };
}

// Entries of one moment read in the order things happen: an admin's check before the answer it got.
const RANK: Record<TimelineKind, number> = {
  placed: 0,
  prompt_sent: 1,
  payment_checked: 2,
  payment_paid: 3,
  payment_failed: 3,
  payment_expired: 3,
  payment_needs_review: 3,
  marked_paid: 4,
  status_changed: 4,
  rider_assigned: 4.5,
  cancelled: 4,
  refund_due: 5,
  refunded: 6,
};

/** The order's timeline, oldest first: placed, each prompt and its answer, each admin move, a refund due. */
export function orderTimeline(
  order: TimelineOrder,
  attempts: readonly TimelineAttempt[],
  activity: readonly TimelineActivity[],
): TimelineEntry[] {
  const entries: {
    kind: TimelineKind;
    at: Date;
    actorName: string;
    actorId: string | null;
    summary: string;
  }[] = [];
  const system = (kind: TimelineKind, at: Date, actorName: string, summary: string) =>
    entries.push({ kind, at, actorName, actorId: null, summary });

  entries.push({
    kind: 'placed',
    at: order.createdAt,
    actorName: order.customer.name || order.customer.email,
    actorId: order.customer.userId,
    summary: `Placed order ${orderLabel(order.number)} for ${ksh(order.total)} (${order.itemCount} ${order.itemCount === 1 ? 'item' : 'items'}).`,
  });

  for (const a of [...attempts].sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime())) {
    if (isRecordedByHand(a)) continue;
    system(
      'prompt_sent',
      a.createdAt,
      SOKONI_ACTOR,
      `Asked M-Pesa to prompt ${formatKenyanPhone(a.phone)} for ${ksh(a.amount)}.`,
    );
    if (!a.completedAt) continue;
    const said = a.resultDesc
      ? ` M-Pesa said: “${a.resultDesc}”${a.resultCode !== null ? ` (${a.resultCode})` : ''}.`
      : '';
    switch (a.status) {
      case 'paid':
        system(
          'payment_paid',
          a.completedAt,
          MPESA_ACTOR,
          `Paid ${ksh(a.paidAmount ?? a.amount)}${a.receipt ? `, M-Pesa receipt ${a.receipt}` : ''}.`,
        );
        break;
      case 'failed':
        system(
          'payment_failed',
          a.completedAt,
          a.resultCode !== null ? MPESA_ACTOR : SOKONI_ACTOR,
          a.resultCode !== null
            ? `Not paid: ${a.issue ? PAYMENT_ISSUE_WORDS[a.issue] : 'M-Pesa did not complete it'}.${said}`
            : `The prompt could not be sent: ${a.issue ? PAYMENT_ISSUE_WORDS[a.issue] : 'M-Pesa refused it'}.`,
        );
        break;
      case 'expired':
        system(
          'payment_expired',
          a.completedAt,
          SOKONI_ACTOR,
          'No answer from M-Pesa in time: the prompt expired.',
        );
        break;
      case 'needs_review':
        system(
          'payment_needs_review',
          a.completedAt,
          SOKONI_ACTOR,
          `M-Pesa reported ${a.paidAmount !== null ? ksh(a.paidAmount) : 'a payment'}${a.receipt ? ` (receipt ${a.receipt})` : ''}, which needs review: ${a.issue ? PAYMENT_ISSUE_WORDS[a.issue] : 'it does not match the order'}.`,
        );
        break;
      default:
        break;
    }
  }

  let cancelledAt: Date | undefined;
  for (const e of activity) {
    const kind = ACTIVITY_KINDS[e.action];
    if (!kind) continue;
    if (kind === 'cancelled') cancelledAt ??= e.at;
    entries.push({ kind, at: e.at, actorName: e.actorName, actorId: e.actorId, summary: e.summary });
  }

  if (order.refundStatus && cancelledAt) {
    const at = order.paidAt && order.paidAt > cancelledAt ? order.paidAt : cancelledAt;
    system(
      'refund_due',
      at,
      SOKONI_ACTOR,
      `A refund of up to ${ksh(amountPaid(attempts) || order.total)} is due to the shopper.`,
    );
  }

  return entries
    .map((e, i) => ({ e, i }))
    .sort((x, y) => x.e.at.getTime() - y.e.at.getTime() || RANK[x.e.kind] - RANK[y.e.kind] || x.i - y.i)
    .map(({ e }) => ({ ...e, at: e.at.toISOString() }));
}

// ── The one line each admin move leaves in the activity log (entity `order`) ─────────────────────

export const statusChangedSummary = (from: OrderStatus, to: OrderStatus) =>
  `Moved from ${statusWords(from)} to ${statusWords(to)}.`;

/** The rider an order goes out with, or the one who takes it over on the way (`rider_assigned`). */
export const riderAssignedSummary = (rider: string, instead?: string) =>
  instead ? `Given to ${rider} instead of ${instead}.` : `Given to ${rider}.`;

export const cancelledSummary = (from: OrderStatus, refundDue: boolean, stockReturned: boolean) =>
  `Cancelled (was ${statusWords(from)}).` +
  (stockReturned ? ' The items went back to stock.' : '') +
  (refundDue ? ' The shopper paid: a refund is due.' : '');

export const markedPaidSummary = (receipt: string, was: string) =>
  `Marked paid with M-Pesa receipt ${receipt} (payment was ${was}).`;

export const refundedSummary = (amount: number, reference: string) =>
  `Recorded a refund of ${ksh(amount)}, M-Pesa reference ${reference}.`;

/** What asking M-Pesa about the latest prompt found. */
export function paymentCheckedSummary(
  answer: { pending: true } | { pending: false; resultCode: number; resultDesc: string },
  changed: boolean,
): string {
  if (answer.pending) return 'Asked M-Pesa about the payment: the prompt is still waiting for the shopper.';
  const said = `M-Pesa says “${answer.resultDesc}” (${answer.resultCode})`;
  return `Asked M-Pesa about the payment. ${said}${changed ? '; the payment was updated.' : '; nothing changed.'}`;
}
