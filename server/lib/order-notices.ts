import type { OrderNoticeEvent } from '../../contract/sms';
import { writeTogether, type Db } from '../db/client';
import { mailOutbox, smsOutbox } from '../db/schema';
import { loadOrderMail, orderEmail, type OrderMailData } from './mail/order-mail';
import { wakeMailWorker } from './mail/outbox';
import { orderSmsText } from '../../contract/order-sms';
import { wakeSmsWorker } from './sms/outbox';

// What a shopper is told of a change to their order: a mail, and an SMS to the order's M-Pesa phone
// in their language when they keep "Order updates by SMS" on. Queued through the outboxes in the
// transaction of the change, so a change that rolls back tells nobody; call `wakeOrderNotices()` after
// the commit.

/**
 * Queues the notices of `event` for the order; answers whether any were queued (false: no such order,
 * or a shopper whose data was erased: nobody is there to tell).
 */
export async function queueOrderNotices(db: Db, orderId: string, event: OrderNoticeEvent): Promise<boolean> {
  const data = await loadOrderMail(db, orderId);
  if (!data) return false;
  await writeTogether(db, orderNoticeWrites(db, orderId, data, event));
  return true;
}

/**
 * The outbox rows of `event` as writes not yet sent, for a caller that already holds the order's
 * notice data and sends them with its own writes (`writeTogether`): checkout does, with the order.
 */
export function orderNoticeWrites(db: Db, orderId: string, data: OrderMailData, event: OrderNoticeEvent) {
  return [
    db.insert(mailOutbox).values(orderEmail(data, event)),
    data.smsUpdates &&
      db.insert(smsOutbox).values({
        orderId,
        event,
        phone: data.phone,
        language: data.language,
        text: orderSmsText(data, event, data.language),
      }),
  ];
}

/** Wakes this process's mail and SMS workers; call it once the change's transaction has committed. */
export function wakeOrderNotices() {
  wakeMailWorker();
  wakeSmsWorker();
}
