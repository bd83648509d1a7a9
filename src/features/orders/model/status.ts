import type { AttemptStatus, OrderStatus, PaymentStatus } from '@contract/checkout';
import { isLanguage, LOCALES } from '@contract/languages';

/*
 * How a status looks: the theme palette that colours it (palettes, never hex). What it reads is in
 * the orders catalogue: `status.payment.<status>`, `status.fulfilment.<status>`,
 * `status.attempt.<status>`, and `issueLabels.<issue>` for why one prompt did not end in a payment.
 */

export const PAYMENT_PALETTE: Record<PaymentStatus, string> = {
  pending: 'warning',
  paid: 'green',
  failed: 'danger',
  expired: 'support',
  needs_review: 'info',
};

export const FULFILMENT_PALETTE: Record<OrderStatus, string> = {
  new: 'secondary',
  processing: 'info',
  out_for_delivery: 'primary',
  delivered: 'green',
  cancelled: 'support',
};

export const ATTEMPT_PALETTE: Record<AttemptStatus, string> = {
  pending: 'warning',
  unknown: 'warning',
  paid: 'green',
  failed: 'danger',
  expired: 'support',
  needs_review: 'info',
};

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * `12 Mar 2026, 14:05` in the shopper's time zone, in the shown `language` (`sw-KE` month names in
 * Kiswahili).
 */
export function formatDateTime(iso: string, language: string): string {
  const locale = LOCALES[isLanguage(language) ? language : 'en'];
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    formats.set(locale, format);
  }
  return format.format(new Date(iso));
}
