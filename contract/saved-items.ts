import { z } from 'zod';
import { ProductList } from './catalogue';
import { Uuid } from './common';

/** `POST /v1/saved-items`: saving a product twice is the same as once. */
export const SaveItemBody = z.strictObject({ productId: Uuid }).meta({ id: 'SaveItemBody' });
export type SaveItemBody = z.infer<typeof SaveItemBody>;

export const SavedItemParams = z.object({ productId: Uuid });

/**
 * `GET /v1/saved-items`: the saved products, most recently saved first, as the product list carries
 * them (current price, sale and stock in `variants`) with their linked records.
 */
export const SavedItems = z
  .object({
    count: z.number().int().nonnegative(),
    rows: ProductList.shape.data,
    linked: ProductList.shape.linked,
  })
  .meta({ id: 'SavedItems' });
export type SavedItems = z.infer<typeof SavedItems>;

/** What saving or unsaving answers: the product and whether it is saved now. */
export const SavedItemState = z
  .object({ productId: Uuid, saved: z.boolean() })
  .meta({ id: 'SavedItemState' });
export type SavedItemState = z.infer<typeof SavedItemState>;
