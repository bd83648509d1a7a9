import { ORDER_STATUS_LABELS, orderLabel, PAYMENT_STATUS_LABELS } from '@contract/fulfilment';

export { ORDER_STATUS_LABELS, orderLabel, PAYMENT_STATUS_LABELS };

const dayFormat = new Intl.DateTimeFormat('en-KE', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const timeFormat = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Nairobi',
});
const compact = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 });

/** `2026-03-15` → `15 Mar` (a Nairobi calendar day, so no time zone shift). */
export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
/** An instant as Nairobi reads it, e.g. `15 Mar, 12:00`. */
export const formatWhen = (iso: string) => timeFormat.format(new Date(iso));
/** Axis labels: `12.5K`. */
export const formatCompact = (n: number) => compact.format(n);
