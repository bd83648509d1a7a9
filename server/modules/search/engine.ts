import {
  components,
  create,
  insert,
  remove,
  search as oramaSearch,
  type IIndex,
  type Results,
  type Tokenizer,
} from '@orama/orama';
import { imagePath } from '../../../contract/catalogue';
import type { SearchResult } from '../../../contract/search';
import { productSearch, Scratch, type SearchState } from './ranking';

/*
 * The in-memory product index: Orama keeps the documents, the tokenizer, the radix trees and the
 * field lengths; only its matching-and-scoring step (its `index.search` component) is replaced, by
 * ranking.ts and radix-match.ts. Two reasons, both measured (see bench/results/search.md):
 *  - typo tolerance must depend on each word's length, while Orama's `tolerance` is one number for
 *    the whole query, and a typo match must rank below an exact one, which Orama does not do;
 *  - Orama 3's radix `find` de-duplicates document ids with `Array.includes`, quadratic in the number
 *    of documents holding a word: a query containing "fresh" took 15 ms at 10k products.
 * No database here, so the benchmark runs exactly the code the server runs.
 */

/** What the index needs to know about a product. */
export interface SearchDocument {
  id: string;
  pid: string;
  name: string;
  description: string;
  /** In display order (position, name); the first one is the product's category in results. */
  categories: { id: string; name: string }[];
  /** In display order. */
  imageIds: string[];
  /** Some variant is in stock. */
  available: boolean;
}

/** Indexed fields and their weight: the name counts most, then the category, then the text. */
export const FIELD_WEIGHTS = { name: 3, categories: 1.5, description: 1 } as const;
type Field = keyof typeof FIELD_WEIGHTS;
const FIELDS = Object.keys(FIELD_WEIGHTS) as Field[];

type OramaIndex = components.index.Index;

function newOrama(state: SearchState) {
  const base = components.index.createIndex();
  const index: IIndex<OramaIndex> = {
    ...base,
    search: ((
      idx: OramaIndex,
      term: string,
      tokenizer: Tokenizer,
      language: string | undefined,
      properties: string[],
      _exact: boolean,
      tolerance: number,
      boost: Partial<Record<string, number>>,
      _relevance: unknown,
      _docsCount: number,
      whereFiltersIDs: Set<number> | undefined,
    ) =>
      productSearch(
        state,
        idx,
        term,
        tokenizer,
        language,
        properties,
        tolerance,
        boost,
        whereFiltersIDs,
      )) as unknown as IIndex<OramaIndex>['search'],
    // Scoring uses field lengths only, so skip the per-document term-frequency maps Orama keeps for
    // BM25: they were most of the index's memory and build time.
    insertDocumentScoreParameters(index, prop, id, tokens, docsCount) {
      const internalId = id as unknown as number;
      index.avgFieldLength[prop] =
        ((index.avgFieldLength[prop] ?? 0) * (docsCount - 1) + tokens.length) / docsCount;
      index.fieldLengths[prop]![internalId] = tokens.length;
    },
    insertTokenScoreParameters() {},
    removeTokenScoreParameters() {},
  };
  return create({
    schema: { name: 'string', categories: 'string', description: 'string' } as const,
    // Results are ordered by score only; Orama's per-field sorters would cost memory and build time.
    sort: { enabled: false },
    components: { index },
  });
}

/** The search result the API returns for a product. */
function toResult(doc: SearchDocument): SearchResult {
  const first = doc.categories[0];
  return {
    id: doc.id,
    pid: doc.pid,
    name: doc.name,
    description: doc.description,
    category: first?.name ?? null,
    categoryId: first?.id ?? null,
    Images: doc.imageIds.map((imageId) => ({ url: imagePath(imageId, 'thumb') })),
    available: doc.available,
  };
}

export interface ProductIndex {
  /** Best match first; `q` is free text (the caller validates its length). */
  search(q: string, limit: number): SearchResult[];
  /** Adds the product or replaces what the index knew of it. */
  upsert(doc: SearchDocument): void;
  /** Forgets a product; false when it was not indexed. */
  remove(id: string): boolean;
  has(id: string): boolean;
  readonly size: number;
  /** Changes with every upsert and remove, and is never the same for two indexes of this process. */
  readonly version: number;
}

/** The versions of every index of the process come from this one count. */
let writes = 0;

/** An empty index; fill it with `upsert` or use `buildProductIndex`. */
export function createProductIndex(): ProductIndex {
  const state: SearchState = { scratch: new Scratch(), limit: Number.POSITIVE_INFINITY };
  const orama = newOrama(state);
  const results = new Map<string, SearchResult>();
  let version = ++writes;
  const index: ProductIndex = {
    search(q, limit) {
      state.limit = limit;
      const found = oramaSearch(orama, {
        term: q,
        properties: FIELDS,
        boost: FIELD_WEIGHTS,
        tolerance: 2,
        limit,
      }) as Results<{ id: string }>;
      const out: SearchResult[] = [];
      for (const hit of found.hits) {
        const r = results.get(hit.id);
        if (r) out.push(r);
      }
      return out;
    },
    upsert(doc) {
      if (results.has(doc.id)) remove(orama, doc.id);
      insert(orama, {
        id: doc.id,
        name: doc.name,
        categories: doc.categories.map((c) => c.name).join(' \u2022 '),
        description: doc.description,
      });
      results.set(doc.id, toResult(doc));
      version = ++writes;
    },
    remove(id) {
      if (!results.has(id)) return false;
      remove(orama, id);
      results.delete(id);
      version = ++writes;
      return true;
    },
    has: (id) => results.has(id),
    get size() {
      return results.size;
    },
    get version() {
      return version;
    },
  };
  return index;
}

/**
 * Builds an index from many documents in slices, giving the event loop a turn between slices so a
 * server keeps answering while a large catalogue is indexed.
 */
export async function buildProductIndex(
  docs: Iterable<SearchDocument>,
  sliceSize = 500,
): Promise<ProductIndex> {
  const index = createProductIndex();
  let n = 0;
  for (const doc of docs) {
    index.upsert(doc);
    if (++n % sliceSize === 0) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return index;
}
