import { DISCOUNT_STATE_LABELS, type Discount, type DiscountState } from '@contract/discounts';
import { formatNairobi } from '@contract/nairobi-time';

/** Which theme palette colours each state (palettes, never hex). */
const STATE_PALETTE: Record<DiscountState, string> = {
  scheduled: 'info',
  active: 'green',
  paused: 'warning',
  ended: 'support',
};

export const stateLook = (state: DiscountState) => ({
  label: DISCOUNT_STATE_LABELS[state],
  palette: STATE_PALETTE[state],
});

/** `24 Nov 2026, 08:00 EAT → no end`: the shop's own clock, wherever the admin sits. */
export const scheduleLabel = (d: Pick<Discount, 'startsAt' | 'endsAt'>) =>
  `${formatNairobi(d.startsAt)} → ${d.endsAt ? formatNairobi(d.endsAt) : 'no end'}`;

/** Names shown before "+n more". */
const COVER_SHOWN = 3;

const SCOPE_COVERS = { order: 'The whole order', delivery: 'The delivery fee' } as const;

/** What a discount covers, in a line: products, then categories, the rest counted. */
export function coverLabel(d: Pick<Discount, 'products' | 'categories' | 'appliesTo'>): string {
  if (d.appliesTo !== 'items') return SCOPE_COVERS[d.appliesTo];
  const names = [...d.products.map((p) => p.name), ...d.categories.map((c) => `${c.name} (category)`)];
  if (names.length === 0) return 'Nothing';
  const shown = names.slice(0, COVER_SHOWN).join(', ');
  return names.length > COVER_SHOWN ? `${shown} +${names.length - COVER_SHOWN} more` : shown;
}

/** Every name it covers, for the line's title. */
export const coverFull = (d: Pick<Discount, 'products' | 'categories' | 'appliesTo'>) =>
  d.appliesTo !== 'items'
    ? SCOPE_COVERS[d.appliesTo]
    : [...d.products.map((p) => p.name), ...d.categories.map((c) => `${c.name} (category)`)].join(', ');

/** A code's conditions in a line (`Min KSh 500 · First order · 1 per shopper`); empty for none. */
export function conditionsLabel(
  d: Pick<Discount, 'code' | 'minSubtotal' | 'firstOrderOnly' | 'perShopperLimit'>,
): string {
  if (d.code === null) return '';
  return [
    d.minSubtotal === null ? null : `Min KSh ${d.minSubtotal.toLocaleString('en-KE')}`,
    d.firstOrderOnly ? 'First order' : null,
    d.perShopperLimit === null ? null : `${d.perShopperLimit} per shopper`,
  ]
    .filter(Boolean)
    .join(' · ');
}
