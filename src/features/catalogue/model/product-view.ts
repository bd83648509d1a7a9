import type {
  Category,
  Image,
  ProductDetail,
  ProductList,
  ProductSummary,
  Variant,
} from '@contract/catalogue';

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

export function viewFromSummary(product: ProductSummary, linked: ProductList['linked']): ProductView {
  return {
    productId: product.productId,
    pid: product.pid,
    name: product.name,
    description: product.description,
    recipeTips: product.recipeTips,
    images: product.imageIds.map((id) => linked.images[id]).filter(defined),
    categories: product.categoryIds.map((id) => linked.categories[id]).filter(defined),
    variants: product.variants,
    attributeNames: Object.fromEntries(Object.values(linked.attributes).map((a) => [a.attributeId, a.name])),
  };
}

export function viewFromDetail(product: ProductDetail): ProductView {
  return {
    productId: product.productId,
    pid: product.pid,
    name: product.name,
    description: product.description,
    recipeTips: product.recipeTips,
    images: product.images,
    categories: product.categories,
    variants: product.variants,
    attributeNames: Object.fromEntries(product.attributes.map((a) => [a.attributeId, a.name])),
  };
}

/** The variant cards show and add (spec §3: the first one). */
export const cardVariant = (product: ProductView): Variant | undefined => product.variants[0];

/** 'name: value' of each attribute of a variant (spec §2). */
export function attributeLabels(product: Pick<ProductView, 'attributeNames'>, variant: Variant): string[] {
  return variant.attributes.map((a) => `${product.attributeNames[a.attributeId] ?? 'Option'}: ${a.value}`);
}

/** What one unit costs now: the sale price while on sale. */
export function unitPrice(variant: Pick<Variant, 'price' | 'saleInfo'>): number {
  const { onSale, discountedPrice } = variant.saleInfo;
  return onSale && discountedPrice !== null ? discountedPrice : variant.price;
}

/** Spec §9: rounded (price − discounted price) / price, as a whole percent; null when not on sale. */
export function salePercent(variant: Pick<Variant, 'price' | 'saleInfo'>): number | null {
  const { onSale, discountedPrice } = variant.saleInfo;
  if (!onSale || discountedPrice === null || discountedPrice >= variant.price) return null;
  return Math.round(((variant.price - discountedPrice) / variant.price) * 100);
}

/** Units that can be bought now. */
export const stockOf = (variant: Pick<Variant, 'quantity' | 'isAvailable'> | undefined): number =>
  variant && variant.isAvailable ? variant.quantity : 0;

export const isInStock = (variant: Pick<Variant, 'quantity' | 'isAvailable'> | undefined): boolean =>
  stockOf(variant) > 0;
