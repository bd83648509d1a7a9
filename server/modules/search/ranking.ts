import type { components, TokenScore, Tokenizer } from '@orama/orama';
import { matchWord, PREFIX_FLOOR, typoBudget, type WordMatch } from './radix-match';

/*
 * Ranking: which products match a query and in what order. Runs as Orama's `index.search`
 * component (see engine.ts), over Orama's radix trees and field lengths.
 */

type OramaIndex = components.index.Index;

/** Extra score for a product whose whole name is the query ("Omena" before "Omena Fillets 1kg"). */
const WHOLE_NAME_BONUS = 5;
/**
 * BM25's length normalisation, mild and clamped so it never crosses a tier: shorter names rank a
 * little higher, but a typo in a short name (3 × 0.2 × 1.25) stays below an exact word in a long
 * description (1 × 1 × 0.8).
 */
const LENGTH_B = 0.4;
const lengthNorm = (length: number, avg: number) =>
  Math.min(1.25, Math.max(0.8, 1 / (1 - LENGTH_B + (LENGTH_B * length) / avg)));

/**
 * Words a query may carry that must not decide the match on their own ("fish for ugali", Swahili
 * "unga wa mahindi"). They still add to the score where they match; they are not removed from the
 * index, so "wa" typed on the way to "watermelon" still finds it as a prefix.
 */
const OPTIONAL_WORDS = new Set('a an and the of for with in on to from by or na wa ya za la kwa'.split(' '));

/** The part of a query `search` needs, decided once per query. */
interface QueryWord extends WordMatch {
  /** Short words only look at the name and the categories: "in" or "fr" in descriptions say nothing. */
  skipDescription: boolean;
  required: boolean;
}

/** Words of a query beyond this many are ignored (a query is at most 100 characters anyway). */
const MAX_QUERY_WORDS = 10;

function planQuery(
  tokenizer: Tokenizer,
  term: string,
  language: string | undefined,
  ceiling: number,
): QueryWord[] {
  // No normalisation cache for queries: shoppers' text would grow it without bound.
  const words = tokenizer.tokenize(term, language, undefined, false).slice(0, MAX_QUERY_WORDS);
  const anyRequired = words.some((w) => !OPTIONAL_WORDS.has(w));
  return words.map((word, i) => {
    const last = i === words.length - 1;
    const optional = OPTIONAL_WORDS.has(word) && anyRequired;
    return {
      word,
      maxEdits: optional ? 0 : typoBudget(word, ceiling),
      // The word being typed (the last) is a prefix whatever its length; a finished word from three
      // letters on, so "egg" and "tomato" still find eggs and tomatoes.
      prefix: last || (word.length >= 3 && !optional),
      typoPrefix: last && word.length >= 5 && ceiling > 0,
      skipDescription: word.length < 3,
      required: !optional,
    };
  });
}

/**
 * Per-product accumulators, indexed by Orama's internal document id (dense small integers) and
 * reused across queries: typed arrays and generation stamps instead of Maps, so a common word held
 * by a quarter of the catalogue costs no allocation and no garbage collection.
 */
export class Scratch {
  private cap = 0;
  gen = 0;
  /** Best match quality of the current word in the current field. */
  fieldStamp = new Uint32Array(0);
  fieldBest = new Float32Array(0);
  /** Score of the current word, summed over fields; the quality of its match in the name. */
  wordStamp = new Uint32Array(0);
  wordScore = new Float64Array(0);
  nameStamp = new Uint32Array(0);
  nameBest = new Float32Array(0);
  /** The query's score, words matched, words matched in the name and the weakest of those. */
  queryStamp = new Uint32Array(0);
  total = new Float64Array(0);
  matched = new Uint8Array(0);
  nameHits = new Uint8Array(0);
  nameWorst = new Float32Array(0);

  ensure(size: number) {
    if (size <= this.cap) return;
    let cap = Math.max(1024, this.cap);
    while (cap < size) cap *= 2;
    this.cap = cap;
    this.fieldStamp = new Uint32Array(cap);
    this.fieldBest = new Float32Array(cap);
    this.wordStamp = new Uint32Array(cap);
    this.wordScore = new Float64Array(cap);
    this.nameStamp = new Uint32Array(cap);
    this.nameBest = new Float32Array(cap);
    this.queryStamp = new Uint32Array(cap);
    this.total = new Float64Array(cap);
    this.matched = new Uint8Array(cap);
    this.nameHits = new Uint8Array(cap);
    this.nameWorst = new Float32Array(cap);
    this.gen = 0;
  }

  next() {
    if (this.gen >= 0xfffffff0) {
      // Stamps would wrap: start over with clean arrays.
      this.fieldStamp.fill(0);
      this.wordStamp.fill(0);
      this.nameStamp.fill(0);
      this.queryStamp.fill(0);
      this.gen = 0;
    }
    return ++this.gen;
  }
}

/** What the component needs beyond Orama's arguments; one per index. */
export interface SearchState {
  scratch: Scratch;
  /** How many results the caller will keep: only that many best are handed back to Orama to sort. */
  limit: number;
}

/**
 * Orama's `index.search` component, replaced: per-word typo budgets, quality tiers (exact > prefix >
 * typo), field weights, mild length normalisation and AND across fields (a product must match every
 * required word in some field; when none does, the products matching the most words are returned).
 */
export function productSearch(
  state: SearchState,
  index: OramaIndex,
  term: string,
  tokenizer: Tokenizer,
  language: string | undefined,
  propertiesToSearch: string[],
  tolerance: number,
  boost: Partial<Record<string, number>>,
  whereFiltersIDs: Set<number> | undefined,
): TokenScore[] {
  const plan = planQuery(tokenizer, term, language, tolerance);
  if (!plan.length) return [];
  const s = state.scratch;
  s.ensure(index.sharedInternalDocumentStore.internalIdToId.length + 1);
  const queryGen = s.next();
  const touched: number[] = [];
  const requiredCount = plan.filter((w) => w.required).length;

  for (const q of plan) {
    const wordGen = s.next();
    const wordTouched: number[] = [];
    for (const prop of propertiesToSearch) {
      if (q.skipDescription && prop === 'description') continue;
      const tree = index.indexes[prop];
      if (!tree || tree.type !== 'Radix') continue;
      const fieldGen = s.next();
      const fieldTouched: number[] = [];
      matchWord(tree.node, q, (docs, quality) => {
        for (const d of docs) {
          if (s.fieldStamp[d] !== fieldGen) {
            if (whereFiltersIDs && !whereFiltersIDs.has(d)) continue;
            s.fieldStamp[d] = fieldGen;
            s.fieldBest[d] = quality;
            fieldTouched.push(d);
          } else if (quality > s.fieldBest[d]!) {
            s.fieldBest[d] = quality;
          }
        }
      });
      if (!fieldTouched.length) continue;
      const weight = boost[prop] ?? 1;
      const lengths = index.fieldLengths[prop] ?? {};
      const avg = index.avgFieldLength[prop] || 1;
      const isName = prop === 'name';
      for (const d of fieldTouched) {
        const quality = s.fieldBest[d]!;
        const contribution = weight * quality * lengthNorm(lengths[d] ?? avg, avg);
        if (s.wordStamp[d] !== wordGen) {
          s.wordStamp[d] = wordGen;
          s.wordScore[d] = contribution;
          wordTouched.push(d);
        } else {
          s.wordScore[d] = s.wordScore[d]! + contribution;
        }
        if (isName) {
          s.nameStamp[d] = wordGen;
          s.nameBest[d] = quality;
        }
      }
    }
    for (const d of wordTouched) {
      if (s.queryStamp[d] !== queryGen) {
        s.queryStamp[d] = queryGen;
        s.total[d] = 0;
        s.matched[d] = 0;
        s.nameHits[d] = 0;
        s.nameWorst[d] = 1;
        touched.push(d);
      }
      s.total[d] = s.total[d]! + s.wordScore[d]!;
      if (!q.required) continue;
      s.matched[d] = s.matched[d]! + 1;
      if (s.nameStamp[d] === wordGen) {
        s.nameHits[d] = s.nameHits[d]! + 1;
        if (s.nameBest[d]! < s.nameWorst[d]!) s.nameWorst[d] = s.nameBest[d]!;
      }
    }
  }

  // AND first; when no product has every word, fall back to those with the most.
  let need = requiredCount;
  if (need > 0) {
    let most = 0;
    for (const d of touched) if (s.matched[d]! > most) most = s.matched[d]!;
    need = Math.min(need, most);
    if (need === 0) return [];
  }
  const nameLengths = index.fieldLengths['name'] ?? {};
  const top = new TopK(state.limit);
  for (const d of touched) {
    if (s.matched[d]! < need) continue;
    let total = s.total[d]!;
    if (
      requiredCount > 0 &&
      s.nameHits[d] === requiredCount &&
      nameLengths[d] === requiredCount &&
      s.nameWorst[d]! >= PREFIX_FLOOR
    ) {
      total += WHOLE_NAME_BONUS * s.nameWorst[d]!;
    }
    top.offer(d, total);
  }
  return top.results();
}

/**
 * The k best (id, score) pairs, by score then lower id (Orama's own order), in a bounded min-heap:
 * a common word matches tens of thousands of products, and sorting them all only to keep 20 was the
 * largest cost left.
 */
class TopK {
  private ids: number[] = [];
  private scores: number[] = [];
  constructor(private readonly k: number) {}

  /** a ranks below b. */
  private worse(i: number, j: number) {
    const a = this.scores[i]!;
    const b = this.scores[j]!;
    return a < b || (a === b && this.ids[i]! > this.ids[j]!);
  }

  offer(id: number, score: number) {
    const { ids, scores } = this;
    if (ids.length < this.k) {
      ids.push(id);
      scores.push(score);
      let i = ids.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    const rootScore = scores[0]!;
    if (score < rootScore || (score === rootScore && id > ids[0]!)) return;
    ids[0] = id;
    scores[0] = score;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let smallest = i;
      if (l < ids.length && this.worse(l, smallest)) smallest = l;
      if (r < ids.length && this.worse(r, smallest)) smallest = r;
      if (smallest === i) break;
      this.swap(i, smallest);
      i = smallest;
    }
  }

  private swap(i: number, j: number) {
    const { ids, scores } = this;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    [scores[i], scores[j]] = [scores[j]!, scores[i]!];
  }

  results(): TokenScore[] {
    return this.ids.map((id, i) => [id, this.scores[i]!] as TokenScore);
  }
}
