// The keys a refusal's sentences may name, apart from the refusals themselves (contract/stock.ts):
// the storefront reads them in its first load, and contract/stock.ts imports the cart's zod schemas.

/**
 * One sentence of a refusal in words the storefront says in the shopper's language: a key of its
 * `forms` catalogue (`refusal.<key>`) and the values it fills in. The stock and cart refusals carry them in
 * the error body (`words`), beside the English `message`, which the English catalogue repeats exactly.
 */
export const REFUSAL_WORD_KEYS = [
  'outOfStock',
  'cartFull',
  'lineMax',
  'notEnoughStock',
  'noLongerSold',
  'justSoldOut',
  'onlyLeft',
  'hintCart',
  'hintOrder',
] as const;

export interface RefusalWords {
  key: (typeof REFUSAL_WORD_KEYS)[number];
  values?: Record<string, string | number>;
}
