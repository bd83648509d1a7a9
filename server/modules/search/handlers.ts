import { jsonAnswer, sendJson, type JsonAnswer } from '../../lib/conditional';
import { newRouter, type Deps } from '../../lib/http';
import { searchRoute } from './routes';
import { searchIndexFor, searchProducts } from './service';

/** The search routes; creating the module starts this instance's index build. */
export function searchModule(deps: Deps) {
  const index = searchIndexFor(deps);
  // Answers by query while the index is unchanged: a promotion sends many shoppers after the same
  // words, and each answer found, serialised, tagged and gzipped once serves them all.
  const answers = new Map<string, { version: number; answer: JsonAnswer }>();
  return newRouter().openapi(searchRoute, async (c) => {
    const { q, limit } = c.req.valid('query');
    const key = `${limit}:${q}`;
    const version = index.version();
    let kept = answers.get(key);
    if (kept?.version !== version) {
      kept = { version, answer: jsonAnswer({ data: await searchProducts(index, q, limit) }) };
      if (answers.size >= KEPT_ANSWERS) answers.clear();
      answers.set(key, kept);
    }
    // The catalogue changes at any time: the browser asks again each time, and the tag (of the
    // body itself, so an answer the index no longer gives never matches) makes that a 304.
    return sendJson(c, kept.answer);
  });
}

/** At most this many kept answers; when full, they start again empty. */
const KEPT_ANSWERS = 1_000;
