import { getSession } from '@/features/session';
import type { Cart, CartItem } from '@contract/cart';
import { getQueuedCartWrites, type QueuedCartWrite } from '../stores/cart-queue-store';

/*
 * A queued cart change as the shopper sees it before the server answers: applied to the cart the
 * browser holds, by the rules the server applies it with (one line per variant; + and − by one; − at
 * one removes the line). Prices and stock stay the server's last; the server's answer replaces it all.
 */

/** The signed-in shopper whose cart is the server's (not a guest, not an admin); null otherwise. */
export function currentShopperId(): string | null {
  const { token, user } = getSession();
  return token && user && user.type !== 'admin' ? user.userId : null;
}

const withQuantity = (line: CartItem, quantity: number): CartItem => ({
  ...line,
  quantity,
  totalPrice: line.price * quantity,
  available: quantity <= line.stock,
});

function withItems(cart: Cart, items: CartItem[]): Cart {
  const subtotal = items.reduce((sum, i) => sum + i.totalPrice, 0);
  return {
    ...cart,
    Items: items,
    subtotal,
    total: Math.max(0, subtotal + cart.shippingRate - cart.orderSaving),
  };
}

/** The cart with one more write applied. */
export function applyWrite(cart: Cart, write: QueuedCartWrite): Cart {
  const line = cart.Items.find((i) => i.variantId === write.variantId);
  const change = (quantity: number) =>
    quantity > 0
      ? cart.Items.map((i) => (i === line ? withQuantity(i, quantity) : i))
      : cart.Items.filter((i) => i !== line);
  if (!line) {
    return write.kind === 'add' && write.line ? withItems(cart, [...cart.Items, write.line]) : cart;
  }
  switch (write.kind) {
    case 'add':
    case 'increase':
      return withItems(cart, change(line.quantity + 1));
    case 'decrease':
      return withItems(cart, change(line.quantity - 1));
    case 'remove':
      return withItems(cart, change(0));
  }
}

/** The server's cart with the signed-in shopper's writes still waiting applied, oldest first. */
export function withPending(cart: Cart): Cart {
  const userId = currentShopperId();
  return getQueuedCartWrites()
    .filter((w) => w.userId === userId)
    .reduce(applyWrite, cart);
}
