import { beforeEach, describe, expect, it } from 'vitest';
import {
  addGuestItem,
  capGuestItem,
  clearGuestCart,
  decreaseGuestItem,
  getGuestCartItems,
  GUEST_CART_KEY,
  increaseGuestItem,
  rehydrateGuestCart,
  removeGuestItem,
  type NewCartLine,
} from './guest-cart-store';

const sukuma: NewCartLine = {
  productId: 'p-sukuma',
  productPid: 'SKN-10001',
  variantId: 'v-bunch',
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
    expect(getGuestCartItems()).toEqual([{ ...sukuma, itemId, quantity: 1, lineKey: expect.any(String) }]);
  });

  it('adds one more unit to a line that is already there', () => {
    addGuestItem(sukuma, 10);
    expect(addGuestItem(sukuma, 10)).toBe('increased');
    expect(increaseGuestItem(itemId, 10)).toBe('increased');
    expect(line()).toMatchObject({ quantity: 3 });
    expect(getGuestCartItems()).toHaveLength(1);
  });

  it('keeps one line per variant of a product', () => {
    addGuestItem(sukuma, 10);
    addGuestItem({ ...sukuma, variantId: 'v-kilo' }, 10);
    expect(getGuestCartItems().map((i) => i.itemId)).toEqual([itemId, 'p-sukuma:v-kilo']);
  });

  it('decrements, and removes the line when the last unit goes', () => {
    addGuestItem(sukuma, 10);
    addGuestItem(sukuma, 10);
    expect(decreaseGuestItem(itemId)).toBe('decreased');
    expect(line()).toMatchObject({ quantity: 1 });
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

  it('brings a quantity down to what the server says is left, and keeps a sold-out line as it is', () => {
    addGuestItem(sukuma, 10);
    addGuestItem(sukuma, 10);
    addGuestItem(sukuma, 10);
    capGuestItem(itemId, 2);
    expect(line()?.quantity).toBe(2);
    capGuestItem(itemId, 5);
    expect(line()?.quantity).toBe(2);
    // Sold out: the line stays for the shopper to see and remove.
    capGuestItem(itemId, 0);
    expect(line()?.quantity).toBe(2);
  });

  it('keeps no prices: the server prices every line when the cart is shown', () => {
    addGuestItem(sukuma, 10);
    expect(Object.keys(line()!).sort()).toEqual([
      'image',
      'itemId',
      'lineKey',
      'name',
      'productId',
      'productPid',
      'quantity',
      'variantId',
    ]);
  });

  it('survives a reload: the lines go to local storage and come back', async () => {
    addGuestItem(sukuma, 10);
    addGuestItem(sukuma, 10);
    const stored = JSON.parse(localStorage.getItem(GUEST_CART_KEY)!);
    expect(GUEST_CART_KEY).toBe('sokoni.cart');
    // Data fields only, no functions or flags.
    expect(Object.keys(stored.state)).toEqual(['items']);
    expect(stored.state.items[0]).toMatchObject({ itemId, quantity: 2 });

    // Forget the in-memory copy the way a reload does (without writing it back), then read storage.
    const saved = localStorage.getItem(GUEST_CART_KEY)!;
    clearGuestCart();
    localStorage.setItem(GUEST_CART_KEY, saved);
    await rehydrateGuestCart();
    expect(getGuestCartItems()).toEqual([{ ...sukuma, itemId, quantity: 2, lineKey: expect.any(String) }]);
  });

  it('ignores damaged storage instead of failing', async () => {
    localStorage.setItem(
      GUEST_CART_KEY,
      JSON.stringify({
        state: {
          // The last line was stored by an older version, with the prices it kept then.
          items: [
            { itemId: 'x', quantity: -4 },
            'junk',
            { ...sukuma, itemId, quantity: 1, price: 30, totalPrice: 30 },
          ],
        },
        version: 1,
      }),
    );
    await rehydrateGuestCart();
    expect(getGuestCartItems()).toEqual([{ ...sukuma, itemId, quantity: 1, lineKey: undefined }]);
  });
});
