import { encodeBase64Url, tryDecodeBase64Url } from '@/lib/base64';

/*
 * The catalogue's addresses. Ids travel URL-safe base64 encoded (docs/behaviour.md#every-page):
 *   /view/category/<base64 category id or slug>
 *   /view/product/<base64 product id>?c=<base64 category id>
 * The category of a product link is the one the shopper came through (for the way back); it is
 * optional, and the page falls back to the product's first category.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a product link needs: search results pass `{ productId: r.id, categoryId: r.categoryId }`. */
export interface ProductLinkTarget {
  productId: string;
  categoryId?: string | null;
  /** Used when `categoryId` is absent: the first is the product's main category. */
  categoryIds?: readonly string[];
  categories?: readonly { categoryId: string }[];
}

function categoryOf(product: ProductLinkTarget): string | undefined {
  return product.categoryId ?? product.categoryIds?.[0] ?? product.categories?.[0]?.categoryId ?? undefined;
}

/** Typed `<Link {...productLink(p)}>` options for the product details page. */
export function productLink(product: ProductLinkTarget) {
  const category = categoryOf(product);
  return {
    to: '/view/product/$productId',
    params: { productId: encodeBase64Url(product.productId) },
    search: category ? { c: encodeBase64Url(category) } : {},
  } as const;
}

/** The product details path as a string, e.g. for `navigate({ href })` or a plain anchor. */
export function productPath(product: ProductLinkTarget): string {
  const { params, search } = productLink(product);
  const query = 'c' in search ? `?c=${search.c}` : '';
  return `/view/product/${params.productId}${query}`;
}

/** Typed `<Link {...categoryLink(c)}>` options for a category page. */
export function categoryLink(category: { categoryId: string }) {
  return {
    to: '/view/category/$category',
    params: { category: encodeBase64Url(category.categoryId) },
  } as const;
}

export function categoryPath(category: { categoryId: string }): string {
  return `/view/category/${categoryLink(category).params.category}`;
}

/** Links made by other tools may keep base64's `=` padding; the URL-safe form has none. */
const decodeSegment = (segment: string) => tryDecodeBase64Url(segment.replace(/=+$/, ''));

/** The product id of a /view/product segment, or null when it is not a base64-encoded UUID. */
export function parseProductParam(segment: string): string | null {
  const decoded = decodeSegment(segment);
  return decoded !== null && UUID.test(decoded) ? decoded.toLowerCase() : null;
}

/** The category id or slug of a /view/category segment (or a `?c=` value), or null when it is not readable. */
export function parseCategoryParam(segment: string | undefined): string | null {
  if (!segment) return null;
  const decoded = decodeSegment(segment)?.trim();
  // Ids and slugs are printable; anything with control characters is a damaged link.
  return decoded && decoded.length <= 200 && [...decoded].every((ch) => ch >= ' ') ? decoded : null;
}
