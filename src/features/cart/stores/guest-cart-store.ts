import { PRODUCT_NAME } from '@contract/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** One line of the cart (spec §3), the same shape the server cart will use. */
export interface CartItem {
  productId: string;
  productPid: string;
  /**
   * Stable local id, `<productId>:<variantId>`: one line per variant, and the key that makes the
   * post-sign-in push to the server cart idempotent.
   */
  itemId: string;
  variantId: string;
  quantity: number;
  /** Unit price in whole KSH as last seen (sale included); a cache, the server re-prices. */
  price: number;
  totalPrice: number;
  /** The thumbnail URL. */
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
export type NewCartLine = Omit<CartItem, 'itemId' | 'quantity' | 'totalPrice' | 'lineKey'>;

/** The outcome of a change, so callers can tell the shopper. */
export type CartChange =
  'added' | 'increased' | 'decreased' | 'removed' | 'at-stock' | 'out-of-stock' | 'missing';

interface GuestCartData {
  items: CartItem[];
}

export const GUEST_CART_KEY = `${PRODUCT_NAME.toLowerCase()}.cart`;

export const cartItemId = (productId: string, variantId: string) => `${productId}:${variantId}`;

const newLineKey = () => Math.random().toString(36).slice(2, 10).padEnd(8, '0');

/**
 * The id a line is pushed to the server cart with (`localItemId`): the same in every tab and on every
 * retry, so a push is applied once; lines stored before line keys existed use their itemId alone.
 */
export const pushIdOf = (item: Pick<CartItem, 'itemId' | 'lineKey'>) =>
  item.lineKey ? `${item.itemId}:${item.lineKey}` : item.itemId;

const withQuantity = (item: CartItem, quantity: number): CartItem => ({
  ...item,
  quantity,
  totalPrice: item.price * quantity,
});

const useGuestCartStore = create<GuestCartData>()(
  persist(() => ({ items: [] as CartItem[] }), {
    name: GUEST_CART_KEY,
    version: 1,
    storage: createJSONStorage(() => localStorage),
    // GUIDE §5.5: data fields only.
    partialize: ({ items }) => ({ items }),
    // Whatever another version or a person left in storage, keep only well-formed lines.
    merge: (persisted, current) => ({
      ...current,
      items: sanitiseItems((persisted as Partial<GuestCartData>)?.items),
    }),
  }),
);

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.productId === 'string' &&
    typeof v.variantId === 'string' &&
    typeof v.itemId === 'string' &&
    typeof v.name === 'string' &&
    Number.isInteger(v.quantity) &&
    (v.quantity as number) > 0 &&
    typeof v.price === 'number' &&
    Number.isFinite(v.price)
  );
}

function sanitiseItems(items: unknown): CartItem[] {
  if (!Array.isArray(items)) return [];
  return items.filter(isCartItem).map((item) => ({
    ...item,
    productPid: typeof item.productPid === 'string' ? item.productPid : '',
    image: typeof item.image === 'string' ? item.image : '',
    lineKey:
      typeof item.lineKey === 'string' && /^[a-z0-9]{1,16}$/.test(item.lineKey) ? item.lineKey : undefined,
    totalPrice: item.price * item.quantity,
  }));
}

const setItems = (update: (items: CartItem[]) => CartItem[]) =>
  useGuestCartStore.setState((state) => ({ items: update(state.items) }));

const findItem = (itemId: string) => useGuestCartStore.getState().items.find((i) => i.itemId === itemId);

// ---- rules (spec §4): add increments by 1; remove at 1 deletes, otherwise decrements; never above stock ----

/** Adds one unit of a variant: a new line at quantity 1, or one more on its line. */
export function addGuestItem(line: NewCartLine, stock: number): CartChange {
  const itemId = cartItemId(line.productId, line.variantId);
  if (findItem(itemId)) return increaseGuestItem(itemId, stock, line.price);
  if (stock < 1) return 'out-of-stock';
  setItems((items) => [
    ...items,
    { ...line, itemId, quantity: 1, totalPrice: line.price, lineKey: newLineKey() },
  ]);
  return 'added';
}

/** One more unit, unless that would pass the stock; `price` refreshes the cached unit price. */
export function increaseGuestItem(itemId: string, stock: number, price?: number): CartChange {
  const item = findItem(itemId);
  if (!item) return 'missing';
  if (item.quantity + 1 > stock) return stock < 1 ? 'out-of-stock' : 'at-stock';
  setItems((items) =>
    items.map((i) =>
      i.itemId === itemId ? withQuantity({ ...i, price: price ?? i.price }, i.quantity + 1) : i,
    ),
  );
  return 'increased';
}

/** One unit fewer; the last unit removes the line (quantities never go below one). */
export function decreaseGuestItem(itemId: string): CartChange {
  const item = findItem(itemId);
  if (!item) return 'missing';
  if (item.quantity <= 1) return removeGuestItem(itemId);
  setItems((items) => items.map((i) => (i.itemId === itemId ? withQuantity(i, i.quantity - 1) : i)));
  return 'decreased';
}

export function removeGuestItem(itemId: string): CartChange {
  if (!findItem(itemId)) return 'missing';
  setItems((items) => items.filter((i) => i.itemId !== itemId));
  return 'removed';
}

/**
 * Takes the server's current unit price (and stock) into a line: the stored price is only a cache.
 * A quantity above what is left comes down to it; a line whose variant sold out keeps its quantity
 * so the shopper sees it and decides.
 */
export function refreshGuestItem(itemId: string, fresh: { price: number; stock: number }) {
  const item = findItem(itemId);
  if (!item) return;
  const quantity = fresh.stock > 0 ? Math.min(item.quantity, fresh.stock) : item.quantity;
  if (item.price === fresh.price && item.quantity === quantity) return;
  setItems((items) =>
    items.map((i) => (i.itemId === itemId ? withQuantity({ ...i, price: fresh.price }, quantity) : i)),
  );
}

export function clearGuestCart() {
  useGuestCartStore.setState({ items: [] });
}

/** The lines now, for code outside React. */
export const getGuestCartItems = (): CartItem[] => useGuestCartStore.getState().items;

/** Reads the cart back from storage (another tab changed it, or a test wants the round trip). */
export const rehydrateGuestCart = () => useGuestCartStore.persist.rehydrate();

// ---- selector hooks ----

export const useGuestCartItems = () => useGuestCartStore((s) => s.items);
export const useGuestCartItem = (itemId: string) =>
  useGuestCartStore((s) => s.items.find((i) => i.itemId === itemId));
export const useGuestCartCount = () => useGuestCartStore((s) => s.items.reduce((n, i) => n + i.quantity, 0));
