import type { SearchResult } from '../../../contract/search';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Deps } from '../../lib/http';
import { buildProductIndex, createProductIndex, type ProductIndex } from './engine';
import {
  listenForCatalogueChanges,
  type CatalogueChange,
  type CatalogueListener,
  type ListenOptions,
} from './listener';
import { loadAllSearchDocuments, loadSearchDocuments, productIdsInCategories } from './loader';

/*
 * The search index of one API instance (per instance, kept fresh from the database:
 * docs/design.md#stateless-instances). It listens for catalogue changes before the first build, so nothing
 * committed during the build is missed, and applies all changes one at a time in order: a refresh never races
 * a rebuild.
 */

interface SearchIndexStats {
  products: number;
  /** When the index last finished a full build; null before the first. */
  builtAt: Date | null;
  buildMs: number | null;
  listening: boolean;
  /** The PostgreSQL backend holding the LISTEN (null on PGlite or while reconnecting). */
  listenerPid: number | null;
}

export interface SearchIndex {
  /** Resolves when the first build has finished (it is retried until it does). */
  readonly ready: Promise<void>;
  /** Best match first; waits for the first build. */
  search(q: string, limit: number): Promise<SearchResult[]>;
  /** Re-reads these products from the database and re-indexes them (missing ones are removed). */
  refresh(productIds: string[]): Promise<void>;
  /** Forgets a product now, without asking the database. */
  remove(productId: string): void;
  /** Builds the whole index again from the database and swaps it in. */
  rebuild(): Promise<void>;
  stats(): SearchIndexStats;
  /** Changes whenever what a search would find may have changed. */
  version(): number;
  /** Stops listening; searches still answer from what the index holds. */
  close(): Promise<void>;
}

interface SearchIndexOptions extends ListenOptions {
  /** First delay before a failed build is tried again; doubles up to 30 s. */
  buildRetryMs?: number;
}

/** Builds the index from the database now and keeps it fresh from catalogue notifications. */
function createSearchIndex(
  { database, logger }: Pick<Deps, 'database' | 'logger'>,
  options: SearchIndexOptions = {},
): SearchIndex {
  const { db } = database;
  const log = logger.child({ module: 'search' });
  let current: ProductIndex = createProductIndex();
  let builtAt: Date | null = null;
  let buildMs: number | null = null;
  let closed = false;

  // Work is applied in order on one chain; `pending` collects product ids between two flushes.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const run = chain.then(job);
    chain = run.catch(() => undefined);
    return run;
  };
  const pending = new Set<string>();
  const pendingCategories = new Set<string>();
  let flushing: Promise<void> | null = null;

  const fullBuild = async () => {
    const started = performance.now();
    // Ids queued until now are covered by the rows read below; later ones are kept for the next flush.
    pending.clear();
    pendingCategories.clear();
    const docs = await loadAllSearchDocuments(db);
    const loadedMs = performance.now() - started;
    current = await buildProductIndex(docs);
    buildMs = Math.round(performance.now() - started);
    builtAt = new Date();
    log.info('search index built', { products: current.size, ms: buildMs, loadMs: Math.round(loadedMs) });
  };

  const flush = () => {
    flushing ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      flushing = null;
      return serial(async () => {
        const categoryIds = [...pendingCategories];
        pendingCategories.clear();
        if (categoryIds.length)
          for (const id of await productIdsInCategories(db, categoryIds)) pending.add(id);
        const ids = [...pending];
        pending.clear();
        if (!ids.length) return;
        let docs;
        try {
          docs = await loadSearchDocuments(db, ids);
        } catch (err) {
          // Keep the ids for a later try rather than lose the change.
          for (const id of ids) pending.add(id);
          retryLater(() => flush());
          throw err;
        }
        const found = new Set<string>();
        for (const doc of docs) {
          current.upsert(doc);
          found.add(doc.id);
        }
        for (const id of ids) if (!found.has(id)) current.remove(id);
        log.debug('search index refreshed', { products: ids.length, removed: ids.length - found.size });
      });
    });
    return flushing;
  };

  const rebuild = () => serial(fullBuild);

  // A failed refresh or rebuild (the database restarting, say) is tried again a little later.
  let retryDelay = 1_000;
  let retryTimer: NodeJS.Timeout | null = null;
  const retryLater = (job: () => Promise<unknown>) => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      job().then(
        () => {
          retryDelay = 1_000;
        },
        () => undefined,
      );
    }, retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, 30_000);
  };
  const rebuildInBackground = (why: string) => {
    const attempt = (): Promise<void> =>
      rebuild().catch((err: Error) => {
        log.error('search index rebuild failed; retrying', { why, error: err.message });
        retryLater(attempt);
      });
    void attempt();
  };

  const onChange = (change: CatalogueChange) => {
    if (change.full) {
      rebuildInBackground(`${change.op ?? 'change'} on ${change.table ?? 'the catalogue'}`);
      return;
    }
    for (const id of change.productIds ?? []) pending.add(id);
    for (const id of change.categoryIds ?? []) pendingCategories.add(id);
    void flush().catch((err: Error) => log.error('search index refresh failed', { error: err.message }));
  };

  const listener: CatalogueListener = listenForCatalogueChanges(
    database,
    log,
    {
      onChange,
      onResync: () => {
        log.info('search: rebuilding after a listener reconnect (notifications may have been missed)');
        rebuildInBackground('listener reconnected');
      },
    },
    options,
  );

  // The first build, retried with backoff: the API answers 503 for search until it succeeds.
  const ready = (async () => {
    let delay = options.buildRetryMs ?? 1_000;
    await listener.started;
    for (;;) {
      try {
        await serial(fullBuild);
        return;
      } catch (err) {
        if (closed) throw new Error('The search index was closed before its first build.', { cause: err });
        log.error('search index build failed; retrying', { error: (err as Error).message, retryInMs: delay });
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
        delay = Math.min(delay * 2, 30_000);
      }
    }
  })();
  ready.catch(() => undefined);

  return {
    ready,
    async search(q, limit) {
      await ready;
      return current.search(q, limit);
    },
    refresh(productIds) {
      for (const id of productIds) pending.add(id);
      return flush();
    },
    remove(productId) {
      pending.delete(productId);
      current.remove(productId);
    },
    rebuild,
    version: () => current.version,
    stats: () => ({
      products: current.size,
      builtAt,
      buildMs,
      listening: listener.listening,
      listenerPid: listener.backendPid,
    }),
    async close() {
      if (closed) return;
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await listener.close();
    },
  };
}

/*
 * One index per database handle in this process: the search routes and the modules that change
 * products (admin create/update) must reach the same one, and createApp stays synchronous.
 */
const indexes = new WeakMap<Database, SearchIndex>();

/** The index of this API instance, created (and its build started) on first use. */
export function searchIndexFor(deps: Pick<Deps, 'database' | 'logger'>): SearchIndex {
  let index = indexes.get(deps.database);
  if (index) return index;
  index = createSearchIndex(deps);
  indexes.set(deps.database, index);
  // Stop listening before the database goes: the listener's own connection would otherwise outlive
  // the pool (and keep reconnecting to a database that is being dropped, in tests).
  const database = deps.database;
  const closeDatabase = database.close.bind(database);
  const searchIndex = index;
  database.close = async () => {
    await searchIndex.close().catch(() => undefined);
    await closeDatabase();
  };
  return index;
}

/** Whether this process's index over `database` has finished its first build (readiness asks). */
export const searchIndexBuilt = (database: Database): boolean =>
  indexes.get(database)?.stats().builtAt != null;

/**
 * For modules that change products (admin create, update, delete): re-indexes them on this instance
 * before answering, so the admin finds what they just saved; other instances follow the database
 * notification within a second. Does nothing when this process has no search index.
 */
export async function refreshSearch(database: Database, productIds: string[]): Promise<void> {
  await indexes.get(database)?.refresh(productIds);
}

/** How long a request waits for the first build before it is told to come back. */
const READY_WAIT_MS = 10_000;

/** The handler's way in: waits for the first build a bounded time, then answers 503. */
export async function searchProducts(index: SearchIndex, q: string, limit: number): Promise<SearchResult[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), READY_WAIT_MS);
  });
  try {
    const outcome = await Promise.race([index.ready.then(() => 'ready' as const), timeout]);
    if (outcome === 'timeout') {
      throw new AppError(
        503,
        'search_unavailable',
        'Search is getting ready. Please try again in a moment.',
        undefined,
        {
          'Retry-After': '5',
        },
      );
    }
  } finally {
    clearTimeout(timer);
  }
  return index.search(q, limit);
}
