import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { SearchResponse } from '../../contract/search';
import { createApp } from '../app';
import type { Database, Db } from '../db/client';
import * as schema from '../db/schema';
import { parseEnv } from '../env';
import { createLogger } from '../lib/logger';
import { searchIndexFor, type SearchIndex } from '../modules/search/service';

// Test helpers (not tests) for the search suites: they own their catalogue, each database clone
// emptied of the seed's products and categories and filled with rows shaped for the case.

const logger = createLogger('silent');
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: '.tmp/no-spa' });
/** Empties the clone of the seed's products and categories, so a test's rows are all there is. */
export async function emptyCatalogue(db: Db) {
  await db.execute(sql`truncate table products, categories, images cascade`);
}

/** An API instance over a database handle, with its own search index. */
export interface SearchInstance {
  database: Database;
  app: ReturnType<typeof createApp>;
  index: SearchIndex;
  search(q: string, extra?: string): Promise<Response>;
  names(q: string): Promise<string[]>;
}

/** The app and its search index over `database`, with shortcuts to search it. */
export function searchInstance(database: Database): SearchInstance {
  const app = createApp({ env, database, logger });
  const index = searchIndexFor({ database, logger });
  const search = (q: string, extra = '') =>
    Promise.resolve(app.request(`/api/v1/search/orama?q=${encodeURIComponent(q)}${extra}`));
  return {
    database,
    app,
    index,
    search,
    names: async (q) => {
      const res = await search(q);
      expect(res.status).toBe(200);
      return SearchResponse.parse(await res.json()).data.map((r) => r.name);
    },
  };
}

let seq = 0;
/** A suffix no other row of the run has. */
export const uid = () => `${process.pid}-${Date.now().toString(36)}-${++seq}`;

/** A category of its own for a test. */
export async function addCategory(db: Db, name: string, position = 0) {
  const [row] = await db
    .insert(schema.categories)
    .values({ slug: `c-${uid()}`, name, icon: 'mdiFish', color: 'blue', position })
    .returning({ id: schema.categories.id });
  return row!.id;
}

export interface NewProduct {
  name: string;
  description?: string;
  categoryIds?: string[];
  /** Stock of each variant; no variants at all when empty. */
  stock?: number[];
  images?: number;
}

/** A product of its own for a test: variants with the given stock, categories and images. */
export async function addProduct(db: Db, p: NewProduct) {
  const [row] = await db
    .insert(schema.products)
    .values({ pid: `SKN-${uid()}`, name: p.name, description: p.description ?? '' })
    .returning({ id: schema.products.id, pid: schema.products.pid });
  const id = row!.id;
  if (p.categoryIds?.length) {
    await db
      .insert(schema.productCategories)
      .values(p.categoryIds.map((categoryId) => ({ productId: id, categoryId })));
  }
  const stock = p.stock ?? [5];
  if (stock.length) {
    await db.insert(schema.variants).values(
      stock.map((quantity, position) => ({
        productId: id,
        name: `v${position}`,
        price: 100,
        quantity,
        position,
      })),
    );
  }
  const imageIds: string[] = [];
  for (let i = 0; i < (p.images ?? 0); i++) {
    const [image] = await db
      .insert(schema.images)
      .values({ width: 10, height: 10 })
      .returning({ id: schema.images.id });
    imageIds.push(image!.id);
  }
  // Inserted in reverse position order, so the result order must come from `position`.
  for (let i = imageIds.length - 1; i >= 0; i--) {
    await db.insert(schema.productImages).values({ productId: id, imageId: imageIds[i]!, position: i });
  }
  return { id, pid: row!.pid, imageIds };
}
