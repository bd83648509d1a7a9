const amount = new Intl.NumberFormat('en-KE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Formats shillings for people: `formatKsh(1250)` → `KSH 1,250.00` (spec §9: label KSH, 2 decimals). */
export function formatKsh(value: number): string {
  if (!Number.isFinite(value)) return 'KSH —';
  // Sign before the label so negatives (refunds, discounts) read naturally: "-KSH 50.00".
  const sign = value < 0 ? '-' : '';
  return `${sign}KSH ${amount.format(Math.abs(value))}`;
}
