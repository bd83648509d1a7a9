import type { radix } from '@orama/orama/trees';

/*
 * Finding a query word in one of Orama's radix trees (one tree per indexed field): exact, prefix,
 * typo and typo-in-an-unfinished-word matches, each with a quality the ranking multiplies by the
 * field's weight. Orama's own `find` is not used: it takes one tolerance for every word and
 * de-duplicates document ids with `Array.includes`, quadratic in the documents sharing a word.
 */

type RadixNode = radix.RadixNode;

/**
 * Typos allowed in a query word: none up to 3 letters (too many words are one edit from "egg"),
 * one for 4–7 letters, two from 8. `tolerance` passed to Orama acts as a ceiling (0 turns typos off).
 */
export function typoBudget(word: string, ceiling = 2): number {
  const n = word.length;
  return Math.min(ceiling, n <= 3 ? 0 : n <= 7 ? 1 : 2);
}

/*
 * How well a query word matched an indexed word, in tiers: exact 1, prefix 0.5–0.8 (more of the word
 * typed, higher), one typo 0.2, two 0.12, a typo inside an unfinished word lower still. Times the
 * field weight, a typo in the name (3 × 0.2) stays below the exact word in a description (1 × 1).
 */
const EXACT = 1;
const prefixQuality = (word: string, indexed: string) => 0.5 + 0.3 * (word.length / indexed.length);
const TYPO_QUALITY = [1, 0.2, 0.12];
const TYPO_PREFIX_QUALITY = [0.5, 0.1, 0.06];
/** Prefix matches start here; below it a match had a typo (no whole-name bonus for those). */
export const PREFIX_FLOOR = 0.5;

/** How one query word may match. */
export interface WordMatch {
  word: string;
  /** Typos allowed (see `typoBudget`). */
  maxEdits: number;
  /** Longer indexed words starting with `word` match too. */
  prefix: boolean;
  /** Longer indexed words starting with `word` give or take a typo match too (an unfinished word). */
  typoPrefix: boolean;
}

/** Receives the documents of one matching indexed word and how well it matched. */
export type WordVisitor = (docs: Set<number>, quality: number) => void;

/** Visits `node` (the rest of its edge included) and every word below it. */
function collectBelow(node: RadixNode, quality: (indexed: string) => number, visit: WordVisitor) {
  const stack = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.e && n.d.size) visit(n.d, quality(n.w));
    for (const child of n.c.values()) stack.push(child);
  }
}

/** Exact and prefix matches only: follow the word down the tree (the common, cheap case). */
function matchExact(root: RadixNode, word: string, prefix: boolean, visit: WordVisitor) {
  const m = word.length;
  let node = root;
  let i = 0;
  while (i < m) {
    const child = node.c.get(word[i]!);
    if (!child) return;
    const label = child.s;
    let j = 0;
    while (j < label.length && i + j < m && label[j] === word[i + j]) j++;
    if (i + j === m) {
      // The word ends on this node or inside its edge.
      if (prefix) collectBelow(child, (w) => (w === word ? EXACT : prefixQuality(word, w)), visit);
      else if (j === label.length && child.e && child.d.size) visit(child.d, EXACT);
      return;
    }
    if (j < label.length) return;
    node = child;
    i += j;
  }
}

/**
 * Exact, prefix, typo and typo-in-the-typed-part matches in one walk of Orama's radix tree, carrying
 * a row of the edit-distance table per edge character (swapped neighbours count as one edit) and
 * pruning every branch that is already over the budget.
 */
function matchFuzzy(
  root: RadixNode,
  word: string,
  maxEdits: number,
  typoPrefix: boolean,
  visit: WordVisitor,
) {
  const m = word.length;
  const first = new Uint8Array(m + 1);
  for (let j = 0; j <= m; j++) first[j] = j;

  // `before` is the row one character up the path and `prevCh` that character (for swaps); `tp` is
  // the fewest edits with which the whole query word matched the path so far (-1: not yet).
  const walk = (
    node: RadixNode,
    rowIn: Uint8Array,
    beforeIn: Uint8Array | null,
    prevChIn: string,
    tpIn: number,
  ) => {
    let row = rowIn;
    let before = beforeIn;
    let prevCh = prevChIn;
    let tp = tpIn;
    const label = node.s;
    for (let i = 0; i < label.length; i++) {
      const ch = label[i]!;
      const next = new Uint8Array(m + 1);
      next[0] = row[0]! + 1;
      let best = next[0]!;
      for (let j = 1; j <= m; j++) {
        const wj = word[j - 1];
        let v = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (wj === ch ? 0 : 1));
        if (before && j > 1 && wj === prevCh && word[j - 2] === ch && before[j - 2]! + 1 < v)
          v = before[j - 2]! + 1;
        next[j] = v;
        if (v < best) best = v;
      }
      before = row;
      row = next;
      prevCh = ch;
      const typed = row[m]!;
      if (typed === 0) {
        // The path so far is the query word: everything below is a prefix match (or the word itself).
        collectBelow(node, (w) => (w === word ? EXACT : prefixQuality(word, w)), visit);
        return;
      }
      if (typoPrefix && typed <= maxEdits && (tp < 0 || typed < tp)) tp = typed;
      if (best > maxEdits) {
        // No word below can come within budget as a whole, but all of them continue a typo'd prefix.
        if (tp > 0) {
          const q = TYPO_PREFIX_QUALITY[tp]!;
          collectBelow(node, () => q, visit);
        }
        return;
      }
    }
    if (node.e && node.d.size) {
      const distance = row[m]!;
      let q = distance <= maxEdits ? TYPO_QUALITY[distance]! : 0;
      if (tp > 0) q = Math.max(q, TYPO_PREFIX_QUALITY[tp]!);
      if (q > 0) visit(node.d, q);
    }
    for (const child of node.c.values()) walk(child, row, before, prevCh, tp);
  };
  walk(root, first, null, '', -1);
}

/** Calls `visit` with the documents of every indexed word `q` matches and how well it does. */
export function matchWord(root: RadixNode, q: WordMatch, visit: WordVisitor) {
  if (q.maxEdits === 0) matchExact(root, q.word, q.prefix, visit);
  else matchFuzzy(root, q.word, q.maxEdits, q.typoPrefix, visit);
}
