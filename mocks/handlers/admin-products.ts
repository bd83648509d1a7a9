import { http, HttpResponse } from 'msw';
import {
  ActivityList,
  ActivityQuery,
  AdminProduct,
  AdminProductList,
  AdminProductQuery,
  altTextSummary,
  fileLabel,
  IF_MATCH_REQUIRED,
  IfMatchHeaders,
  ifMatchVersion,
  ImageIdParams,
  ImagePatch,
  imageUploadedSummary,
  ImageUploadForm,
  NOT_MULTIPART_MESSAGE,
  PRODUCT_VERSION_CONFLICT,
  productCreatedSummary,
  ProductInput,
  ProductPatch,
  productPatchActivity,
  productSaveSummary,
  UPLOAD_BYTES_MAX,
  UploadedImages,
  uploadRefusal,
  type AdminProductRow,
  type ProductSnapshot,
  type ProductStatus,
  type UploadProblem,
} from '../../contract/admin';
import { Image, ProductIdParams } from '../../contract/catalogue';
import { envelope, validationMessage, zodIssues, type Issue } from '../../contract/common';
import { saleInfo } from '../../contract/pricing';
import { sanitizeRecipeTips } from '../../contract/recipe-tips';
import { adminOf, recordActivity } from '../admin';
import type { MockUser } from '../auth-db';
import { mockDb } from '../db';
import {
  activeVariants,
  imageDataUrl,
  type CatalogueFixture,
  type FixtureImage,
  type FixtureProduct,
  type FixtureVariant,
} from '../fixtures/catalogue';
import { errorResponse, invalid, jsonBody, queryObject } from '../http';
import { activeDiscounts, orderedCategoryIds, toImage } from './catalogue';

/*
 * The back office's product, image and activity calls (contract/admin.ts), answered from the
 * in-memory catalogue with the server's refusals: 401/403 for anyone but an admin, 400 with
 * `issues`, 404, 428 without If-Match and 409 on a stale version. Hidden and archived products
 * stay here; the shopper handlers (catalogue.ts, search.ts) leave them out.
 */

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const statusOf = (p: FixtureProduct): ProductStatus =>
  p.archivedAt ? 'archived' : p.hidden ? 'hidden' : 'visible';

function adminProduct(p: FixtureProduct, catalogue: CatalogueFixture, now: Date): AdminProduct {
  const discounts = activeDiscounts(p, catalogue, now);
  // Active variants in position order, then the archived ones.
  const variants = [...activeVariants(p), ...p.variants.filter((v) => v.archivedAt !== null)];
  return AdminProduct.parse({
    productId: p.id,
    pid: p.pid,
    name: p.name,
    description: p.description,
    recipeTips: p.recipeTips,
    categoryIds: orderedCategoryIds(p, catalogue),
    imageIds: [...p.imageIds],
    images: p.imageIds.flatMap((id) => {
      const image = catalogue.images.find((i) => i.id === id);
      return image ? [toImage(image)] : [];
    }),
    variants: variants.map((v) => ({
      variantId: v.id,
      name: v.name,
      price: v.price,
      quantity: v.quantity,
      // The admin's switch, as the server sends it here (the shop's isAvailable also needs stock).
      isAvailable: v.available,
      attributes: v.attributes.map((a) => ({ ...a })),
      saleInfo: saleInfo(v.price, discounts, now),
      archivedAt: v.archivedAt?.toISOString() ?? null,
    })),
    status: statusOf(p),
    hidden: p.hidden,
    archivedAt: p.archivedAt?.toISOString() ?? null,
    version: p.version,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  });
}

function adminRow(p: FixtureProduct, catalogue: CatalogueFixture, now: Date): AdminProductRow {
  const variants = activeVariants(p);
  const prices = variants.map((v) => v.price);
  const discounts = activeDiscounts(p, catalogue, now);
  const card = catalogue.images.find((i) => i.id === p.imageIds[0]);
  return {
    productId: p.id,
    pid: p.pid,
    name: p.name,
    thumbUrl: card ? imageDataUrl(card, 'thumb') : null,
    categories: orderedCategoryIds(p, catalogue).flatMap((id) => {
      const c = catalogue.categories.find((x) => x.id === id);
      return c ? [{ categoryId: c.id, name: c.name }] : [];
    }),
    minPrice: prices.length ? Math.min(...prices) : 0,
    maxPrice: prices.length ? Math.max(...prices) : 0,
    totalStock: variants.reduce((n, v) => n + v.quantity, 0),
    variantCount: variants.length,
    onSale: variants.some((v) => saleInfo(v.price, discounts, now).onSale),
    status: statusOf(p),
    version: p.version,
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** Products without active variants have no price or stock: they sort apart (as SQL's nulls). */
const withoutVariantsLast = (a: AdminProductRow, b: AdminProductRow) =>
  Number(a.variantCount === 0) - Number(b.variantCount === 0);

/** The orders of contract/admin.ts ADMIN_PRODUCT_SORTS, as the server's SQL has them. */
function compareRows(sort: AdminProductQuery['sort']) {
  const primary = (a: AdminProductRow, b: AdminProductRow, pa: FixtureProduct, pb: FixtureProduct) => {
    switch (sort) {
      case 'newest':
        return pb.createdAt.getTime() - pa.createdAt.getTime();
      case 'name':
        return byString(a.name.toLowerCase(), b.name.toLowerCase());
      // By the lowest active price either way; products without active variants last either way.
      case 'price_asc':
        return withoutVariantsLast(a, b) || a.minPrice - b.minPrice;
      case 'price_desc':
        return withoutVariantsLast(a, b) || b.minPrice - a.minPrice;
      case 'stock':
        // Lowest stock first, what needs restocking; products without active variants before all.
        return -withoutVariantsLast(a, b) || a.totalStock - b.totalStock;
      default:
        return pb.updatedAt.getTime() - pa.updatedAt.getTime();
    }
  };
  return (a: { row: AdminProductRow; p: FixtureProduct }, b: { row: AdminProductRow; p: FixtureProduct }) =>
    primary(a.row, b.row, a.p, b.p) || byString(a.p.id, b.p.id);
}

export function listAdminProducts(
  query: AdminProductQuery,
  catalogue: CatalogueFixture,
  now: Date,
): AdminProductList {
  const q = query.q?.toLowerCase();
  const matches = catalogue.products
    .filter((p) => (query.status ? statusOf(p) === query.status : p.archivedAt === null))
    .filter((p) => !q || p.name.toLowerCase().includes(q) || p.pid.toLowerCase().includes(q))
    .filter((p) => !query.categoryId || p.categoryIds.includes(query.categoryId))
    .map((p) => ({ p, row: adminRow(p, catalogue, now) }))
    .sort(compareRows(query.sort));
  return {
    data: matches.slice(query.offset, query.offset + query.limit).map((m) => m.row),
    meta: { total: matches.length, limit: query.limit, offset: query.offset },
  };
}

// ---- writes ----------------------------------------------------------------------------------

const validation = (issues: Issue[]) =>
  errorResponse(400, 'validation_failed', `Invalid json: ${issues[0]!.path}: ${issues[0]!.message}.`, issues);

/** The references of a product body the schema cannot check: categories, images, attributes, variants. */
function referenceIssues(
  input: ProductInput,
  catalogue: CatalogueFixture,
  product?: FixtureProduct,
): Issue[] {
  const issues: Issue[] = [];
  input.categoryIds.forEach((id, i) => {
    if (!catalogue.categories.some((c) => c.id === id))
      issues.push({ path: `categoryIds.${i}`, message: 'no such category' });
  });
  input.imageIds.forEach((id, i) => {
    if (!catalogue.images.some((img) => img.id === id))
      issues.push({ path: `imageIds.${i}`, message: 'no such image' });
  });
  input.variants.forEach((v, i) => {
    if (v.variantId && !product?.variants.some((x) => x.id === v.variantId))
      issues.push({ path: `variants.${i}.variantId`, message: 'not a variant of this product' });
    v.attributes.forEach((a, j) => {
      if (!catalogue.attributes.some((x) => x.id === a.attributeId))
        issues.push({ path: `variants.${i}.attributes.${j}.attributeId`, message: 'no such attribute' });
    });
  });
  return issues;
}

/** Writes a valid body onto a product: new attribute values join their attribute, dropped variants are archived. */
function applyInput(input: ProductInput, product: FixtureProduct, catalogue: CatalogueFixture, now: Date) {
  for (const { attributeId, value } of input.variants.flatMap((v) => v.attributes)) {
    const attribute = catalogue.attributes.find((a) => a.id === attributeId)!;
    if (!attribute.values.some((x) => x.toLowerCase() === value.toLowerCase())) attribute.values.push(value);
  }
  const kept: FixtureVariant[] = input.variants.map((v) => {
    const existing = v.variantId ? product.variants.find((x) => x.id === v.variantId) : undefined;
    return {
      id: existing?.id ?? crypto.randomUUID(),
      name: v.name,
      price: v.price,
      quantity: v.quantity,
      available: v.isAvailable,
      attributes: v.attributes.map((a) => {
        // An existing value keeps the spelling the attribute has.
        const attribute = catalogue.attributes.find((x) => x.id === a.attributeId)!;
        const value = attribute.values.find((x) => x.toLowerCase() === a.value.toLowerCase()) ?? a.value;
        return { attributeId: a.attributeId, value };
      }),
      archivedAt: null,
    };
  });
  const dropped = product.variants
    .filter((v) => !kept.some((k) => k.id === v.id))
    .map((v) => ({ ...v, archivedAt: v.archivedAt ?? now }));
  Object.assign(product, {
    name: input.name,
    description: input.description,
    recipeTips: sanitizeRecipeTips(input.recipeTips),
    categoryIds: [...input.categoryIds],
    imageIds: [...input.imageIds],
    hidden: input.hidden,
    variants: [...kept, ...dropped],
    updatedAt: now,
  });
}

function nextPid(catalogue: CatalogueFixture): string {
  const numbers = catalogue.products.map((p) => Number(/^SKN-(\d+)$/.exec(p.pid)?.[1] ?? 0));
  return `SKN-${Math.max(10000, ...numbers) + 1}`;
}

/** The product as a save finds it, for the activity summary. */
const snapshot = (p: FixtureProduct): ProductSnapshot => ({
  name: p.name,
  description: p.description,
  recipeTips: p.recipeTips,
  hidden: p.hidden,
  categoryIds: [...p.categoryIds],
  imageIds: [...p.imageIds],
  variants: p.variants.map((v) => ({
    id: v.id,
    name: v.name,
    price: v.price,
    quantity: v.quantity,
    available: v.available,
    archived: v.archivedAt !== null,
  })),
});

/** The product id of the path, or its 400 (checked before the body, as the server's validators). */
function productIdOf(params: unknown): { id: string } | { error: Response } {
  const parsed = ProductIdParams.safeParse(params);
  return parsed.success ? parsed.data : { error: invalid('param', parsed.error) };
}

function findProduct(id: string): { product: FixtureProduct } | { error: Response } {
  const product = mockDb.catalogue.products.find((p) => p.id === id);
  if (!product) return { error: errorResponse(404, 'not_found', 'Product was not found.') };
  return { product };
}

const answer = (p: FixtureProduct, status = 200) =>
  HttpResponse.json(envelope(AdminProduct).parse({ data: adminProduct(p, mockDb.catalogue, new Date()) }), {
    status,
    headers: { ETag: `"${p.version}"`, 'Cache-Control': 'no-store' },
  });

/** Hides, shows, archives or restores; a write that flips anything leaves one entry saying what. */
function applyPatch(product: FixtureProduct, patch: ProductPatch, admin: MockUser, now: Date) {
  const flipped: { hidden?: boolean; archived?: boolean } = {};
  if (patch.hidden !== undefined && patch.hidden !== product.hidden) flipped.hidden = patch.hidden;
  if (patch.archived !== undefined && patch.archived !== (product.archivedAt !== null))
    flipped.archived = patch.archived;
  const entry = productPatchActivity(flipped);
  if (!entry) return;
  if (flipped.hidden !== undefined) product.hidden = flipped.hidden;
  if (flipped.archived !== undefined) product.archivedAt = flipped.archived ? now : null;
  product.version += 1;
  product.updatedAt = now;
  recordActivity(admin, 'product', product.id, entry.action, entry.summary);
}

// ---- images ----------------------------------------------------------------------------------

const SIGNATURES: { type: string; test: (b: Uint8Array) => boolean }[] = [
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/png',
    test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x),
  },
  {
    type: 'image/webp',
    test: (b) =>
      String.fromCharCode(...b.slice(0, 4)) === 'RIFF' && String.fromCharCode(...b.slice(8, 12)) === 'WEBP',
  },
];

/** The type a file's first bytes prove, whatever its name and declared type say (as the server). */
const sniffImageType = (bytes: Uint8Array) => SIGNATURES.find((s) => s.test(bytes))?.type ?? null;

/**
 * What the server would refuse a file for, as far as the mock can tell without decoding it: empty,
 * too many bytes, or not a JPEG, PNG or WebP by its first bytes (whatever its name and type say).
 */
async function uploadProblem(file: File): Promise<UploadProblem | null> {
  if (file.size === 0) return { reason: 'empty' };
  if (file.size > UPLOAD_BYTES_MAX) return { reason: 'too_many_bytes', bytes: file.size };
  if (!sniffImageType(new Uint8Array(await file.slice(0, 16).arrayBuffer()))) return { reason: 'not_image' };
  return null;
}

const LABEL_COLOURS: [string, string] = ['#eceff1', '#37474f'];

// ---- handlers --------------------------------------------------------------------------------

/** MSW handlers for the back office's products, images and activity log. */
export const adminProductHandlers = [
  http.get('*/api/v1/admin/products', ({ request }) => {
    const auth = adminOf(request, 'products.read');
    if ('error' in auth) return auth.error;
    const query = AdminProductQuery.safeParse(queryObject(new URL(request.url)));
    if (!query.success) return invalid('query', query.error);
    return HttpResponse.json(
      AdminProductList.parse(listAdminProducts(query.data, mockDb.catalogue, new Date())),
      {
        headers: { 'Cache-Control': 'no-store' },
      },
    );
  }),

  http.get('*/api/v1/admin/products/:id', ({ request, params }) => {
    const auth = adminOf(request, 'products.read');
    if ('error' in auth) return auth.error;
    const path = productIdOf(params);
    if ('error' in path) return path.error;
    const found = findProduct(path.id);
    return 'error' in found ? found.error : answer(found.product);
  }),

  http.get('*/api/v1/admin/activity', ({ request }) => {
    const auth = adminOf(request, 'activity.read');
    if ('error' in auth) return auth.error;
    const query = ActivityQuery.safeParse(queryObject(new URL(request.url)));
    if (!query.success) return invalid('query', query.error);
    const { entity, id, limit, offset } = query.data;
    const entries = mockDb.activity.filter((a) => a.entity === entity && a.entityId === id).reverse();
    return HttpResponse.json(
      ActivityList.parse({
        data: entries.slice(offset, offset + limit),
        meta: { total: entries.length, limit, offset },
      }),
    );
  }),

  http.post('*/api/v1/products', async ({ request }) => {
    const auth = adminOf(request, 'products.write');
    if ('error' in auth) return auth.error;
    const body = ProductInput.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    const issues = referenceIssues(body.data, mockDb.catalogue);
    if (issues.length) return validation(issues);
    const now = new Date();
    const product: FixtureProduct = {
      id: crypto.randomUUID(),
      pid: nextPid(mockDb.catalogue),
      name: '',
      description: '',
      recipeTips: '',
      createdAt: now,
      updatedAt: now,
      categoryIds: [],
      imageIds: [],
      discountIds: [],
      variants: [],
      hidden: false,
      archivedAt: null,
      version: 1,
    };
    applyInput(body.data, product, mockDb.catalogue, now);
    mockDb.catalogue.products.push(product);
    recordActivity(
      auth.admin,
      'product',
      product.id,
      'created',
      productCreatedSummary(product.pid, product.name, body.data.variants.length, product.hidden),
    );
    return answer(product, 201);
  }),

  http.put('*/api/v1/products/:id', async ({ request, params }) => {
    const auth = adminOf(request, 'products.write');
    if ('error' in auth) return auth.error;
    // The server's order: the path, the header's form and the body, then 428, 404, 409 and the references.
    const path = productIdOf(params);
    if ('error' in path) return path.error;
    const headers = IfMatchHeaders.safeParse({ 'if-match': request.headers.get('If-Match') ?? undefined });
    if (!headers.success) return invalid('header', headers.error);
    const body = ProductInput.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    const ifMatch = headers.data['if-match'];
    if (ifMatch === undefined) return errorResponse(428, 'if_match_required', IF_MATCH_REQUIRED);
    const found = findProduct(path.id);
    if ('error' in found) return found.error;
    const { product } = found;
    if (ifMatchVersion(ifMatch) !== product.version)
      return errorResponse(409, 'version_conflict', PRODUCT_VERSION_CONFLICT);
    const issues = referenceIssues(body.data, mockDb.catalogue, product);
    if (issues.length) return validation(issues);
    const before = snapshot(product);
    applyInput(body.data, product, mockDb.catalogue, new Date());
    product.version += 1;
    recordActivity(
      auth.admin,
      'product',
      product.id,
      'updated',
      productSaveSummary(before, { ...body.data, recipeTips: product.recipeTips }),
    );
    return answer(product);
  }),

  http.patch('*/api/v1/products/:id', async ({ request, params }) => {
    const auth = adminOf(request, 'products.write');
    if ('error' in auth) return auth.error;
    const path = productIdOf(params);
    if ('error' in path) return path.error;
    const patch = ProductPatch.safeParse(await jsonBody(request));
    if (!patch.success) return invalid('json', patch.error);
    const found = findProduct(path.id);
    if ('error' in found) return found.error;
    applyPatch(found.product, patch.data, auth.admin, new Date());
    return answer(found.product);
  }),

  http.delete('*/api/v1/products/:id', ({ request, params }) => {
    const auth = adminOf(request, 'products.write');
    if ('error' in auth) return auth.error;
    const path = productIdOf(params);
    if ('error' in path) return path.error;
    const found = findProduct(path.id);
    if ('error' in found) return found.error;
    applyPatch(found.product, { archived: true }, auth.admin, new Date());
    return answer(found.product);
  }),

  http.post('*/api/v1/assets/image', async ({ request }) => {
    const auth = adminOf(request, 'products.write');
    if ('error' in auth) return auth.error;
    if (!/^multipart\/form-data\s*;/i.test(request.headers.get('Content-Type') ?? ''))
      return errorResponse(415, 'unsupported_media_type', NOT_MULTIPART_MESSAGE);
    let parts: FormData;
    try {
      parts = await request.formData();
    } catch {
      return errorResponse(415, 'unsupported_media_type', NOT_MULTIPART_MESSAGE);
    }
    const form = ImageUploadForm.safeParse(
      Object.fromEntries([...new Set(parts.keys())].map((key) => [key, parts.getAll(key)])),
    );
    if (!form.success) {
      const issues = zodIssues(form.error);
      return errorResponse(400, 'invalid_upload', validationMessage('form', issues), issues);
    }
    const { images, altText } = form.data;
    const stored: FixtureImage[] = [];
    // Every file is checked before any is kept, and the first refusal names its file (as the server).
    for (const [i, file] of images.entries()) {
      const label = fileLabel(file.name, i);
      const problem = await uploadProblem(file);
      if (problem) {
        const { status, code, message } = uploadRefusal(label, problem);
        return errorResponse(status, code, message);
      }
      stored.push({
        id: crypto.randomUUID(),
        altText: altText[i] ?? '',
        width: 1200,
        height: 900,
        label: label.replace(/\.[^.]*$/, '').slice(0, 24),
        background: LABEL_COLOURS[0],
        foreground: LABEL_COLOURS[1],
      });
    }
    mockDb.catalogue.images.push(...stored);
    for (const [i, image] of stored.entries()) {
      const summary = imageUploadedSummary(fileLabel(images[i]!.name, i), image.width, image.height);
      recordActivity(auth.admin, 'image', image.id, 'uploaded', summary);
    }
    return HttpResponse.json(envelope(UploadedImages).parse({ data: stored.map(toImage) }), { status: 201 });
  }),

  http.patch('*/api/v1/assets/image/:imageId', async ({ request, params }) => {
    const auth = adminOf(request, 'products.write');
    if ('error' in auth) return auth.error;
    const parsed = ImageIdParams.safeParse(params);
    if (!parsed.success) return invalid('param', parsed.error);
    const patch = ImagePatch.safeParse(await jsonBody(request));
    if (!patch.success) return invalid('json', patch.error);
    const image = mockDb.catalogue.images.find((i) => i.id === parsed.data.imageId);
    if (!image) return errorResponse(404, 'not_found', 'Image was not found.');
    image.altText = patch.data.altText;
    recordActivity(auth.admin, 'image', image.id, 'updated', altTextSummary(image.altText));
    return HttpResponse.json(envelope(Image).parse({ data: toImage(image) }));
  }),
];
