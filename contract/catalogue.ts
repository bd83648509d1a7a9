import { z } from 'zod';
import { ListMeta, pageParams, Uuid } from './common';

/** Whole Kenyan shillings; the server never sends fractions. */
const Ksh = z.number().int().positive();

/** The renditions every stored image has, smallest first. */
const IMAGE_SIZES = ['thumb', 'card', 'detail'] as const;
export const ImageSize = z.enum(IMAGE_SIZES).meta({ id: 'ImageSize' });
export type ImageSize = z.infer<typeof ImageSize>;

export const Category = z
  .object({
    categoryId: Uuid,
    name: z.string(),
    /** Material Design Icons export name, e.g. `mdiFish`. */
    icon: z.string(),
    /** That icon's SVG path data, so the shop draws any icon without shipping the icon set. */
    iconPath: z.string(),
    /** A theme colour palette name (e.g. `green`), never a hex value. */
    color: z.string(),
    slug: z.string(),
    productCount: z.number().int().nonnegative(),
  })
  .meta({ id: 'Category' });
export type Category = z.infer<typeof Category>;

export const Image = z
  .object({
    imageId: Uuid,
    /** The card rendition, what lists show. */
    url: z.string().min(1),
    altText: z.string(),
    /** Size of the largest rendition. */
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    urls: z.object({ thumb: z.string().min(1), card: z.string().min(1), detail: z.string().min(1) }),
  })
  .meta({ id: 'Image' });
export type Image = z.infer<typeof Image>;

export const Attribute = z
  .object({ attributeId: Uuid, name: z.string(), values: z.array(z.string()) })
  .meta({ id: 'Attribute' });
export type Attribute = z.infer<typeof Attribute>;

export const VariantAttribute = z
  .object({ attributeId: Uuid, value: z.string() })
  .meta({ id: 'VariantAttribute' });
export type VariantAttribute = z.infer<typeof VariantAttribute>;

export const SaleInfo = z
  .object({
    onSale: z.boolean(),
    /** The best price after the discounts active now; null when not on sale. */
    discountedPrice: Ksh.nullable(),
  })
  .meta({ id: 'SaleInfo' });
export type SaleInfo = z.infer<typeof SaleInfo>;

export const Variant = z
  .object({
    variantId: Uuid,
    name: z.string(),
    price: Ksh,
    quantity: z.number().int().nonnegative(),
    isAvailable: z.boolean(),
    attributes: z.array(VariantAttribute),
    saleInfo: SaleInfo,
  })
  .meta({ id: 'Variant' });
export type Variant = z.infer<typeof Variant>;

export const DiscountKind = z.enum(['percentage', 'fixed']).meta({ id: 'DiscountKind' });
export type DiscountKind = z.infer<typeof DiscountKind>;

export const DiscountSummary = z
  .object({
    discountId: Uuid,
    name: z.string(),
    kind: DiscountKind,
    /** Percent (1–100) for `percentage`, whole KSH off for `fixed`. */
    value: z.number().int().positive(),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'DiscountSummary' });
export type DiscountSummary = z.infer<typeof DiscountSummary>;

/** A product as lists carry it: related records by id, variants expanded (first = the card's). */
export const ProductSummary = z
  .object({
    productId: Uuid,
    pid: z.string(),
    name: z.string(),
    description: z.string(),
    /** Sanitised HTML. */
    recipeTips: z.string(),
    imageIds: z.array(Uuid),
    categoryIds: z.array(Uuid),
    /** The discounts active now. */
    discountIds: z.array(Uuid),
    variants: z.array(Variant),
  })
  .meta({ id: 'ProductSummary' });
export type ProductSummary = z.infer<typeof ProductSummary>;

export const ProductList = z
  .object({
    data: z.array(ProductSummary),
    meta: ListMeta,
    /** Each record the page refers to, once, keyed by its id. */
    linked: z.object({
      categories: z.record(Uuid, Category),
      images: z.record(Uuid, Image),
      attributes: z.record(Uuid, Attribute),
      discounts: z.record(Uuid, DiscountSummary),
    }),
  })
  .meta({ id: 'ProductList' });
export type ProductList = z.infer<typeof ProductList>;

/**
 * One product with its related records inline. `attributes` (an addition to the list item) names
 * the attributes its variants use, so the page can show "name: value" without another call.
 */
export const ProductDetail = ProductSummary.extend({
  categories: z.array(Category),
  images: z.array(Image),
  discounts: z.array(DiscountSummary),
  attributes: z.array(Attribute),
}).meta({ id: 'ProductDetail' });
export type ProductDetail = z.infer<typeof ProductDetail>;

const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'name'] as const;
export const ProductSort = z.enum(PRODUCT_SORTS).meta({ id: 'ProductSort' });
export type ProductSort = z.infer<typeof ProductSort>;

const PRODUCT_PAGE_DEFAULT = 24;
const PRODUCT_PAGE_MAX = 100;

/** Query of `GET /api/v2/products`; values arrive as strings and are coerced. */
export const ProductListQuery = z
  .object({
    ...pageParams(PRODUCT_PAGE_DEFAULT, PRODUCT_PAGE_MAX),
    categoryId: Uuid.optional(),
    /** A category slug, for pages addressed by slug; combined with categoryId when both are sent. */
    category: z.string().min(1).max(200).optional(),
    sort: ProductSort.default('newest'),
    /** `true`: only products with a variant in stock; `false`: only products with none. */
    inStock: z.enum(['true', 'false']).optional(),
  })
  .meta({ id: 'ProductListQuery' });
export type ProductListQuery = z.infer<typeof ProductListQuery>;
/** What a caller may send (numbers or strings, everything optional). */
export type ProductListParams = z.input<typeof ProductListQuery>;

export const ProductIdParams = z.object({ id: Uuid }).meta({ id: 'ProductIdParams' });
export const ImageParams = z.object({ imageId: Uuid, size: ImageSize });

/** Path of an image rendition, as `Image.urls` carries it. */
export const imagePath = (imageId: string, size: ImageSize) => `/api/v1/assets/image/${imageId}/${size}`;
