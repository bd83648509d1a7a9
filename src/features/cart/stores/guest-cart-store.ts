import { PRODUCT_NAME } from '@contract/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * One line of the guest cart as the browser keeps it: what the shopper chose and how many. Prices,
 * totals and stock are never kept here: the server prices the lines on every read
 * (`POST /v1/cart/quote`), so the browser shows what the server computed.
 */
export interface GuestCartLine {
  productId: string;
  productPid: string;
  /**
   * Stable local id, `<productId>:<variantId>`: one line per variant, and the key that makes the
   * post-sign-in push to the server cart idempotent.
   */
  itemId: string;
  variantId: string;
  quantity: number;
  /** The thumbnail URL and the name, to name a line the shop no longer sells. */
  image: string;
  name: string;
  /**
   * A random tag of this line, made when it is first added. With the itemId it is the line's
   * `localItemId` when it is pushed to the server cart after sign-in: the server applies an id once
   * per account forever, so the same variant added again in a later guest visit needs a new one.
   */
  lineKey?: string;
}

/** What adding needs to know about the product; the store works out the rest. */
export type NewCartLine = Omit<GuestCartLine, 'itemId' | 'quantity' | 'lineKey'>;

/** The outcome of a change, so callers can tell the shopper. */
export type CartChange =
  'added' | 'increased' | 'decreased' | 'removed' | 'at-stock' | 'out-of-stock' | 'missing';

interface GuestCartData {
  items: GuestCartLine[];
}

export const GUEST_CART_KEY = `${PRODUCT_NAME.toLowerCase()}.cart`;

export const cartItemId = (productId: string, variantId: string) => `${productId}:${variantId}`;

const newLineKey = () => Math.random().toString(36).slice(2, 10).padEnd(8, '0');

/**
 * The id a line is pushed to the server cart with (`localItemId`): the same in every tab and on every
 * retry, so a push is applied once; lines stored before line keys existed use their itemId alone.
 */
export const pushIdOf = (item: Pick<GuestCartLine, 'itemId' | 'lineKey'>) =>
  item.lineKey ? `${item.itemId}:${item.lineKey}` : item.itemId;

const useGuestCartStore = create<GuestCartData>()(
  persist(() => ({ items: [] as GuestCartLine[] }), {
    name: GUEST_CART_KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
    // Data fields only (docs/design.md#small-stores).
    partialize: ({ items }) => ({ items }),
    // Whatever another version or a person left in storage, keep only well-formed lines.
    merge: (persisted, current) => ({
      ...current,
      items: sanitiseItems((persisted as Partial<GuestCartData>)?.items),
    }),
  }),
);

function isGuestCartLine(value: unknown): value is GuestCartLine {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.productId === 'string' &&
    typeof v.variantId === 'string' &&
    typeof v.itemId === 'string' &&
    typeof v.name === 'string' &&
    Number.isInteger(v.quantity) &&
    (v.quantity as number) > 0
  );
}

function sanitiseItems(items: unknown): GuestCartLine[] {
  if (!Array.isArray(items)) return [];
  // Field by field: a line stored by an older version (with the prices it once kept) keeps only these.
  return items.filter(isGuestCartLine).map((item) => ({
    productId: item.productId,
    productPid: typeof item.productPid === 'string' ? item.productPid : '',
    itemId: item.itemId,
    variantId: item.variantId,
    quantity: item.quantity,
    image: typeof item.image === 'string' ? item.image : '',
    name: item.name,
    lineKey:
      typeof item.lineKey === 'string' && /^[a-z0-9]{1,16}$/.test(item.lineKey) ? item.lineKey : undefined,
  }));
}

const setItems = (update: (items: GuestCartLine[]) => GuestCartLine[]) =>
  useGuestCartStore.setState((state) => ({ items: update(state.items) }));

const findItem = (itemId: string) => useGuestCartStore.getState().items.find((i) => i.itemId === itemId);

// ---- rules (docs/behaviour.md#cart): add increments by 1; remove at 1 deletes, otherwise decrements; never
// above stock ----

/** Adds one unit of a variant: a new line at quantity 1, or one more on its line. */
export function addGuestItem(line: NewCartLine, stock: number): CartChange {
  const itemId = cartItemId(line.productId, line.variantId);
  if (findItem(itemId)) return increaseGuestItem(itemId, stock);
  if (stock < 1) return 'out-of-stock';
  setItems((items) => [...items, { ...line, itemId, quantity: 1, lineKey: newLineKey() }]);
  return 'added';
}

const setQuantity = (itemId: string, quantity: number) =>
  setItems((items) => items.map((i) => (i.itemId === itemId ? { ...i, quantity } : i)));

/** One more unit, unless that would pass the stock. */
export function increaseGuestItem(itemId: string, stock: number): CartChange {
  const item = findItem(itemId);
  if (!item) return 'missing';
  if (item.quantity + 1 > stock) return stock < 1 ? 'out-of-stock' : 'at-stock';
  setQuantity(itemId, item.quantity + 1);
  return 'increased';
}

/** One unit fewer; the last unit removes the line (quantities never go below one). */
export function decreaseGuestItem(itemId: string): CartChange {
  const item = findItem(itemId);
  if (!item) return 'missing';
  if (item.quantity <= 1) return removeGuestItem(itemId);
  setQuantity(itemId, item.quantity - 1);
  return 'decreased';
}

export function removeGuestItem(itemId: string): CartChange {
  if (!findItem(itemId)) return 'missing';
  setItems((items) => items.filter((i) => i.itemId !== itemId));
  return 'removed';
}

/**
 * Brings a line down to the units left when the server says fewer are in stock than it holds. A line
 * whose variant sold out keeps its quantity, so the shopper sees it and decides.
 */
export function capGuestItem(itemId: string, stock: number) {
  const item = findItem(itemId);
  if (item && stock > 0 && item.quantity > stock) setQuantity(itemId, stock);
}

export function clearGuestCart() {
  useGuestCartStore.setState({ items: [] });
}

/** The lines now, for code outside React. */
export const getGuestCartItems = (): GuestCartLine[] => useGuestCartStore.getState().items;

/** Reads the cart back from storage (another tab changed it, or a test wants the round trip). */
export const rehydrateGuestCart = () => useGuestCartStore.persist.rehydrate();

// ---- selector hooks ----

export const useGuestCartItems = () => useGuestCartStore((s) => s.items);
export const useGuestCartItem = (itemId: string) =>
  useGuestCartStore((s) => s.items.find((i) => i.itemId === itemId));
export const useGuestCartCount = () => useGuestCartStore((s) => s.items.reduce((n, i) => n + i.quantity, 0));
