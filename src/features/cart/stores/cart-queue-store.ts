import { PRODUCT_NAME } from '@contract/constants';
import type { CartItem } from '@contract/cart';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/*
 * The signed-in shopper's cart changes waiting for the server (model/cart-outbox.ts sends them), and
 * the changes the server refused, to show on their lines. Kept in the browser, so a reload offline
 * keeps them; the cart is the server's once they are sent.
 */

/** One tap on the cart (add, +, −, remove), as it waits to be sent. */
export interface QueuedCartWrite {
  /** The Idempotency-Key, made at the tap: every send of this write carries it, so it applies once. */
  key: string;
  /** Whose cart: only that account's session sends it. */
  userId: string;
  kind: 'add' | 'increase' | 'decrease' | 'remove';
  productId: string;
  /** The server cart has one line per variant: a write names its line by it. */
  variantId: string;
  /** The line's id for PATCH and DELETE; LOCAL_LINE + key for a line added here and not yet sent. */
  itemId: string;
  /** How to name the line should the server refuse the write. */
  name: string;
  image: string | null;
  /** An add of a variant not in the cart: the line to show until the server answers. */
  line?: CartItem;
}

/** A write the server refused (sold out meanwhile, the line gone…): said on its line until dismissed. */
export interface CartConflict {
  userId: string;
  variantId: string;
  productId: string;
  name: string;
  image: string | null;
  /** Why, in the shown language (the server's sentence). */
  reason: string;
}

/** The id prefix of a line added while its add waits: not a server id. */
export const LOCAL_LINE = 'local:';

interface CartQueueData {
  writes: QueuedCartWrite[];
  conflicts: CartConflict[];
}

export const CART_QUEUE_KEY = `${PRODUCT_NAME.toLowerCase()}.cart-queue`;

const KINDS = new Set<unknown>(['add', 'increase', 'decrease', 'remove']);
const isText = (value: unknown): value is string => typeof value === 'string';

function isWrite(value: unknown): value is QueuedCartWrite {
  const v = (value ?? {}) as Record<string, unknown>;
  return KINDS.has(v.kind) && [v.key, v.userId, v.productId, v.variantId, v.itemId].every(isText);
}

function isConflict(value: unknown): value is CartConflict {
  const v = (value ?? {}) as Record<string, unknown>;
  return [v.userId, v.variantId, v.productId, v.name, v.reason].every(isText);
}

const useCartQueueStore = create<CartQueueData>()(
  persist(() => ({ writes: [] as QueuedCartWrite[], conflicts: [] as CartConflict[] }), {
    name: CART_QUEUE_KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
    partialize: ({ writes, conflicts }) => ({ writes, conflicts }),
    // Whatever another version or a person left in storage, keep only well-formed entries.
    merge: (persisted, current) => {
      const p = (persisted ?? {}) as Partial<Record<keyof CartQueueData, unknown>>;
      return {
        ...current,
        writes: Array.isArray(p.writes) ? p.writes.filter(isWrite) : [],
        conflicts: Array.isArray(p.conflicts) ? p.conflicts.filter(isConflict) : [],
      };
    },
  }),
);

const withoutConflictOf = (conflicts: CartConflict[], variantId: string) =>
  conflicts.filter((c) => c.variantId !== variantId);

/** Queues a write last; a new change of a line ends what was said about its last refusal. */
export function queueCartWrite(write: QueuedCartWrite) {
  useCartQueueStore.setState((s) => ({
    writes: [...s.writes, write],
    conflicts: withoutConflictOf(s.conflicts, write.variantId),
  }));
}

/** Takes a write off the queue (sent, or refused). */
export function dropCartWrite(key: string) {
  useCartQueueStore.setState((s) => ({ writes: s.writes.filter((w) => w.key !== key) }));
}

/** Takes off the writes of every account but `userId`: another session cannot send them. */
export function dropOtherAccountsWrites(userId: string) {
  const { writes } = useCartQueueStore.getState();
  if (writes.some((w) => w.userId !== userId))
    useCartQueueStore.setState({ writes: writes.filter((w) => w.userId === userId) });
}

/** Notes a refused write on its line (replacing what was said about that line before). */
export function recordCartConflict(conflict: CartConflict) {
  useCartQueueStore.setState((s) => ({
    conflicts: [...withoutConflictOf(s.conflicts, conflict.variantId), conflict],
  }));
}

export function dismissCartConflict(variantId: string) {
  useCartQueueStore.setState((s) => ({ conflicts: withoutConflictOf(s.conflicts, variantId) }));
}

/** The writes waiting, oldest first, for code outside React. */
export const getQueuedCartWrites = (): QueuedCartWrite[] => useCartQueueStore.getState().writes;

/** Reads the queue back from storage (a test's reload). */
export const rehydrateCartQueue = () => useCartQueueStore.persist.rehydrate();

/** Empties the queue and the conflicts (between tests). */
export const clearCartQueue = () => useCartQueueStore.setState({ writes: [], conflicts: [] });

// ---- selector hooks ----

export const useCartConflicts = (userId: string | undefined) =>
  useCartQueueStore((s) => s.conflicts).filter((c) => c.userId === userId);
