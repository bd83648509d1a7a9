import { z } from 'zod';
import { Attribute } from './catalogue';
import { Uuid } from './common';
import { CATEGORY_COLORS } from './category-colors';
import { ATTRIBUTE_VALUES_MAX, name, NAME_MAX } from './admin-common';

// The back office's categories and attributes: inputs, ordering, deletions and their messages.

// ── Categories ──────────────────────────────────────────────────────────────────────────────────

const CategoryColor = z.enum(CATEGORY_COLORS).meta({ id: 'CategoryColor' });

/** `POST /v1/categories` and `PUT /v1/categories/{id}`. */
export const CategoryInput = z
  .strictObject({
    name: name(NAME_MAX, 'the category name', 'Enter a category name, e.g. Vegetables.'),
    /** A Material Design Icons export name, e.g. `mdiFish`. */
    icon: z
      .string()
      .regex(/^mdi[A-Z][A-Za-z0-9]*$/, 'Choose an icon: a Material Design icon name such as mdiFish.'),
    color: CategoryColor,
  })
  .meta({ id: 'CategoryInput' });
export type CategoryInput = z.infer<typeof CategoryInput>;

export const CategoryIdParams = z.object({ id: Uuid });

/** `DELETE /v1/categories/{id}?moveTo=`: its products move there, or stay uncategorised without it. */
export const DeleteCategoryQuery = z.object({ moveTo: Uuid.optional() }).meta({ id: 'DeleteCategoryQuery' });

/** `POST /v1/categories/reorder`: every category id, in the new landing-page order. */
export const CategoryOrder = z
  .strictObject({
    categoryIds: z
      .array(Uuid)
      .min(1)
      .refine((ids) => new Set(ids).size === ids.length, 'Choose each category only once.'),
  })
  .meta({ id: 'CategoryOrder' });
export type CategoryOrder = z.infer<typeof CategoryOrder>;

/** What deleting a category answers: how many products it held and where they went (null: nowhere). */
export const CategoryDeleted = z
  .object({ categoryId: Uuid, products: z.number().int().nonnegative(), movedTo: Uuid.nullable() })
  .meta({ id: 'CategoryDeleted' });
export type CategoryDeleted = z.infer<typeof CategoryDeleted>;

// ── Attributes ──────────────────────────────────────────────────────────────────────────────────

/**
 * The order attributes and their values are listed in, on the server and in the mocks alike: by
 * words, numbers by value (`2 kg` before `10 kg`), letter case aside.
 */
export const compareText = (a: string, b: string): number =>
  a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0);

/** An attribute with how many products use it, and each value (in `compareText` order). */
export const AdminAttribute = Attribute.extend({
  productCount: z.number().int().nonnegative(),
  /** Products using each value; a value no product uses is 0 (eager lists only). */
  valueCounts: z.record(z.string(), z.number().int().nonnegative()),
}).meta({ id: 'AdminAttribute' });
export type AdminAttribute = z.infer<typeof AdminAttribute>;

/** `GET /v1/attribute`: `eager=true` fills each attribute's values (and their counts). */
export const AttributeListQuery = z
  .object({ eager: z.enum(['true', 'false']).default('false') })
  .meta({ id: 'AttributeListQuery' });

/** `POST /v1/attribute` and `PUT /v1/attribute/{attributeId}` (the attribute without its id). */
export const AttributeInput = z
  .strictObject({
    name: name(NAME_MAX, 'the attribute name', 'Enter an attribute name, e.g. Weight.'),
    values: z
      .array(name(NAME_MAX, 'the value', 'Enter a value, e.g. 500 g.'))
      .max(ATTRIBUTE_VALUES_MAX)
      .refine((v) => new Set(v.map((x) => x.toLowerCase())).size === v.length, 'Give each value only once.'),
  })
  .meta({ id: 'AttributeInput' });
export type AttributeInput = z.infer<typeof AttributeInput>;

export const AttributeIdParams = z.object({ attributeId: Uuid });

/**
 * `?force=true` on a delete (or a PUT that drops values) that touches values products use: without
 * it the answer is 409 `in_use` naming how many products; with it the values leave those variants.
 */
export const ForceQuery = z
  .object({ force: z.enum(['true', 'false']).default('false') })
  .meta({ id: 'ForceQuery' });

/** `DELETE /v1/attribute/{attributeId}/value`. */
export const AttributeValueBody = z
  .strictObject({ value: name(NAME_MAX, 'the value', 'Enter a value, e.g. 500 g.') })
  .meta({ id: 'AttributeValueBody' });
export type AttributeValueBody = z.infer<typeof AttributeValueBody>;

/** What deleting an attribute answers: how many products' variants lost its values. */
export const AttributeDeleted = z
  .object({ attributeId: Uuid, products: z.number().int().nonnegative() })
  .meta({ id: 'AttributeDeleted' });
export type AttributeDeleted = z.infer<typeof AttributeDeleted>;

/** The 409 `duplicate_name` message for a category or attribute whose name (in any case) is taken. */
export const duplicateNameMessage = (kind: 'category' | 'attribute', name: string) =>
  `${kind === 'category' ? 'A category' : 'An attribute'} named "${name}" already exists. Choose another name.`;

/** The 409 `in_use` details: how many products the change would touch. */
export const inUseMessage = (what: string, products: number) =>
  `${what} is used by ${products} product${products === 1 ? '' : 's'}. Delete it anyway to remove it from ${products === 1 ? 'it' : 'them'}.`;
