import { http, HttpResponse } from 'msw';
import { SearchQuery, SearchResponse, type SearchResult } from '../../contract/search';
import { mockDb } from '../db';
import {
  activeVariants,
  imageDataUrl,
  shopperProducts,
  type CatalogueFixture,
  type FixtureProduct,
} from '../fixtures/catalogue';
import { invalid, queryObject } from '../http';

/*
 * GET /api/v1/search/orama from the in-memory catalogue, with the server's rules in small
 * (server/modules/search/engine.ts; mocks may not import server/): the same words, typo budget
 * (none up to 3 letters, one up to 7, two from 8), exact > prefix > typo tiers, field weights and
 * "every word must match somewhere". A plain loop over the products stands in for the index.
 */

const WEIGHTS = { name: 3, categories: 1.5, description: 1 } as const;
const OPTIONAL = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'for',
  'with',
  'in',
  'on',
  'to',
  'from',
  'by',
  'or',
  'na',
  'wa',
  'ya',
  'za',
  'la',
  'kwa',
]);
const SPLIT = /[^A-Za-zàèéìòóù0-9_'-]+/;

const words = (text: string) => [...new Set(text.toLowerCase().split(SPLIT).filter(Boolean))];
const typoBudget = (w: string) => (w.length <= 3 ? 0 : w.length <= 7 ? 1 : 2);

/** Edit distance with swapped neighbours as one edit. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** How well a query word matches a field's words: 1 exact, 0.5–0.8 prefix, 0.2/0.12 typo, 0 none. */
function quality(q: string, field: string[], prefix: boolean): number {
  let best = 0;
  for (const w of field) {
    if (w === q) return 1;
    if (prefix && w.startsWith(q)) best = Math.max(best, 0.5 + 0.3 * (q.length / w.length));
    const budget = typoBudget(q);
    if (budget && Math.abs(w.length - q.length) <= budget) {
      const d = distance(q, w);
      if (d <= budget) best = Math.max(best, d === 1 ? 0.2 : 0.12);
    }
  }
  return best;
}

function orderedCategories(p: FixtureProduct, catalogue: CatalogueFixture) {
  return catalogue.categories
    .filter((c) => p.categoryIds.includes(c.id))
    .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

function toResult(p: FixtureProduct, catalogue: CatalogueFixture): SearchResult {
  const first = orderedCategories(p, catalogue)[0];
  return {
    id: p.id,
    pid: p.pid,
    name: p.name,
    description: p.description,
    category: first?.name ?? null,
    categoryId: first?.id ?? null,
    // Data URLs, like the mocked catalogue's images, so mocked pages show pictures without a network.
    Images: p.imageIds.flatMap((id) => {
      const image = catalogue.images.find((i) => i.id === id);
      return image ? [{ url: imageDataUrl(image, 'thumb') }] : [];
    }),
    available: activeVariants(p).some((v) => v.available && v.quantity > 0),
  };
}

/** The matches for `q`, best first. */
function searchCatalogue(q: string, limit: number, catalogue: CatalogueFixture): SearchResult[] {
  const query = words(q).slice(0, 10);
  if (!query.length) return [];
  const anyRequired = query.some((w) => !OPTIONAL.has(w));
  // Hidden and archived products are never found by shoppers (issue 10).
  const scored = shopperProducts(catalogue).flatMap((p, order) => {
    const fields = {
      name: words(p.name),
      categories: words(
        orderedCategories(p, catalogue)
          .map((c) => c.name)
          .join(' '),
      ),
      description: words(p.description),
    };
    let score = 0;
    let missing = false;
    let wholeName = fields.name.length === query.filter((w) => !OPTIONAL.has(w) || !anyRequired).length;
    query.forEach((w, i) => {
      const optional = anyRequired && OPTIONAL.has(w);
      const prefix = i === query.length - 1 || (w.length >= 3 && !optional);
      let wordScore = 0;
      for (const field of ['name', 'categories', 'description'] as const) {
        if (field === 'description' && w.length < 3) continue;
        const qual = optional ? (fields[field].includes(w) ? 1 : 0) : quality(w, fields[field], prefix);
        wordScore += WEIGHTS[field] * qual;
        if (field === 'name' && !optional && qual < 0.5) wholeName = false;
      }
      if (!wordScore && !optional) missing = true;
      score += wordScore;
    });
    if (missing) return [];
    return [{ p, order, score: score + (wholeName ? 5 : 0) }];
  });
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map(({ p }) => toResult(p, catalogue));
}

/** MSW handlers for search; add them to the app's handler list (mocks/handlers/index.ts). */
export const searchHandlers = [
  http.get('*/api/v1/search/orama', ({ request }) => {
    const query = SearchQuery.safeParse(queryObject(new URL(request.url)));
    if (!query.success) return invalid('query', query.error);
    const data = searchCatalogue(query.data.q, query.data.limit, mockDb.catalogue);
    return HttpResponse.json(SearchResponse.parse({ data }), { headers: { 'Cache-Control': 'no-cache' } });
  }),
];
