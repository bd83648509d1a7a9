import type { Context } from 'hono';
import { currentUser, requireCustomer } from '../../lib/auth/middleware';
import { newRouter, type Deps } from '../../lib/http';
import { clientIp } from '../../lib/rate-limit';
import type { PromoPricing } from '../../../contract/promo';
import { deliverySettings, placeInput, resolvePlace } from '../delivery';
import {
  addCartItemRoute,
  getCartRoute,
  quoteCartRoute,
  removeCartItemRoute,
  updateCartItemRoute,
} from './routes';
import { promoGuesses, unknownCode, type PromoGuesser } from './promo';
import { addCartItem, changeCartItem, getCart, getPricedCart, quoteCart, removeCartItem } from './service';
import { cartWriteRequest } from '../../../contract/cart-view';
import { writeOnce } from './write-keys';

export function cartModule(deps: Deps) {
  const { db } = deps.database;
  const settings = deliverySettings(deps.env);
  const router = newRouter();
  // The shopper's own cart only; the quote (POST /quote) is for guests too.
  const shopper = requireCustomer(deps);
  router.on(['GET', 'POST'], '/', shopper);
  router.on(['PATCH', 'DELETE'], '/:itemId', shopper);
  // Mutations answer with the cart (no delivery fee): the SPA refreshes the checkout view itself.
  const cartOf = (userId: string) => getCart(db, userId, new Date());
  /** A write answers with the cart now; a replayed key says so, as checkout's does. */
  const markReplay = (c: Context, replayed: boolean) => {
    if (replayed) c.header('Idempotent-Replayed', 'true');
  };
  const guesses = promoGuesses(db, deps.env);
  /**
   * Prices with a typed code, guarded against guessing: refused with a 429 before the code is looked
   * up once `who` has tried too many unknown codes; an unknown code counts as one more.
   */
  const withCode = async (
    code: string | undefined,
    who: PromoGuesser,
    now: Date,
    price: () => Promise<PromoPricing>,
  ) => {
    if (code !== undefined) await guesses.check(who, now);
    const priced = await price();
    if (unknownCode(priced)) await guesses.countWrong(who, now);
    return priced.cart;
  };

  return router
    .openapi(getCartRoute, async (c) => {
      const query = c.req.valid('query');
      const place = placeInput(query);
      const fee = place ? (await resolvePlace(db, place, settings)).fee : 0;
      const userId = currentUser(c).id;
      const now = new Date();
      const who = { userId, ip: clientIp(c, deps.env.TRUST_PROXY) };
      const cart = await withCode(query.promoCode, who, now, () =>
        getPricedCart(db, userId, fee, query.promoCode, now),
      );
      c.header('Cache-Control', 'no-store');
      return c.json({ data: cart }, 200);
    })
    .openapi(addCartItemRoute, async (c) => {
      const userId = currentUser(c).id;
      const body = c.req.valid('json');
      const request = cartWriteRequest('POST', null, body);
      const replayed = await writeOnce(db, userId, c.req.valid('header')['idempotency-key'], request, (tx) =>
        addCartItem(tx, userId, body),
      );
      markReplay(c, replayed);
      return c.json({ data: await cartOf(userId) }, 200);
    })
    .openapi(updateCartItemRoute, async (c) => {
      const userId = currentUser(c).id;
      const { itemId } = c.req.valid('param');
      const body = c.req.valid('json');
      const request = cartWriteRequest('PATCH', itemId, body);
      const replayed = await writeOnce(db, userId, c.req.valid('header')['idempotency-key'], request, (tx) =>
        changeCartItem(tx, userId, itemId, body.quantity),
      );
      markReplay(c, replayed);
      return c.json({ data: await cartOf(userId) }, 200);
    })
    .openapi(removeCartItemRoute, async (c) => {
      const userId = currentUser(c).id;
      const { itemId } = c.req.valid('param');
      const request = cartWriteRequest('DELETE', itemId, null);
      const replayed = await writeOnce(db, userId, c.req.valid('header')['idempotency-key'], request, (tx) =>
        removeCartItem(tx, userId, itemId),
      );
      markReplay(c, replayed);
      return c.json({ data: await cartOf(userId) }, 200);
    })
    .openapi(quoteCartRoute, async (c) => {
      const body = c.req.valid('json');
      const now = new Date();
      const who = { userId: null, ip: clientIp(c, deps.env.TRUST_PROXY) };
      const cart = await withCode(body.promoCode, who, now, () => quoteCart(db, body, now));
      c.header('Cache-Control', 'no-store');
      return c.json({ data: cart }, 200);
    });
}
