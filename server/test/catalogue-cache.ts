import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { expect } from 'vitest';
import { ProductDetail, ProductList } from '../../contract/catalogue';
import { envelope } from '../../contract/common';
import type { Database, Db } from '../db/client';
import * as schema from '../db/schema';
import { parseEnv } from '../env';
import { handleError, mount, newRouter } from '../lib/http';
import { createLogger } from '../lib/logger';
import {
  createCatalogueCache,
  type CatalogueCache,
  type CatalogueCacheOptions,
} from '../modules/catalogue/cache';
import { catalogueModule } from '../modules/catalogue/handlers';
import { dbKind, eventually } from './harness';

// Test helpers (not tests) for the catalogue cache suites. Every instance reads through a drizzle
// handle that counts its statements, so "served from the cache" means "no query at all".

const logger = createLogger('silent');
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STATIC_DIR: '.tmp/no-spa' });

export interface CacheInstance {
  /** The handle this instance's module and cache use. */
  database: Database;
  cache: CatalogueCache;
  counter: { queries: number };
  /** The clock the module prices with; tests move it. */
  clock: { now: Date };
  request(path: string, headers?: Record<string, string>): Promise<Response>;
  /** Statements sent while `fn` ran. */
  queriesDuring(fn: () => Promise<unknown>): Promise<number>;
  close(): Promise<void>;
}

/** A catalogue module over `base` with its own cache, listening, reading through a counting handle. */
export async function cacheInstance(
  base: Database,
  options: CatalogueCacheOptions = {},
): Promise<CacheInstance> {
  const counter = { queries: 0 };
  const countingLogger = { logQuery: () => void counter.queries++ };
  const db = (base.kind === 'pglite'
    ? drizzlePglite(base.pglite!, { schema, logger: countingLogger })
    : drizzlePg(base.pool!, { schema, logger: countingLogger })) as unknown as Db;
  // Its own handle object, so it gets its own listening connection and its own cache.
  const database: Database = { ...base, db, close: async () => undefined };
  const cache = createCatalogueCache({ database, logger }, options);
  await cache.started;
  await eventually(async () => cache.listening, 5_000);
  const clock = { now: new Date() };
  const app = newRouter();
  mount(app, catalogueModule({ env, database, logger }, { now: () => clock.now, cache }));
  app.onError(handleError);
  return {
    database,
    cache,
    counter,
    clock,
    request: (path, headers = {}) => Promise.resolve(app.request(path, { headers })),
    async queriesDuring(fn) {
      const before = counter.queries;
      await fn();
      return counter.queries - before;
    },
    close: () => cache.close(),
  };
}

/**
 * Runs a write and waits until the cache has been flushed by its notification; on PostgreSQL also
 * until the notifications of the write have stopped arriving, so none flushes a later assertion.
 * Resolves to the milliseconds from the end of the write to the first flush.
 */
export async function changed(i: CacheInstance, write: () => Promise<unknown>): Promise<number> {
  const before = i.cache.stats().invalidations;
  await write();
  const ms = await eventually(async () => i.cache.stats().invalidations > before, 1_000);
  if (dbKind === 'postgres') {
    let seen = i.cache.stats().invalidations;
    await eventually(async () => {
      await new Promise((r) => setTimeout(r, 100));
      const now = i.cache.stats().invalidations;
      const quiet = now === seen;
      seen = now;
      return quiet;
    }, 2_000);
  }
  return ms;
}

/** The product list as the instance answers it. */
export const list = async (i: CacheInstance, path = '/v2/products?limit=24') => {
  const res = await i.request(path);
  expect(res.status).toBe(200);
  return ProductList.parse(await res.json());
};

/** A product's detail as the instance answers it. */
export const detail = async (i: CacheInstance, id: string) => {
  const res = await i.request(`/v1/products/${id}`);
  expect(res.status).toBe(200);
  return envelope(ProductDetail).parse(await res.json()).data;
};
