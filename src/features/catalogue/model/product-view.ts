import type {
  Category,
  Image,
  ProductDetail,
  ProductList,
  ProductSummary,
  Variant,
} from '@contract/catalogue';
import { translate } from '@/lib/i18n';

/**
 * A product with its related records resolved, whichever answer it came from (a list page with its
 * `linked` records, or a detail). Cards, the details page and the cart read this one shape.
 */
export interface ProductView {
  productId: string;
  pid: string;
  name: string;
  description: string;
  /** Sanitised on the server; sanitised again before it is shown (see sanitize-html). */
  recipeTips: string;
  images: Image[];
  categories: Category[];
  /** In position order; the first is the card's. */
  variants: Variant[];
  /** Attribute names by id, for "name: value" labels. */
  attributeNames: Record<string, string>;
}

const defined = <T>(value: T | undefined): value is T => value !== undefined;

/** The fields every answer carries as they are. */
const ownFields = (p: ProductSummary) => ({
  productId: p.productId,
  pid: p.pid,
  name: p.name,
  description: p.description,
  recipeTips: p.recipeTips,
  variants: p.variants,
});

export function viewFromSummary(product: ProductSummary, linked: ProductList['linked']): ProductView {
  return {
    ...ownFields(product),
    images: product.imageIds.map((id) => linked.images[id]).filter(defined),
    categories: product.categoryIds.map((id) => linked.categories[id]).filter(defined),
    attributeNames: Object.fromEntries(Object.values(linked.attributes).map((a) => [a.attributeId, a.name])),
  };
}

export function viewFromDetail(product: ProductDetail): ProductView {
  return {
    ...ownFields(product),
    images: product.images,
    categories: product.categories,
    attributeNames: Object.fromEntries(product.attributes.map((a) => [a.attributeId, a.name])),
  };
}

/** The variant cards show and add (the first one: docs/behaviour.md#entities). */
export const cardVariant = (product: ProductView): Variant | undefined => product.variants[0];

/**
 * 'name: value' of each attribute of a variant (docs/behaviour.md#product-card); an attribute whose name
 * is unknown is called `unnamed` (a component passes its `t('option')`, which the server renders too).
 */
export function attributeLabels(
  product: Pick<ProductView, 'attributeNames'>,
  variant: Variant,
  unnamed: string = translate('catalogue:option'),
): string[] {
  return variant.attributes.map((a) => `${product.attributeNames[a.attributeId] ?? unnamed}: ${a.value}`);
}

/** Units that can be bought now. */
export const stockOf = (variant: Pick<Variant, 'quantity' | 'isAvailable'> | undefined): number =>
  variant && variant.isAvailable ? variant.quantity : 0;

export const isInStock = (variant: Pick<Variant, 'quantity' | 'isAvailable'> | undefined): boolean =>
  stockOf(variant) > 0;
