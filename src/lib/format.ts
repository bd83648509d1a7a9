/**
 * Formats shillings for people: `formatKsh(1250)` → `KSH 1,250.00` (docs/behaviour.md#money: label KSH, 2
 * decimals). By hand rather than with Intl.NumberFormat: making an `en-KE` formatter loads locale data, the
 * longest single call of a first visit's render on a slow phone (~60 ms at 4× CPU throttling), and the
 * server's ICU and the phone's could print a price differently from one another.
 */
export function formatKsh(value: number): string {
  if (!Number.isFinite(value)) return 'KSH —';
  // Sign before the label so negatives (refunds, discounts) read naturally: "-KSH 50.00".
  const sign = value < 0 ? '-' : '';
  // Cents, rounded half away from zero on the decimal the number prints as (1.005 → 1.01).
  const cents = Math.round(Number((Math.abs(value) * 100).toPrecision(15)));
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}KSH ${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/** A phone as written (`0712 345 678`) as a link that dials it: `tel:0712345678`. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
