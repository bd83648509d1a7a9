import { orderLabel } from './fulfilment';
import { gsm7Length, toGsm7 } from './gsm7';
import { formatWholeKsh, type Language } from './languages';
import en from './locales/en/sms.json';
import sw from './locales/sw/sms.json';
import { formatKenyanPhone } from './phone';
import { SMS_MAX_LENGTH, type OrderNoticeEvent } from './sms';

// The SMS a shopper gets about an order, in their language, in one message: at most 160 GSM-7
// characters (contract/locales/<language>/sms.json, which the server's catalogue test checks in both
// languages; order-sms.test.ts renders each with the longest names and largest figures). Here, not
// in the server, so the mocks' dev SMS outbox writes the server's very texts. Names are brought into GSM-7 (a letter outside it would make the
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

/** The SMS catalogues, by language. */
export const SMS_CATALOGUES = { en, sw } satisfies Record<Language, typeof en>;

type SmsKey = keyof (typeof en)['order'];

/** The text of `key` in `language` with its `{{values}}` filled in. */
const text =
  (language: Language) =>
  (key: `order.${SmsKey}`, values: Record<string, string>): string =>
    SMS_CATALOGUES[language].order[key.slice('order.'.length) as SmsKey].replace(
      /{{\s*(\w+)\s*}}/g,
      (_, name: string) => values[name] ?? '',
    );

/** The text of `event` for an order, in `language`. */
export function orderSmsText(o: OrderSmsData, event: OrderNoticeEvent, language: Language): string {
  const t = text(language);
  const order = orderLabel(o.number);
  const ksh = (n: number) => formatWholeKsh(n, language);
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
  let sms = render(rider);
  const over = (gsm7Length(sms) ?? Infinity) - SMS_MAX_LENGTH;
  // Only a rider's name is long enough to overflow: cut it to what fits, ending in a full stop.
  if (over > 0 && rider) sms = render(`${rider.slice(0, Math.max(1, rider.length - over - 1)).trimEnd()}.`);
  return sms;
}
