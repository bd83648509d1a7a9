import { CART_LINES_MAX, CART_QUANTITY_MAX } from './cart';
import type { RefusalWords } from './refusal-words';

// The quantity and stock rules of the cart and of checkout, and the words the shopper reads when one
// stops them: one copy for the server and the mocks.

/** A refusal as the API answers it (status, error code, message). */
export interface Refusal {
  status: 400 | 404 | 409;
  code: string;
  message: string;
  /** Fields the error body carries beside message and code (the new figures of `price_changed`). */
  details?: Readonly<Record<string, unknown>>;
}

const saying = (...words: RefusalWords[]) => ({ words });

/** How messages name a variant: `Tilapia (Large)`, or just the name when the variant has none. */
export const variantLabel = (name: string, variantName: string) =>
  variantName ? `${name} (${variantName})` : name;

/** Adding a variant with no units left. */
export const outOfStock = (label: string): Refusal => ({
  status: 400,
  code: 'out_of_stock',
  message: `${label} is out of stock.`,
  details: saying({ key: 'outOfStock', values: { label } }),
});

/** A new line in a cart that already holds CART_LINES_MAX. */
export const cartFull = (): Refusal => ({
  status: 400,
  code: 'cart_full',
  message: `A cart holds at most ${CART_LINES_MAX} different items.`,
  details: saying({ key: 'cartFull', values: { max: CART_LINES_MAX } }),
});

/** Why a cart line of `quantity` units of a variant with `stock` left cannot be kept; null when it can. */
export function cartQuantityRefusal(quantity: number, stock: number, label: string): Refusal | null {
  if (quantity > CART_QUANTITY_MAX) {
    return {
      status: 400,
      code: 'bad_request',
      message: `A cart line holds at most ${CART_QUANTITY_MAX} units of ${label}.`,
      details: saying({ key: 'lineMax', values: { max: CART_QUANTITY_MAX, label } }),
    };
  }
  if (quantity > stock) {
    return {
      status: 400,
      code: 'not_enough_stock',
      message:
        stock === 0
          ? `${label} is out of stock.`
          : `Only ${stock} of ${label} ${stock === 1 ? 'is' : 'are'} in stock; your cart would have ${quantity}.`,
      details:
        stock === 0
          ? saying({ key: 'outOfStock', values: { label } })
          : saying({ key: 'notEnoughStock', values: { count: stock, label, quantity } }),
    };
  }
  return null;
}

/** What the shopper can do when checkout finds a line that does not fit. */
export const CART_HINT = 'Update your cart and try again.';
/** …and when a payment retry does: the order keeps its quantities. */
export const ORDER_HINT = 'This order can no longer be paid; please place a new one.';

/**
 * Checkout or a payment retry could not take a line's units: `left` is what is in stock, null when the
 * variant is no longer sold. A 409, because the request was fine and the stock moved.
 */
export function reservationRefusal(label: string, left: number | null, hint: string): Refusal {
  const what =
    left === null
      ? `${label} is no longer sold.`
      : left === 0
        ? `Sorry, ${label} just sold out.`
        : `Sorry, only ${left} of ${label} ${left === 1 ? 'is' : 'are'} left.`;
  const said: RefusalWords =
    left === null
      ? { key: 'noLongerSold', values: { label } }
      : left === 0
        ? { key: 'justSoldOut', values: { label } }
        : { key: 'onlyLeft', values: { count: left, label } };
  const hinted = hint === CART_HINT ? 'hintCart' : hint === ORDER_HINT ? 'hintOrder' : null;
  return {
    status: 409,
    code: 'out_of_stock',
    message: `${what} ${hint}`,
    // A hint the storefront has no words for leaves the English message to be shown.
    ...(hinted ? { details: saying(said, { key: hinted }) } : {}),
  };
}
