import { http, HttpResponse } from 'msw';
import { fileLabel } from '../../contract/admin';
import {
  ImportConfirm,
  ImportIdParams,
  ProductExportQuery,
  type ImportPreview,
} from '../../contract/admin-import';
import {
  badFile,
  exportFileName,
  IMPORT_APPLIED,
  IMPORT_BYTES_MAX,
  IMPORT_NOT_FOUND,
  IMPORT_PREVIEW_TTL_MS,
  importChanged,
  IMPORTED_CATEGORY_LOOK,
  importedSummary,
  importMissing,
  key,
  planImport,
  previewChanges,
  previewProblems,
  readCatalogueCsv,
  TEMPLATE_FILE_NAME,
  writeCatalogueCsv,
  type CatalogueSnapshot,
  type CsvProduct,
  type ImportPlan,
  type ImportRow,
} from '../../contract/catalogue-csv';
import { iconPath } from '../../contract/icons';
import { nairobiDate } from '../../contract/nairobi-time';
import { uniqueSlug } from '../../contract/slug';
import { adminOf, recordActivity } from '../admin';
import type { MockUser } from '../auth-db';
import { mockDb } from '../db';
import { activeVariants, type CatalogueFixture, type FixtureProduct } from '../fixtures/catalogue';
import { errorResponse, invalid, jsonBody, queryObject, refused } from '../http';
import { listAdminProducts } from './admin-products';

// The catalogue's CSV import and export (server/modules/products-admin/csv-*.ts), with the same
// rules (contract/catalogue-csv.ts) against the mock catalogue.

interface MockImport {
  fileName: string;
  rows: ImportRow[];
  levels: Record<string, number>;
  createdAt: number;
  applied: boolean;
}
const imports = new Map<string, MockImport>();

/** The fixture as the plan reads it (an attribute value's id is the value itself). */
function snapshot(catalogue: CatalogueFixture, pids: ReadonlySet<string>): CatalogueSnapshot {
  const attributeName = new Map(catalogue.attributes.map((a) => [a.id, a.name]));
  return {
    products: catalogue.products
      .filter((p) => pids.has(p.pid.toUpperCase()))
      .map((p) => ({
        id: p.id,
        pid: p.pid,
        name: p.name,
        description: p.description,
        hidden: p.hidden,
        categoryIds: [...p.categoryIds],
        variants: activeVariants(p).map((v) => ({
          id: v.id,
          name: v.name,
          price: v.price,
          quantity: v.quantity,
          available: v.available,
          attributes: v.attributes.map((a) => ({
            attribute: attributeName.get(a.attributeId) ?? '',
            value: a.value,
          })),
        })),
      })),
    categories: catalogue.categories.map((c) => ({ id: c.id, name: c.name, slug: c.slug })),
    attributes: catalogue.attributes.map((a) => ({
      id: a.id,
      name: a.name,
      values: a.values.map((v) => ({ id: v, value: v })),
    })),
  };
}

const pidsOf = (rows: readonly ImportRow[]) => new Set(rows.flatMap((r) => (r.pid ? [r.pid] : [])));

/** Writes a plan into the mock catalogue, as server/modules/products-admin/csv-import-apply.ts does. */
function apply(plan: ImportPlan, fileName: string, admin: MockUser) {
  const catalogue = mockDb.catalogue;
  const now = new Date();
  const note = `CSV import ${fileName}`;
  for (const name of plan.missing.categories) {
    const id = crypto.randomUUID();
    const slug = uniqueSlug(name, (s) => catalogue.categories.some((c) => c.slug === s));
    const position = Math.max(-1, ...catalogue.categories.map((c) => c.position)) + 1;
    const { icon, color } = IMPORTED_CATEGORY_LOOK;
    catalogue.categories.push({ id, slug, name, icon, iconPath: iconPath(icon), color, position });
    recordActivity(admin, 'category', id, 'created', `Created by ${note}`);
  }
  for (const m of plan.missing.attributeValues) {
    let attribute = catalogue.attributes.find((a) => key(a.name) === key(m.attribute));
    if (!attribute) {
      attribute = { id: crypto.randomUUID(), name: m.attribute, values: [] };
      catalogue.attributes.push(attribute);
      recordActivity(admin, 'attribute', attribute.id, 'created', `Created by ${note}`);
    } else
      recordActivity(admin, 'attribute', attribute.id, 'updated', `Values '${m.value}' added by ${note}`);
    attribute.values.push(m.value);
  }
  const categoryId = (name: string) =>
    catalogue.categories.find((c) => key(c.name) === key(name) || key(c.slug) === key(name))!.id;
  const attributes = (list: { attribute: string; value: string }[]) =>
    list.map((a) => {
      const attribute = catalogue.attributes.find((x) => key(x.name) === key(a.attribute))!;
      return { attributeId: attribute.id, value: attribute.values.find((v) => key(v) === key(a.value))! };
    });
  let next =
    Math.max(10000, ...catalogue.products.map((p) => Number(/^SKN-(\d+)$/.exec(p.pid)?.[1] ?? 0))) + 1;
  for (const planned of plan.products) {
    if (!planned.changed) continue;
    let product: FixtureProduct;
    if (planned.id === null) {
      planned.pid = `SKN-${next++}`;
      product = {
        id: crypto.randomUUID(),
        pid: planned.pid,
        name: planned.set.name!,
        description: planned.set.description ?? '',
        recipeTips: '',
        createdAt: now,
        categoryIds: [],
        imageIds: [],
        discountIds: [],
        variants: [],
        hidden: planned.set.hidden ?? false,
        archivedAt: null,
        version: 1,
        updatedAt: now,
      };
      catalogue.products.push(product);
    } else {
      product = catalogue.products.find((p) => p.id === planned.id)!;
      product.version += 1;
      product.updatedAt = now;
      if (planned.set.name !== undefined) product.name = planned.set.name;
      if (planned.set.description !== undefined) product.description = planned.set.description;
      if (planned.set.hidden !== undefined) product.hidden = planned.set.hidden;
    }
    if (planned.set.categories) product.categoryIds = [...new Set(planned.set.categories.map(categoryId))];
    for (const v of planned.variants) {
      if (v.id === null) {
        product.variants.push({
          id: crypto.randomUUID(),
          name: v.name,
          price: v.price!,
          quantity: v.stockAfter,
          available: v.available ?? true,
          attributes: attributes(v.attributes ?? []),
          archivedAt: null,
        });
        continue;
      }
      const variant = product.variants.find((x) => x.id === v.id)!;
      if (v.price !== undefined) variant.price = v.price;
      if (v.available !== undefined) variant.available = v.available;
      if (v.attributes !== undefined) variant.attributes = attributes(v.attributes);
      variant.quantity += v.stockChange;
    }
    recordActivity(admin, 'product', product.id, 'imported', importedSummary(fileName, planned));
  }
}

/** The mock catalogue's products as the export writes them. */
function csvProducts(products: FixtureProduct[], catalogue: CatalogueFixture): CsvProduct[] {
  const attributeName = new Map(catalogue.attributes.map((a) => [a.id, a.name]));
  const byPosition = [...catalogue.categories].sort(
    (a, b) => a.position - b.position || a.name.localeCompare(b.name),
  );
  return products
    .filter((p) => activeVariants(p).length > 0)
    .map((p) => ({
      pid: p.pid,
      name: p.name,
      description: p.description,
      hidden: p.hidden,
      categories: byPosition.filter((c) => p.categoryIds.includes(c.id)),
      variants: activeVariants(p).map((v) => ({
        name: v.name,
        price: v.price,
        quantity: v.quantity,
        available: v.available,
        attributes: v.attributes
          .map((a) => ({ attribute: attributeName.get(a.attributeId) ?? '', value: a.value }))
          .sort((a, b) => a.attribute.localeCompare(b.attribute)),
      })),
    }));
}

const csv = (text: string, fileName: string) =>
  new HttpResponse(text, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    },
  });

// Before admin-products' GET /v1/admin/products/:id (mocks/handlers/index.ts): `export` is no id.
export const productImportHandlers = [
  http.post('*/api/v1/admin/products/import', async ({ request }) => {
    const auth = adminOf(request, 'products.write');
    if ('error' in auth) return auth.error;
    if (!/^multipart\/form-data\s*;/i.test(request.headers.get('Content-Type') ?? ''))
      return errorResponse(
        415,
        'unsupported_media_type',
        'Send the CSV as multipart/form-data, in a `file` part.',
      );
    const file = (await request.formData()).get('file');
    if (!(file instanceof File))
      return refused(badFile('Choose a CSV file to import (send it in the `file` part).'));
    if (file.size > IMPORT_BYTES_MAX + 64 * 1024)
      return errorResponse(413, 'bad_file', `The file is larger than ${IMPORT_BYTES_MAX / 1024 / 1024} MB.`);
    const reading = readCatalogueCsv(new Uint8Array(await file.arrayBuffer()));
    if (!reading.ok) return refused(badFile(reading.message));
    const fileName = file.name.trim() ? fileLabel(file.name, 0) : 'import.csv';
    const found = snapshot(mockDb.catalogue, pidsOf(reading.rows));
    const plan = planImport(reading.rows, found);
    let importId: string | null = null;
    if (![...reading.problems, ...plan.problems].some((p) => p.blocking)) {
      const quantity = new Map(
        found.products.flatMap((p) => p.variants.map((v) => [v.id, v.quantity] as const)),
      );
      const levels: Record<string, number> = {};
      for (const p of plan.products)
        for (const v of p.variants) if (v.id !== null) levels[v.id] = quantity.get(v.id)!;
      importId = crypto.randomUUID();
      imports.set(importId, { fileName, rows: reading.rows, levels, createdAt: Date.now(), applied: false });
    }
    const preview: ImportPreview = {
      importId,
      fileName,
      rows: reading.rowCount,
      products: plan.productCounts,
      variants: plan.variantCounts,
      missing: plan.missing,
      ...previewProblems(reading.problems, plan.problems),
      changes: previewChanges(plan),
    };
    return HttpResponse.json({ data: preview }, { headers: { 'Cache-Control': 'no-store' } });
  }),

  http.post('*/api/v1/admin/products/import/:importId/confirm', async ({ request, params }) => {
    const auth = adminOf(request, 'products.write');
    if ('error' in auth) return auth.error;
    const path = ImportIdParams.safeParse(params);
    if (!path.success) return invalid('param', path.error);
    const body = ImportConfirm.safeParse(await jsonBody(request));
    if (!body.success) return invalid('json', body.error);
    const stored = imports.get(path.data.importId);
    if (!stored || Date.now() - stored.createdAt > IMPORT_PREVIEW_TTL_MS) return refused(IMPORT_NOT_FOUND);
    if (stored.applied) return refused(IMPORT_APPLIED);
    const plan = planImport(stored.rows, snapshot(mockDb.catalogue, pidsOf(stored.rows)), stored.levels);
    const problem = plan.problems.find((p) => p.blocking);
    if (problem) return refused(importChanged(problem));
    if (!body.data.createMissing && (plan.missing.categories.length || plan.missing.attributeValues.length))
      return refused(importMissing(plan.missing));
    stored.applied = true;
    apply(plan, stored.fileName, auth.admin);
    return HttpResponse.json({
      data: {
        products: {
          created: plan.productCounts.create,
          updated: plan.productCounts.update,
          unchanged: plan.productCounts.unchanged,
        },
        variants: {
          created: plan.variantCounts.create,
          updated: plan.variantCounts.update,
          unchanged: plan.variantCounts.unchanged,
        },
        categoriesCreated: plan.missing.categories.length,
        attributeValuesCreated: plan.missing.attributeValues.length,
      },
    });
  }),

  http.get('*/api/v1/admin/products/import/template', ({ request }) => {
    const auth = adminOf(request, 'products.write');
    if ('error' in auth) return auth.error;
    const catalogue = mockDb.catalogue;
    const sample = catalogue.products.filter((p) => p.archivedAt === null);
    return csv(writeCatalogueCsv(csvProducts(sample, catalogue)), TEMPLATE_FILE_NAME);
  }),

  http.get('*/api/v1/admin/products/export', ({ request }) => {
    const auth = adminOf(request, 'products.read');
    if ('error' in auth) return auth.error;
    const query = ProductExportQuery.safeParse(queryObject(new URL(request.url)));
    if (!query.success) return invalid('query', query.error);
    const catalogue = mockDb.catalogue;
    const rows = listAdminProducts(
      { ...query.data, limit: Number.MAX_SAFE_INTEGER, offset: 0 },
      catalogue,
      new Date(),
    ).data;
    const products = rows.map((r) => catalogue.products.find((p) => p.id === r.productId)!);
    return csv(writeCatalogueCsv(csvProducts(products, catalogue)), exportFileName(nairobiDate(new Date())));
  }),
];
