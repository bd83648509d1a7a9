import { http, HttpResponse } from 'msw';
import {
  Category,
  ImageParams,
  ProductDetail,
  ProductIdParams,
  ProductList,
  ProductListQuery,
  type Attribute,
  type DiscountSummary,
  type Image,
  type ProductSummary,
} from '../../contract/catalogue';
import { countRows, envelope } from '../../contract/common';
import { isDiscountActive, saleInfo } from '../../contract/pricing';
import { mockDb } from '../db';
import {
  imageDataUrl,
  activeVariants,
  imageSvg,
  isShopperVisible,
  shopperProducts,
  type CatalogueFixture,
  type FixtureDiscount,
  type FixtureProduct,
} from '../fixtures/catalogue';
import { errorResponse, invalid, queryObject } from '../http';

/*
 * The catalogue endpoints of the API, answered from the in-memory catalogue with the same rules as
 * server/modules/catalogue (filters, sorts, id tie-breaks, error envelope) and the shared pricing of
 * contract/pricing.ts. Every answer goes through its contract schema first, so a drift from the
 * contract throws here.
 */

// ---- building answers ----------------------------------------------------------------------

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function toCategory(c: CatalogueFixture['categories'][number], catalogue: CatalogueFixture): Category {
  return {
    categoryId: c.id,
    name: c.name,
    icon: c.icon,
    iconPath: c.iconPath,
    color: c.color,
    slug: c.slug,
    productCount: shopperProducts(catalogue).filter((p) => p.categoryIds.includes(c.id)).length,
  };
}

export function toImage(image: CatalogueFixture['images'][number]): Image {
  const urls = {
    thumb: imageDataUrl(image, 'thumb'),
    card: imageDataUrl(image, 'card'),
    detail: imageDataUrl(image, 'detail'),
  };
  return {
    imageId: image.id,
    url: urls.card,
    altText: image.altText,
    width: image.width,
    height: image.height,
    urls,
  };
}

function toAttribute(a: CatalogueFixture['attributes'][number]): Attribute {
  return { attributeId: a.id, name: a.name, values: [...a.values].sort(byString) };
}

function toDiscount(d: FixtureDiscount): DiscountSummary {
  return {
    discountId: d.id,
    name: d.name,
    kind: d.kind,
    value: d.value,
    startsAt: d.startsAt.toISOString(),
    endsAt: d.endsAt ? d.endsAt.toISOString() : null,
  };
}

/** Categories in display order, as the server orders a product's links. */
export function orderedCategoryIds(p: FixtureProduct, catalogue: CatalogueFixture): string[] {
  return catalogue.categories
    .filter((c) => p.categoryIds.includes(c.id))
    .sort((a, b) => a.position - b.position || byString(a.name, b.name) || byString(a.id, b.id))
    .map((c) => c.id);
}

/** Whether a discount names the product, itself or through one of its categories. */
export const discountCovers = (d: FixtureDiscount, p: FixtureProduct) =>
  p.discountIds.includes(d.id) || (d.categoryIds ?? []).some((c) => p.categoryIds.includes(c));

/**
 * The automatic discounts covering a product: the mocks' copy of server/modules/catalogue/
 * discount-pricing.ts (the shop, the cart and checkout all price with it). A discount with a code
 * prices only the carts that typed it, never the catalogue.
 */
export function coveringDiscounts(p: FixtureProduct, catalogue: CatalogueFixture): FixtureDiscount[] {
  return catalogue.discounts.filter((d) => !d.code && discountCovers(d, p));
}

export function activeDiscounts(
  p: FixtureProduct,
  catalogue: CatalogueFixture,
  now: Date,
): FixtureDiscount[] {
  return coveringDiscounts(p, catalogue)
    .filter((d) => isDiscountActive(d, now))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || byString(a.id, b.id));
}

function toSummary(p: FixtureProduct, catalogue: CatalogueFixture, now: Date): ProductSummary {
  const discounts = activeDiscounts(p, catalogue, now);
  const attributeName = (id: string) => catalogue.attributes.find((a) => a.id === id)?.name ?? '';
  return {
    productId: p.id,
    pid: p.pid,
    name: p.name,
    description: p.description,
    recipeTips: p.recipeTips,
    imageIds: [...p.imageIds],
    categoryIds: orderedCategoryIds(p, catalogue),
    discountIds: discounts.map((d) => d.id),
    variants: activeVariants(p).map((v) => ({
      variantId: v.id,
      name: v.name,
      price: v.price,
      quantity: v.quantity,
      isAvailable: v.available && v.quantity > 0,
      attributes: [...v.attributes].sort(
        (a, b) =>
          byString(attributeName(a.attributeId), attributeName(b.attributeId)) ||
          byString(a.attributeId, b.attributeId),
      ),
      saleInfo: saleInfo(v.price, discounts, now),
    })),
  };
}

const firstPrice = (p: FixtureProduct) => activeVariants(p)[0]?.price ?? null;

/** The server's orders, nulls (products without variants) last, ties broken on the id. */
function compareProducts(sort: ProductListQuery['sort']) {
  const primary = (a: FixtureProduct, b: FixtureProduct): number => {
    if (sort === 'newest') return b.createdAt.getTime() - a.createdAt.getTime();
    if (sort === 'name') return byString(a.name.toLowerCase(), b.name.toLowerCase());
    const pa = firstPrice(a);
    const pb = firstPrice(b);
    if (pa === null || pb === null) return pa === pb ? 0 : pa === null ? 1 : -1;
    return sort === 'price_asc' ? pa - pb : pb - pa;
  };
  return (a: FixtureProduct, b: FixtureProduct) => primary(a, b) || byString(a.id, b.id);
}

export function listProducts(query: ProductListQuery, catalogue: CatalogueFixture, now: Date): ProductList {
  const slugCategory = query.category
    ? catalogue.categories.find((c) => c.slug === query.category)
    : undefined;
  // Hidden and archived products are never served to shoppers (issue 10).
  const matches = shopperProducts(catalogue)
    .filter((p) => !query.categoryId || p.categoryIds.includes(query.categoryId))
    .filter((p) => !query.category || (slugCategory !== undefined && p.categoryIds.includes(slugCategory.id)))
    .filter(
      (p) =>
        !query.inStock ||
        activeVariants(p).some((v) => v.available && v.quantity > 0) === (query.inStock === 'true'),
    )
    .sort(compareProducts(query.sort));
  const data = matches
    .slice(query.offset, query.offset + query.limit)
    .map((p) => toSummary(p, catalogue, now));

  const linked: ProductList['linked'] = { categories: {}, images: {}, attributes: {}, discounts: {} };
  for (const p of data) {
    for (const id of p.categoryIds) {
      const c = catalogue.categories.find((x) => x.id === id);
      if (c) linked.categories[id] ??= toCategory(c, catalogue);
    }
    for (const id of p.imageIds) {
      const i = catalogue.images.find((x) => x.id === id);
      if (i) linked.images[id] ??= toImage(i);
    }
    for (const id of p.discountIds) {
      const d = catalogue.discounts.find((x) => x.id === id);
      if (d) linked.discounts[id] ??= toDiscount(d);
    }
    for (const { attributeId } of p.variants.flatMap((v) => v.attributes)) {
      const a = catalogue.attributes.find((x) => x.id === attributeId);
      if (a) linked.attributes[attributeId] ??= toAttribute(a);
    }
  }
  return { data, meta: { total: matches.length, limit: query.limit, offset: query.offset }, linked };
}

export function productDetail(p: FixtureProduct, catalogue: CatalogueFixture, now: Date): ProductDetail {
  const summary = toSummary(p, catalogue, now);
  const attributeIds = [...new Set(summary.variants.flatMap((v) => v.attributes.map((a) => a.attributeId)))];
  return {
    ...summary,
    categories: summary.categoryIds.flatMap((id) => {
      const c = catalogue.categories.find((x) => x.id === id);
      return c ? [toCategory(c, catalogue)] : [];
    }),
    images: summary.imageIds.flatMap((id) => {
      const i = catalogue.images.find((x) => x.id === id);
      return i ? [toImage(i)] : [];
    }),
    discounts: activeDiscounts(p, catalogue, now).map(toDiscount),
    attributes: catalogue.attributes
      .filter((a) => attributeIds.includes(a.id))
      .sort((a, b) => byString(a.name, b.name) || byString(a.id, b.id))
      .map(toAttribute),
  };
}

/** Every category in landing-page order (position, then name and id), as `GET /v1/categories` lists them. */
export function categoryList(catalogue: CatalogueFixture): { count: number; rows: Category[] } {
  const rows = [...catalogue.categories]
    .sort((a, b) => a.position - b.position || byString(a.name, b.name) || byString(a.id, b.id))
    .map((c) => toCategory(c, catalogue));
  return { count: rows.length, rows };
}

// ---- handlers ------------------------------------------------------------------------------

const ProductListBody = ProductList;
const ProductDetailBody = envelope(ProductDetail);
const CategoriesBody = envelope(countRows(Category));

/** MSW handlers for the catalogue endpoints; add them to the app's handler list. */
export const catalogueHandlers = [
  http.get('*/api/v2/products', ({ request }) => {
    const query = ProductListQuery.safeParse(queryObject(new URL(request.url)));
    if (!query.success) return invalid('query', query.error);
    return HttpResponse.json(ProductListBody.parse(listProducts(query.data, mockDb.catalogue, new Date())));
  }),

  http.get('*/api/v1/products/:id', ({ params }) => {
    const parsed = ProductIdParams.safeParse(params);
    if (!parsed.success) return invalid('param', parsed.error);
    const product = mockDb.catalogue.products.find((p) => p.id === parsed.data.id && isShopperVisible(p));
    if (!product) return errorResponse(404, 'not_found', 'Product was not found.');
    return HttpResponse.json(
      ProductDetailBody.parse({ data: productDetail(product, mockDb.catalogue, new Date()) }),
    );
  }),

  http.get('*/api/v1/categories', () => {
    return HttpResponse.json(CategoriesBody.parse({ data: categoryList(mockDb.catalogue) }));
  }),

  http.get('*/api/v1/assets/image/:imageId/:size', ({ params }) => {
    const parsed = ImageParams.safeParse(params);
    if (!parsed.success) return invalid('param', parsed.error);
    const image = mockDb.catalogue.images.find((i) => i.id === parsed.data.imageId);
    if (!image) return errorResponse(404, 'not_found', 'Image was not found.');
    const bytes = new TextEncoder().encode(imageSvg(image, parsed.data.size));
    return new HttpResponse(bytes, {
      status: 200,
      headers: {
        'Content-Type': 'image/svg+xml',
        'Content-Length': String(bytes.byteLength),
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
        ETag: `"${image.id}-${parsed.data.size}"`,
      },
    });
  }),
];
