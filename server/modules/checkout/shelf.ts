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

/**
 * The units this instance's checkouts want while they wait in line or place their order, per
 * variant. In a flash sale hundreds of shoppers pass the early pricing while units are still on the
 * shelf, and each would wait its turn only to be refused; once the checkouts ahead of one claim every
 * unit the stock read shows, it is refused at once instead (409 out_of_stock, with what is left
 * unclaimed). Retries of one checkout (the same Idempotency-Key) share its claim and go on to their
 * answer. A claim ends when its transaction does, whatever the outcome: a unit whose order failed
 * is claimable again at once; the transaction, not this, decides every sale.
 */
export function createClaims() {
  const claimed = new Map<string, number>();
  const keys = new Set<string>();
  const change = (variantId: string, by: number) => {
    const units = (claimed.get(variantId) ?? 0) + by;
    if (units > 0) claimed.set(variantId, units);
    else claimed.delete(variantId);
  };
  return {
    /**
     * Claims the lines' units for the checkout `key`; answers the first line the stock as read
     * cannot cover beyond what is claimed, and what is left unclaimed of it, claiming nothing then.
     */
    take<L extends { variantId: string | null; quantity: number; stock: number }>(
      key: string,
      lines: readonly L[],
    ): { short: { line: L; left: number } } | { release(): void } {
      if (keys.has(key)) return { release() {} };
      const wanted = lines.filter((l): l is L & { variantId: string } => l.variantId !== null);
      for (const line of wanted) {
        const left = line.stock - (claimed.get(line.variantId) ?? 0);
        if (line.quantity > left) return { short: { line, left: Math.max(0, left) } };
      }
      keys.add(key);
      for (const l of wanted) change(l.variantId, l.quantity);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          keys.delete(key);
          for (const l of wanted) change(l.variantId, -l.quantity);
        },
      };
    },
  };
}
