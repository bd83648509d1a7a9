import { beforeEach, describe, expect, it } from 'vitest';
import {
  addGuestItem,
  clearGuestCart,
  decreaseGuestItem,
  getGuestCartItems,
  GUEST_CART_KEY,
  increaseGuestItem,
  refreshGuestItem,
  rehydrateGuestCart,
  removeGuestItem,
  type NewCartLine,
} from './guest-cart-store';

const sukuma: NewCartLine = {
  productId: 'p-sukuma',
  productPid: 'SKN-10001',
  variantId: 'v-bunch',
  price: 30,
  image: '/api/v1/assets/image/i-1/thumb',
  name: 'Sukuma wiki',
};
const itemId = 'p-sukuma:v-bunch';
const line = () => getGuestCartItems().find((i) => i.itemId === itemId);

describe('the guest cart', () => {
  beforeEach(() => {
    clearGuestCart();
    localStorage.clear();
  });

  it('adds a new line at quantity 1 with a stable local item id', () => {
    expect(addGuestItem(sukuma, 10)).toBe('added');
    expect(getGuestCartItems()).toEqual([
      { ...sukuma, itemId, quantity: 1, totalPrice: 30, lineKey: expect.any(String) },
    ]);
  });

  it('adds one more unit to a line that is already there', () => {
    addGuestItem(sukuma, 10);
    expect(addGuestItem(sukuma, 10)).toBe('increased');
    expect(increaseGuestItem(itemId, 10)).toBe('increased');
    expect(line()).toMatchObject({ quantity: 3, totalPrice: 90 });
    expect(getGuestCartItems()).toHaveLength(1);
  });

  it('keeps one line per variant of a product', () => {
    addGuestItem(sukuma, 10);
    addGuestItem({ ...sukuma, variantId: 'v-kilo', price: 80 }, 10);
    expect(getGuestCartItems().map((i) => i.itemId)).toEqual([itemId, 'p-sukuma:v-kilo']);
  });

  it('decrements, and removes the line when the last unit goes', () => {
    addGuestItem(sukuma, 10);
    addGuestItem(sukuma, 10);
    expect(decreaseGuestItem(itemId)).toBe('decreased');
    expect(line()).toMatchObject({ quantity: 1, totalPrice: 30 });
    expect(decreaseGuestItem(itemId)).toBe('removed');
    expect(getGuestCartItems()).toEqual([]);
    expect(decreaseGuestItem(itemId)).toBe('missing');
  });

  it('never goes above the stock, and never adds what is sold out', () => {
    addGuestItem(sukuma, 2);
    expect(increaseGuestItem(itemId, 2)).toBe('increased');
    expect(increaseGuestItem(itemId, 2)).toBe('at-stock');
    expect(addGuestItem(sukuma, 2)).toBe('at-stock');
    expect(line()?.quantity).toBe(2);
    expect(addGuestItem({ ...sukuma, variantId: 'v-gone' }, 0)).toBe('out-of-stock');
    expect(getGuestCartItems()).toHaveLength(1);
  });

  it('removes a line outright', () => {
    addGuestItem(sukuma, 10);
    addGuestItem(sukuma, 10);
    expect(removeGuestItem(itemId)).toBe('removed');
    expect(getGuestCartItems()).toEqual([]);
  });

  it("takes the server's current price and brings a quantity down to what is left", () => {
    addGuestItem(sukuma, 10);
    addGuestItem(sukuma, 10);
    addGuestItem(sukuma, 10);
    refreshGuestItem(itemId, { price: 25, stock: 2 });
    expect(line()).toMatchObject({ price: 25, quantity: 2, totalPrice: 50 });
    // Sold out: the line stays for the shopper to see and remove.
    refreshGuestItem(itemId, { price: 25, stock: 0 });
    expect(line()?.quantity).toBe(2);
  });

  it('survives a reload: the lines go to local storage and come back', async () => {
    addGuestItem(sukuma, 10);
    addGuestItem(sukuma, 10);
    const stored = JSON.parse(localStorage.getItem(GUEST_CART_KEY)!);
    expect(GUEST_CART_KEY).toBe('sokoni.cart');
    // Data fields only, no functions or flags.
    expect(Object.keys(stored.state)).toEqual(['items']);
    expect(stored.state.items[0]).toMatchObject({ itemId, quantity: 2, price: 30, totalPrice: 60 });

    // Forget the in-memory copy the way a reload does (without writing it back), then read storage.
    const saved = localStorage.getItem(GUEST_CART_KEY)!;
    clearGuestCart();
    localStorage.setItem(GUEST_CART_KEY, saved);
    await rehydrateGuestCart();
    expect(getGuestCartItems()).toEqual([
      { ...sukuma, itemId, quantity: 2, totalPrice: 60, lineKey: expect.any(String) },
    ]);
  });

  it('ignores damaged storage instead of failing', async () => {
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify({
        state: {
          items: [{ itemId: 'x', quantity: -4 }, 'junk', { ...sukuma, itemId, quantity: 1, price: 30 }],
        },
        version: 1,
      }),
    );
    await rehydrateGuestCart();
    expect(getGuestCartItems()).toEqual([{ ...sukuma, itemId, quantity: 1, totalPrice: 30 }]);
  });
});
