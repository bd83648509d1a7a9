import { gzipSync } from 'node:zlib';
import type { ProductDetail, ProductList, Variant } from '../../../contract/catalogue';
import type { Database } from '../../db/client';
import {
  subscribeToCatalogueChanges,
  type CatalogueSubscription,
  type ListenOptions,
} from '../../lib/catalogue-changes';
import type { Logger } from '../../lib/logger';
import { bodyEtag } from '../../lib/conditional';
import { isDatabaseUnavailable } from '../../lib/errors';
import { nextPriceChange, variantQuantities } from './service';

/*
 * The per-instance cache of catalogue answers (docs/architecture.md, Caching): the serialized JSON
 * body and its ETag of the product list (keyed by the validated query), the product detail and the
 * category list. Correctness rules:
 *
 * - Any catalogue notification (migrations 0002 and 0005, scoped or not), a listener resync and
 *   `invalidateCatalogue` drop everything: admin edits are rare, a whole flush is simple and safe.
 *   A build that started before a flush is answered but never stored (generation check).
 * - Nothing is served or stored while the listening connection is down: changes could be missed.
 * - An entry priced with discounts expires at the next start or end of a switched-on discount
 *   (asked once per flush, shared by every entry), and every entry after `maxAgeMs`.
 * - Stock: a variant crossing zero notifies (isAvailable flips at once); other quantity changes
 *   (every checkout) do not. So the quantities an entry shows are re-read, with one small query
 *   for the entry's variants, once they are `stockTtlMs` old: unchanged, the entry lives on; moved,
 *   it is rebuilt. Hot entries do this in the background from half that age, so readers do not wait.
 * - At most `maxEntries` entries and `maxBytes` of bodies, least recently used out first.
 * - While the database cannot be reached, a key's last stored answer is served however old it is,
 *   even from before a flush (stale beats an error); anything else a build throws is thrown.
 *
 * Validity is judged on the caller's clock (the module's injectable `now`) as [builtAt, expiresAt),
 * so a clock that moves backwards (tests pin several) never gets an answer from its future.
 */

type CachedKind = 'list' | 'product' | 'categories';

export interface CatalogueCacheOptions {
  /** Most entries kept (least recently used out first). */
  maxEntries?: number;
  /** Most body bytes kept, gzipped copies included. */
  maxBytes?: number;
  /** The longest any entry lives, whatever else: a safety net. */
  maxAgeMs?: number;
  /** How old the stock quantities in list and detail answers may get. */
  stockTtlMs?: number;
  /** Options of the listening connection, when this cache is the first to open it. */
  listen?: ListenOptions;
}

const CACHE_DEFAULTS = {
  maxEntries: 500,
  maxBytes: 64 * 1024 * 1024,
  maxAgeMs: 30_000,
  stockTtlMs: 2_000,
} as const;

/** One cached answer: the JSON body exactly as sent and its strong validator. */
interface CachedAnswer {
  readonly body: string;
  /** `"<sha1 of the body>"`, the same validator the etag middleware computes without the cache. */
  readonly etag: string;
  /** The body gzipped; made on first use and kept with the entry. */
  gzipped(): Buffer;
}

interface CatalogueCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  /** Full builds, on a miss or to renew an entry. */
  builds: number;
  /** Quantity re-reads, and how many of them found a change (and so rebuilt the entry). */
  stockChecks: number;
  stockMoved: number;
  /** Answers built while not listening, served and not stored. */
  uncached: number;
  /** Old answers served because the database could not be reached to build a new one. */
  stale: number;
  invalidations: number;
  listening: boolean;
}

export interface CatalogueCache {
  /** The answer for `key` valid now on `clock`, from the cache or built with `build` and stored. */
  answer(
    key: string,
    kind: CachedKind,
    clock: () => Date,
    build: (now: Date) => Promise<unknown>,
  ): Promise<CachedAnswer>;
  /** Drops every entry; builds already running are answered but not stored. */
  invalidate(reason: string): void;
  stats(): CatalogueCacheStats;
  /** Whether notifications are being received (the cache is bypassed while they are not). */
  readonly listening: boolean;
  /** Resolves once the first attempt to listen has finished. */
  readonly started: Promise<void>;
  close(): Promise<void>;
}

interface Entry extends CachedAnswer {
  key: string;
  kind: CachedKind;
  generation: number;
  /** The clock time the answer was read at, and the first time it is no longer valid. */
  builtAt: number;
  expiresAt: number;
  /** From here a hit rebuilds the entry in the background (half of maxAge). */
  renewAt: number;
  /** The variants shown and their quantities, as last read; until when they count as current. */
  variantIds: string[];
  quantities: number[];
  stockUntil: number;
  /** From here a hit re-reads the quantities in the background. */
  stockCheckAt: number;
  bytes: number;
  gz: Buffer | null;
}

/** Every cache of a database handle, so `invalidateCatalogue` reaches them all. */
const registry = new WeakMap<Database, Set<CatalogueCache>>();
const defaults = new WeakMap<Database, CatalogueCache>();

/** Creates a catalogue answer cache kept fresh by this database's catalogue notifications. */
export function createCatalogueCache(
  { database, logger }: { database: Database; logger: Logger },
  options: CatalogueCacheOptions = {},
): CatalogueCache {
  const maxEntries = options.maxEntries ?? CACHE_DEFAULTS.maxEntries;
  const maxBytes = options.maxBytes ?? CACHE_DEFAULTS.maxBytes;
  const maxAgeMs = options.maxAgeMs ?? CACHE_DEFAULTS.maxAgeMs;
  const stockTtlMs = Math.min(options.stockTtlMs ?? CACHE_DEFAULTS.stockTtlMs, maxAgeMs);
  const log = logger.child({ module: 'catalogue-cache' });

  // Least recently used first: a Map keeps insertion order and a hit re-inserts its key.
  const entries = new Map<string, Entry>();
  /**
   * The last answer stored for each key, kept through flushes (same bounds, least recently stored
   * out first): what is served while the database cannot be reached.
   */
  const lastAnswers = new Map<string, { entry: Entry; bytes: number }>();
  let lastBytes = 0;
  /** Running builds and quantity checks by key, shared by concurrent readers. */
  const inflight = new Map<string, { t: number; generation: number; promise: Promise<Entry> }>();
  let bytes = 0;
  let generation = 0;
  let closed = false;
  const counters = {
    hits: 0,
    misses: 0,
    builds: 0,
    stockChecks: 0,
    stockMoved: 0,
    uncached: 0,
    stale: 0,
    invalidations: 0,
  };
  // The next discount boundary, asked once per flush and shared by every entry built meanwhile.
  let priceMemo: { generation: number; from: number; until: Promise<number> } | null = null;

  const invalidate = (reason: string) => {
    generation++;
    entries.clear();
    bytes = 0;
    priceMemo = null;
    counters.invalidations++;
    log.debug('catalogue cache flushed', { reason });
  };

  const subscription: CatalogueSubscription = subscribeToCatalogueChanges(
    database,
    log,
    {
      // Every payload counts, even one that does not parse: flushing too often is only slower.
      onNotify: () => invalidate('catalogue change'),
      onResync: () => invalidate('listener reconnected'),
    },
    options.listen,
  );

  const priceBoundary = async (t: number, gen: number): Promise<number> => {
    let memo = priceMemo;
    if (!memo || memo.generation !== gen || memo.from > t) {
      const created = {
        generation: gen,
        from: t,
        until: nextPriceChange(database.db, new Date(t)).then((d) => (d ? d.getTime() : Infinity)),
      };
      created.until.catch(() => {
        if (priceMemo === created) priceMemo = null;
      });
      priceMemo = memo = created;
    }
    const until = await memo.until;
    if (t < until) return until;
    // The boundary has passed on this clock: ask again from here (the answer is always later).
    if (priceMemo === memo) priceMemo = null;
    return priceBoundary(t, gen);
  };

  const store = (entry: Entry) => {
    const old = entries.get(entry.key);
    if (old) {
      entries.delete(entry.key);
      bytes -= old.bytes;
      // The same body rebuilt: keep the gzipped copy already made.
      if (old.gz && old.etag === entry.etag && !entry.gz) {
        entry.gz = old.gz;
        entry.bytes += old.gz.length;
      }
    }
    if (entry.bytes > maxBytes) return;
    entries.set(entry.key, entry);
    bytes += entry.bytes;
    const replaced = lastAnswers.get(entry.key);
    if (replaced) lastBytes -= replaced.bytes;
    lastAnswers.delete(entry.key);
    lastAnswers.set(entry.key, { entry, bytes: entry.bytes });
    lastBytes += entry.bytes;
    for (const [key, e] of lastAnswers) {
      if (lastAnswers.size <= maxEntries && lastBytes <= maxBytes) break;
      lastAnswers.delete(key);
      lastBytes -= e.bytes;
    }
    for (const [key, e] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      entries.delete(key);
      bytes -= e.bytes;
    }
  };

  /** Stored only if nothing changed (and nothing could have been missed) while it was read. */
  const mayStore = (gen: number, listeningAtStart: boolean) =>
    listeningAtStart && subscription.listening && gen === generation && !closed;

  const build = async (
    key: string,
    kind: CachedKind,
    t: number,
    produce: (now: Date) => Promise<unknown>,
  ): Promise<Entry> => {
    counters.builds++;
    const gen = generation;
    const listeningAtStart = subscription.listening && !closed;
    const [payload, priceUntil] = await Promise.all([
      produce(new Date(t)),
      kind === 'categories' ? Infinity : priceBoundary(t, gen),
    ]);
    const body = JSON.stringify(payload);
    const shown = variantsOf(kind, payload);
    const entry: Entry = {
      key,
      kind,
      generation: gen,
      body,
      etag: bodyEtag(body),
      builtAt: t,
      expiresAt: Math.min(t + maxAgeMs, priceUntil),
      renewAt: t + maxAgeMs / 2,
      variantIds: shown.map((v) => v.variantId),
      quantities: shown.map((v) => v.quantity),
      stockUntil: shown.length ? t + stockTtlMs : Infinity,
      stockCheckAt: shown.length ? t + stockTtlMs / 2 : Infinity,
      bytes: Buffer.byteLength(body),
      gz: null,
      gzipped() {
        if (!entry.gz) {
          entry.gz = gzipSync(body);
          if (entries.get(key) === entry) {
            entry.bytes += entry.gz.length;
            bytes += entry.gz.length;
          }
        }
        return entry.gz;
      },
    };
    if (mayStore(gen, listeningAtStart)) store(entry);
    return entry;
  };

  /**
   * Re-reads the quantities of the variants an entry shows: unchanged, the entry counts as current
   * from `t`; moved (or the entry was dropped meanwhile), it is rebuilt.
   */
  const checkStock = async (
    entry: Entry,
    t: number,
    produce: (now: Date) => Promise<unknown>,
  ): Promise<Entry> => {
    counters.stockChecks++;
    const gen = generation;
    const listeningAtStart = subscription.listening && !closed;
    const now = await variantQuantities(database.db, entry.variantIds);
    const same = entry.variantIds.every((id, i) => now.get(id) === entry.quantities[i]);
    if (same && mayStore(gen, listeningAtStart) && entries.get(entry.key) === entry) {
      if (t > entry.stockUntil - stockTtlMs) {
        entry.stockUntil = t + stockTtlMs;
        entry.stockCheckAt = t + stockTtlMs / 2;
      }
      return entry;
    }
    if (!same) counters.stockMoved++;
    return build(entry.key, entry.kind, t, produce);
  };

  /** Runs a build or a check once per key at a time; concurrent readers share it. */
  const shared = (key: string, t: number, job: () => Promise<Entry>): Promise<Entry> => {
    const running = inflight.get(key);
    if (running && running.generation === generation && running.t <= t) return running.promise;
    const record = { t, generation, promise: job() };
    inflight.set(key, record);
    const done = () => {
      if (inflight.get(key) === record) inflight.delete(key);
    };
    record.promise.then(done, done);
    return record.promise;
  };

  const inBackground = (key: string, t: number, job: () => Promise<Entry>) => {
    if (inflight.has(key)) return;
    shared(key, t, job).catch((err: Error) =>
      log.warn('catalogue cache refresh failed', { key, error: err.message }),
    );
  };

  const isValid = (e: Entry, t: number) => e.builtAt <= t && t < e.expiresAt && t < e.stockUntil;

  const cache: CatalogueCache = {
    async answer(key, kind, clock, produce) {
      try {
        return await fresh(key, kind, clock, produce);
      } catch (err) {
        // The database is gone (a restart, a failover, a cut cable): the last answer stored for this
        // key, however old and even from before a flush, serves shoppers better than an error.
        const last = lastAnswers.get(key);
        if (!last || closed || !isDatabaseUnavailable(err)) throw err;
        counters.stale++;
        return last.entry;
      }
    },
    invalidate,
    stats: () => ({ entries: entries.size, bytes, ...counters, listening: subscription.listening }),
    get listening() {
      return subscription.listening;
    },
    started: subscription.started,
    async close() {
      if (closed) return;
      closed = true;
      registry.get(database)?.delete(cache);
      entries.clear();
      lastAnswers.clear();
      bytes = 0;
      await subscription.close();
    },
  };

  /** The answer valid now: from the cache, or built (and stored when nothing could have been missed). */
  const fresh: CatalogueCache['answer'] = async (key, kind, clock, produce) => {
    const t = clock().getTime();
    if (!subscription.listening || closed) {
      counters.uncached++;
      return build(key, kind, t, produce);
    }
    const entry = entries.get(key);
    if (entry && entry.generation === generation && entry.builtAt <= t && t < entry.expiresAt) {
      if (t < entry.stockUntil) {
        counters.hits++;
        entries.delete(key);
        entries.set(key, entry);
        if (t >= entry.renewAt) inBackground(key, t, () => build(key, kind, t, produce));
        else if (t >= entry.stockCheckAt) inBackground(key, t, () => checkStock(entry, t, produce));
        return entry;
      }
      // Its quantities are too old to show: one small query decides whether it can still serve.
      const checked = await shared(key, t, () => checkStock(entry, t, produce));
      if (isValid(checked, t)) return checked;
    }
    counters.misses++;
    // Concurrent misses share one build (after a flush, every reader of a page would query at once).
    const built = await shared(key, t, () => build(key, kind, t, produce));
    return isValid(built, t) ? built : build(key, kind, t, produce);
  };
  let set = registry.get(database);
  if (!set) registry.set(database, (set = new Set()));
  set.add(cache);
  return cache;
}

/** The variants an answer shows, whose quantities go stale without a notification. */
function variantsOf(kind: CachedKind, payload: unknown): Variant[] {
  if (kind === 'list') return (payload as ProductList).data.flatMap((p) => p.variants);
  if (kind === 'product') return (payload as { data: ProductDetail }).data.variants;
  return [];
}

/** The cache the catalogue routes of this instance share, created on first use. */
export function catalogueCacheFor(deps: { database: Database; logger: Logger }): CatalogueCache {
  let cache = defaults.get(deps.database);
  if (!cache) {
    cache = createCatalogueCache(deps);
    defaults.set(deps.database, cache);
  }
  return cache;
}

/**
 * For modules that change the catalogue (admin writes): drops this instance's cached answers at
 * once, so the admin sees what they just saved; other instances follow the database notification.
 */
export function invalidateCatalogue(database: Database): void {
  for (const cache of registry.get(database) ?? []) cache.invalidate('invalidateCatalogue');
}

/** The cache key of a product list query, independent of how the URL spelled it. */
export function listKey(query: {
  limit: number;
  offset: number;
  sort: string;
  categoryId?: string;
  category?: string;
  inStock?: string;
}): string {
  return `list:${JSON.stringify([
    query.limit,
    query.offset,
    query.sort,
    query.categoryId?.toLowerCase() ?? null,
    query.category ?? null,
    query.inStock ?? null,
  ])}`;
}
