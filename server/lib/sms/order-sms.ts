import { orderLabel } from '../../../contract/fulfilment';
import type { Language } from '../../../contract/languages';
import { formatKenyanPhone } from '../../../contract/phone';
import { SMS_MAX_LENGTH, type OrderNoticeEvent } from '../../../contract/sms';
import { formatKsh, translator } from '../i18n';
import { gsm7Length, toGsm7 } from './gsm7';

// The SMS a shopper gets about an order, in their language, in one message: at most 160 GSM-7
// characters (server/locales/<language>/sms.json; order-sms.test.ts renders each with the longest
// names and largest figures). Names are brought into GSM-7 (a letter outside it would make the
// message UCS-2, 70 characters), and a rider's name is shortened when the whole would not fit.

/** What the texts say of an order. */
export interface OrderSmsData {
  number: number;
  total: number;
  phone: string;
  refundStatus: 'due' | 'refunded' | null;
  refundAmount: number | null;
  refundReference: string | null;
  receipt: string | null;
  rider: { name: string; phone: string | null } | null;
}

/** The text of `event` for an order, in `language`. */
export function orderSmsText(o: OrderSmsData, event: OrderNoticeEvent, language: Language): string {
  const t = translator(language, 'sms');
  const order = orderLabel(o.number);
  const ksh = (n: number) => formatKsh(n, language);
  const render = (riderName: string) => {
    switch (event) {
      case 'received':
        return t('order.received', { order, total: ksh(o.total), phone: formatKenyanPhone(o.phone) });
      case 'paid':
        return o.receipt
          ? t('order.paid', { order, amount: ksh(o.total), receipt: toGsm7(o.receipt) })
          : t('order.paidNoReceipt', { order, amount: ksh(o.total) });
      case 'out_for_delivery':
        if (!o.rider) return t('order.outForDelivery', { order });
        return o.rider.phone
          ? t('order.outForDeliveryRiderPhone', {
              order,
              rider: riderName,
              riderPhone: formatKenyanPhone(o.rider.phone),
            })
          : t('order.outForDeliveryRider', { order, rider: riderName });
      case 'delivered':
        return t('order.delivered', { order });
      case 'cancelled':
        return t(o.refundStatus === 'due' ? 'order.cancelledRefundDue' : 'order.cancelled', { order });
      case 'refunded':
        return o.refundReference
          ? t('order.refunded', {
              order,
              amount: ksh(o.refundAmount ?? o.total),
              reference: toGsm7(o.refundReference).slice(0, 20),
            })
          : t('order.refundedNoReference', { order, amount: ksh(o.refundAmount ?? o.total) });
    }
  };
  const rider = toGsm7(o.rider?.name.trim() ?? '');
  let text = render(rider);
  const over = (gsm7Length(text) ?? Infinity) - SMS_MAX_LENGTH;
  // Only a rider's name is long enough to overflow: cut it to what fits, ending in a full stop.
  if (over > 0 && rider) text = render(`${rider.slice(0, Math.max(1, rider.length - over - 1)).trimEnd()}.`);
  return text;
}
