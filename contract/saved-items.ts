import { z } from 'zod';
import { ProductList } from './catalogue';
import { Uuid } from './common';

/** `POST /v1/saved-items`: saving a product twice is the same as once. */
export const SaveItemBody = z.strictObject({ productId: Uuid }).meta({ id: 'SaveItemBody' });
export type SaveItemBody = z.infer<typeof SaveItemBody>;

export const SavedItemParams = z.object({ productId: Uuid });

/**
 * What the shopper saw when saving a product (see contract/saved-news.ts): the card's price then,
 * after discounts, and whether it could be bought; null for items saved before the shop kept them.
 */
export const SavedSnapshot = z
  .object({
    productId: Uuid,
    savedAt: z.iso.datetime({ offset: true }),
    priceThen: z.number().int().positive().nullable(),
    inStockThen: z.boolean().nullable(),
  })
  .meta({ id: 'SavedSnapshot' });
export type SavedSnapshot = z.infer<typeof SavedSnapshot>;

/**
 * `GET /v1/saved-items`: the saved products, most recently saved first, as the product list carries
 * them (current price, sale and stock in `variants`) with their linked records, and in `saved` (same
 * order) what each was like when it was saved.
 */
export const SavedItems = z
  .object({
    count: z.number().int().nonnegative(),
    rows: ProductList.shape.data,
    linked: ProductList.shape.linked,
    saved: z.array(SavedSnapshot),
  })
  .meta({ id: 'SavedItems' });
export type SavedItems = z.infer<typeof SavedItems>;

/** What saving or unsaving answers: the product and whether it is saved now. */
export const SavedItemState = z
  .object({ productId: Uuid, saved: z.boolean() })
  .meta({ id: 'SavedItemState' });
export type SavedItemState = z.infer<typeof SavedItemState>;
