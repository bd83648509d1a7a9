/**
 * What this instance last saw of variants' stock, for a moment. Once a sale sells out, every
 * checkout still waiting in line would open a transaction only to be refused; with the level an
 * order left (or a refusal found) less than `forMs` ago, the refusal comes without one. A unit given
 * back meanwhile (a payment failed, a restock) is seen at most `forMs` later; the transaction, not
 * this, decides every sale.
 */
export function createShelfMemory({ forMs = 1_000, now = () => Date.now() } = {}) {
  const seen = new Map<string, { level: number; at: number }>();
  return {
    saw(variantId: string, level: number) {
      const at = now();
      if (seen.size >= MAX_SEEN) for (const [id, s] of seen) if (at - s.at >= forMs) seen.delete(id);
      seen.set(variantId, { level, at });
    },
    /** The first line that the levels seen just now cannot cover, and what was left of it. */
    short<L extends { variantId: string | null; quantity: number }>(
      lines: readonly L[],
    ): { line: L; left: number } | undefined {
      const at = now();
      for (const line of lines) {
        const s = line.variantId === null ? undefined : seen.get(line.variantId);
        if (s && at - s.at < forMs && line.quantity > s.level) return { line, left: s.level };
      }
      return undefined;
    },
  };
}

/** Past this many variants seen, those seen too long ago are forgotten. */
const MAX_SEEN = 10_000;
