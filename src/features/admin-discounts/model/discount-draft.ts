import type { DiscountKind } from '@contract/catalogue';
import { DiscountBody, type Discount } from '@contract/discounts';
import { fromNairobiInput, toNairobiInput } from '@contract/nairobi-time';
import { applyDiscount, MIN_PRICE } from '@contract/pricing';
import type { PromoScope } from '@contract/promo';

/** A product the discount covers; `minPrice` is its lowest active variant price once known. */
export interface ChosenProduct {
  productId: string;
  name: string;
  minPrice?: number | null;
}

export interface ChosenCategory {
  categoryId: string;
  name: string;
}

/** The form's fields as typed: numbers and times stay text until the form is sent. */
export interface DiscountDraft {
  name: string;
  kind: DiscountKind;
  value: string;
  products: ChosenProduct[];
  categories: ChosenCategory[];
  /** Nairobi wall-clock time, as a `datetime-local` input holds it. */
  startsAt: string;
  endsAt: string;
  active: boolean;
  usageLimit: string;
  /** The promo code as typed (shown upper-case); empty for a discount that applies by itself. */
  code: string;
  /** What a code covers; without a code the discount covers its products and categories. */
  appliesTo: PromoScope;
  minSubtotal: string;
  firstOrderOnly: boolean;
  /** Empty for no limit; 1 until the admin changes it. */
  perShopperLimit: string;
}

export type DraftField = keyof DiscountBody;
export type DraftErrors = Partial<Record<DraftField, string>>;

/** A new discount: starting now (Nairobi time, to the minute), no end, switched on. */
export const emptyDraft = (now: Date = new Date()): DiscountDraft => ({
  name: '',
  kind: 'percentage',
  value: '',
  products: [],
  categories: [],
  startsAt: toNairobiInput(now),
  endsAt: '',
  active: true,
  usageLimit: '',
  code: '',
  appliesTo: 'items',
  minSubtotal: '',
  firstOrderOnly: false,
  perShopperLimit: '1',
});

const textOf = (n: number | null) => (n === null ? '' : String(n));

export const draftFromDiscount = (d: Discount): DiscountDraft => ({
  name: d.name,
  kind: d.kind,
  value: String(d.value),
  products: d.products.map((p) => ({ productId: p.productId, name: p.name })),
  categories: d.categories.map((c) => ({ categoryId: c.categoryId, name: c.name })),
  startsAt: toNairobiInput(d.startsAt),
  endsAt: d.endsAt ? toNairobiInput(d.endsAt) : '',
  active: d.active,
  usageLimit: textOf(d.usageLimit),
  code: d.code ?? '',
  appliesTo: d.appliesTo,
  minSubtotal: textOf(d.minSubtotal),
  firstOrderOnly: d.firstOrderOnly,
  // An automatic discount given a code starts at once per shopper, as a new one does.
  perShopperLimit: d.code === null ? '1' : textOf(d.perShopperLimit),
});

/**
 * What the discount covers as the form stands: the whole order and the delivery fee belong to a
 * code, so without one it is the products and categories, whatever was chosen while a code was typed.
 */
export const scopeOf = (draft: Pick<DiscountDraft, 'code' | 'appliesTo'>): PromoScope =>
  draft.code.trim() ? draft.appliesTo : 'items';

/** A message as a sentence: the contract words fragments ("must be more than 0"). */
const sentence = (message: string) => {
  const text = message.trim();
  const capital = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/** A whole number as typed ("1,000" too); NaN when it is not a number at all. */
const numberOf = (text: string) => Number(text.replace(/[,\s]/g, ''));

/**
 * The body to send, or the message for each field that is wrong: the contract's own schema
 * (DiscountBody), after the checks only the form can make (empty boxes, a time that is no time).
 */
export function readDraft(draft: DiscountDraft): { body: DiscountBody } | { errors: DraftErrors } {
  const early: DraftErrors = {};
  const valueText = draft.value.trim();
  const value = numberOf(valueText);
  if (!valueText) early.value = 'Enter a value.';
  else if (Number.isNaN(value)) early.value = 'Must be a number.';

  const startsAt = draft.startsAt.trim() ? fromNairobiInput(draft.startsAt) : null;
  if (!draft.startsAt.trim()) early.startsAt = 'Enter when it starts.';
  else if (startsAt === null) early.startsAt = 'Enter a real date and time.';
  const endsAt = draft.endsAt.trim() ? fromNairobiInput(draft.endsAt) : null;
  if (draft.endsAt.trim() && endsAt === null) early.endsAt = 'Enter a real date and time.';

  /** An optional whole number: null when empty, NaN (and a message) when it is no number. */
  const optionalNumber = (field: 'usageLimit' | 'minSubtotal' | 'perShopperLimit', text: string) => {
    const n = text.trim() ? numberOf(text.trim()) : null;
    if (n !== null && Number.isNaN(n)) early[field] = 'Must be a number.';
    return n;
  };
  const usageLimit = optionalNumber('usageLimit', draft.usageLimit);

  // The conditions belong to a code: without one they are not sent (the box keeps what was typed).
  const code = draft.code.trim();
  const scope = scopeOf(draft);
  const promo = code
    ? {
        code,
        appliesTo: scope,
        minSubtotal: optionalNumber('minSubtotal', draft.minSubtotal),
        firstOrderOnly: draft.firstOrderOnly,
        perShopperLimit: optionalNumber('perShopperLimit', draft.perShopperLimit),
      }
    : {};
  const items = scope === 'items';

  const parsed = DiscountBody.safeParse({
    name: draft.name,
    kind: draft.kind,
    value,
    productIds: items ? draft.products.map((p) => p.productId) : [],
    categoryIds: items ? draft.categories.map((c) => c.categoryId) : [],
    startsAt: startsAt ?? '',
    endsAt,
    active: draft.active,
    usageLimit,
    ...promo,
  });
  const errors: DraftErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as DraftField | undefined;
      if (field && !errors[field]) errors[field] = sentence(issue.message);
    }
  }
  Object.assign(errors, early);
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { body: parsed.data };
}

/** The server's 400 issues by form field (`productIds.2` belongs to the products picker). */
export function errorsFromIssues(issues: Record<string, string>): DraftErrors {
  const errors: DraftErrors = {};
  for (const [path, message] of Object.entries(issues)) {
    const field = path.split('.')[0] as DraftField;
    if (!errors[field]) errors[field] = sentence(message);
  }
  return errors;
}

/**
 * The chosen products the discount would sell at MIN_PRICE (some variant brought down to it from
 * above): a warning, not an error, since a giveaway may be meant. The lowest variant price is the
 * first to reach MIN_PRICE, for a percentage and a fixed amount alike.
 */
export function productsMadeFree(
  products: readonly ChosenProduct[],
  discount: { kind: DiscountKind; value: number },
): string[] {
  if (!Number.isInteger(discount.value) || discount.value <= 0) return [];
  return products
    .filter(
      (p) => p.minPrice != null && p.minPrice > MIN_PRICE && applyDiscount(p.minPrice, discount) <= MIN_PRICE,
    )
    .map((p) => p.name);
}

/** "Omena", "Omena and Mala", "Omena, Mala and 2 more". */
export function namesLine(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  if (names.length === 2) return `${names[0]} and ${names[1]}`;
  if (names.length === 3) return `${names[0]}, ${names[1]} and ${names[2]}`;
  return `${names[0]}, ${names[1]} and ${names.length - 2} more`;
}
