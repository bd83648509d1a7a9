import type { DiscountKind } from '@contract/catalogue';
import { DiscountBody, type Discount } from '@contract/discounts';
import { fromNairobiInput, toNairobiInput } from '@contract/nairobi-time';
import { applyDiscount, MIN_PRICE } from '@contract/pricing';

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
});

export const draftFromDiscount = (d: Discount): DiscountDraft => ({
  name: d.name,
  kind: d.kind,
  value: String(d.value),
  products: d.products.map((p) => ({ productId: p.productId, name: p.name })),
  categories: d.categories.map((c) => ({ categoryId: c.categoryId, name: c.name })),
  startsAt: toNairobiInput(d.startsAt),
  endsAt: d.endsAt ? toNairobiInput(d.endsAt) : '',
  active: d.active,
  usageLimit: d.usageLimit === null ? '' : String(d.usageLimit),
});

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

  const limitText = draft.usageLimit.trim();
  const usageLimit = limitText ? numberOf(limitText) : null;
  if (usageLimit !== null && Number.isNaN(usageLimit)) early.usageLimit = 'Must be a number.';

  const parsed = DiscountBody.safeParse({
    name: draft.name,
    kind: draft.kind,
    value,
    productIds: draft.products.map((p) => p.productId),
    categoryIds: draft.categories.map((c) => c.categoryId),
    startsAt: startsAt ?? '',
    endsAt,
    active: draft.active,
    usageLimit,
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
