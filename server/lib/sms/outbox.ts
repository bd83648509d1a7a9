import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { EventEmitter } from 'node:events';
import type { Language } from '../../../contract/languages';
import type { OrderNoticeEvent } from '../../../contract/sms';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import { claimDue, purgeOutbox, retryAt } from '../outbox';

// The SMS outbox: messages queued in the transaction of the order change they report, sent by the
// jobs runner (server/jobs/sms-outbox.ts), settled by the gateway's answer and delivery reports.
//
// Never sent twice: a claim holds a message for SMS_UNKNOWN_WAIT_MS. A send the gateway answers
// settles at once (sent with its message id, failed, or back to queued for a later try). A send
// without an answer (a timeout, a cut connection) stays `sending` with `unknown_since`: the first
// delivery report for that phone whose message id Sokoni does not know settles it (it takes the id);
// only when the hold runs out without one is it sent again (a message whose worker died mid-send is
// held the same way, and sent again when the hold runs out).

export type SmsRow = typeof smsOutbox.$inferSelect;

export interface SmsMessage {
  orderId: string;
  event: OrderNoticeEvent;
  phone: string;
  language: Language;
  text: string;
}

/** Signals this process's SMS worker; workers of other instances find messages by polling. */
export const smsQueued = new EventEmitter();

/** Wakes the local SMS worker; call it once the transaction that queued SMS has committed. */
export const wakeSmsWorker = () => void smsQueued.emit('queued');

/** Queues a message; pass the transaction that makes the change it reports, so both commit together. */
export async function enqueueSms(db: Db, message: SmsMessage): Promise<string> {
  const [row] = await db.insert(smsOutbox).values(message).returning({ id: smsOutbox.id });
  return row!.id;
}

/** Claims up to `limit` due messages; `holdMs` is how long a send may stay unsettled (SMS_UNKNOWN_WAIT_MS). */
export const claimDueSms = (db: Db, o: { limit: number; holdMs: number; now: Date }) =>
  claimDue(db, smsOutbox, 'queued', { limit: o.limit, lockMs: o.holdMs, now: o.now });

/** Only a message this worker still holds is settled by its answer (a report may have come first). */
const held = (id: string) => and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'sending'));

/** The gateway took it. */
export async function markSmsSent(db: Db, id: string, messageId: string, now: Date) {
  await db
    .update(smsOutbox)
    .set({
      status: 'sent',
      gatewayMessageId: messageId,
      sentAt: now,
      lockedUntil: null,
      unknownSince: null,
      lastError: null,
      updatedAt: now,
    })
    .where(held(id));
}

/** The gateway refused it: another try later with backoff, or failed (`retry` false, or out of tries). */
export async function markSmsRefused(
  db: Db,
  row: Pick<SmsRow, 'id' | 'attempts'>,
  reason: string,
  { retry, maxAttempts, now }: { retry: boolean; maxAttempts: number; now: Date },
) {
  const lastError = reason.slice(0, 500);
  const next = retry ? retryAt(row.attempts, { maxAttempts, now }) : null;
  await db
    .update(smsOutbox)
    .set(
      next
        ? {
            status: 'queued',
            nextAttemptAt: next,
            lockedUntil: null,
            unknownSince: null,
            lastError,
            updatedAt: now,
          }
        : { status: 'failed', lockedUntil: null, unknownSince: null, lastError, updatedAt: now },
    )
    .where(held(id(row)));
}

/**
 * No answer: the message may have gone out. It stays held (its claim runs to SMS_UNKNOWN_WAIT_MS) for a
 * delivery report to settle; a message that has had its tries fails instead of going out again.
 */
export async function markSmsUnknown(
  db: Db,
  row: Pick<SmsRow, 'id' | 'attempts'>,
  reason: string,
  { maxAttempts, now }: { maxAttempts: number; now: Date },
) {
  const lastError = `outcome unknown: ${reason}`.slice(0, 500);
  await db
    .update(smsOutbox)
    .set(
      row.attempts >= maxAttempts
        ? { status: 'failed', lockedUntil: null, lastError, updatedAt: now }
        : { unknownSince: sql`coalesce(${smsOutbox.unknownSince}, ${now})`, lastError, updatedAt: now },
    )
    .where(held(id(row)));
}

const id = (row: Pick<SmsRow, 'id'>) => row.id;

/** How a delivery report reads: the message reached the phone, cannot, or is still on its way. */
export type ReportOutcome = { final: 'delivered' } | { final: 'failed'; reason: string } | { final: null };

/** What a report changed: `unknown` when no message of ours matches it. */
export type ReportApplied = 'delivered' | 'failed' | 'sent' | 'unchanged' | 'unknown';

/**
 * Applies a delivery report, once and forwards only: a delivered or failed message never changes
 * again, and an intermediate report (Sent, Buffered…) only confirms a sending one as sent. A report
 * whose id is not on record settles the oldest message to the same phone whose send had no answer.
 */
export async function applyDeliveryReport(
  db: Db,
  report: { messageId: string; phone: string | null; outcome: ReportOutcome },
  now: Date,
): Promise<ReportApplied> {
  return db.transaction(async (tx) => {
    let [row] = await tx
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.gatewayMessageId, report.messageId))
      .for('update');
    if (!row && report.phone) {
      [row] = await tx
        .select()
        .from(smsOutbox)
        .where(
          and(
            eq(smsOutbox.phone, report.phone),
            eq(smsOutbox.status, 'sending'),
            isNull(smsOutbox.gatewayMessageId),
            isNotNull(smsOutbox.unknownSince),
          ),
        )
        .orderBy(asc(smsOutbox.unknownSince), asc(smsOutbox.createdAt))
        .limit(1)
        .for('update', { skipLocked: true });
    }
    if (!row) return 'unknown';
    if (row.status === 'delivered' || row.status === 'failed') return 'unchanged';
    const base = {
      gatewayMessageId: report.messageId,
      lockedUntil: null,
      unknownSince: null,
      updatedAt: now,
      sentAt: row.sentAt ?? now,
    };
    const { outcome } = report;
    if (outcome.final === 'delivered') {
      await tx
        .update(smsOutbox)
        .set({ ...base, status: 'delivered', deliveredAt: now, lastError: null })
        .where(eq(smsOutbox.id, row.id));
      return 'delivered';
    }
    if (outcome.final === 'failed') {
      await tx
        .update(smsOutbox)
        .set({ ...base, status: 'failed', lastError: outcome.reason.slice(0, 500) })
        .where(eq(smsOutbox.id, row.id));
      return 'failed';
    }
    if (row.status === 'sent') return 'unchanged';
    await tx
      .update(smsOutbox)
      .set({ ...base, status: 'sent', lastError: null })
      .where(eq(smsOutbox.id, row.id));
    return 'sent';
  });
}

/** The newest messages, optionally only those to one phone (`2547XXXXXXXX`). */
export function listSms(db: Db, { phone, limit }: { phone?: string; limit: number }) {
  return db
    .select()
    .from(smsOutbox)
    .where(phone ? eq(smsOutbox.phone, phone) : undefined)
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit);
}

/** The messages of some orders, oldest first (the admin order page). */
export function smsOfOrders(db: Db, orderIds: string[]) {
  return db
    .select()
    .from(smsOutbox)
    .where(inArray(smsOutbox.orderId, orderIds))
    .orderBy(asc(smsOutbox.createdAt), asc(smsOutbox.id));
}

/** Drops settled messages older than `days`; the outbox is a queue, not an archive. */
export const purgeSms = (db: Db, now: Date, days = 7) =>
  purgeOutbox(db, smsOutbox, ['sent', 'delivered', 'failed'], now, days);
