import { nairobiDate } from '../../../contract/nairobi-time';
import { exportFileName, writeCatalogueCsv, type CsvProduct } from '../../../contract/catalogue-csv';
import type { ProductExportQuery } from '../../../contract/admin-import';
import type { Db } from '../../db/client';
import { ATTRIBUTES, CATEGORIES, PRODUCTS } from '../../db/seed/catalogue';
import { variantName } from '../../db/seed/rows';
import { readCsvProducts, readTaxonomy } from './csv-catalogue';
import { adminProductIds } from './list';

// The catalogue's CSV export (the products list's filters, no paging) and the import's template.

/** Products read per round of queries: the lists stay far below PostgreSQL's parameter limit. */
const CHUNK = 1000;

/** The filtered products list as the import's CSV: every active variant one row, in the list's order. */
export async function exportCatalogue(db: Db, query: ProductExportQuery): Promise<string> {
  const ids = await adminProductIds(db, query);
  const { categories } = await readTaxonomy(db);
  const categoryOf = new Map(categories.map((c) => [c.id, c]));
  const rows: CsvProduct[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const byId = new Map((await readCsvProducts(db, { ids: chunk })).map((p) => [p.id, p]));
    for (const id of chunk) {
      const p = byId.get(id);
      if (!p || p.variants.length === 0) continue;
      rows.push({
        pid: p.pid,
        name: p.name,
        description: p.description,
        hidden: p.hidden,
        categories: p.categoryIds.flatMap((c) => (categoryOf.has(c) ? [categoryOf.get(c)!] : [])),
        variants: p.variants.map((v) => ({
          name: v.name,
          price: v.price,
          quantity: v.quantity,
          available: v.available,
          attributes: v.attributes,
        })),
      });
    }
  }
  return writeCatalogueCsv(rows);
}

/** `sokoni-products-YYYY-MM-DD.csv`, the Nairobi day of `now`. */
export const exportName = (now: Date) => exportFileName(nairobiDate(now));

/** The template: the sample catalogue's rows, as a new shop would fill them in. */
export function templateCatalogue(): string {
  const categoryOf = new Map(CATEGORIES.map((c) => [c.slug, c]));
  const order = Object.keys(ATTRIBUTES);
  return writeCatalogueCsv(
    PRODUCTS.map((p) => ({
      pid: p.pid,
      name: p.name,
      description: p.description,
      hidden: false,
      categories: p.categories.map((slug) => categoryOf.get(slug)!),
      variants: p.variants.map((v) => ({
        name: variantName(v.attributes),
        price: v.price,
        quantity: v.quantity,
        available: true,
        attributes: Object.entries(v.attributes)
          .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
          .map(([attribute, value]) => ({ attribute, value: String(value) })),
      })),
    })),
  );
}
