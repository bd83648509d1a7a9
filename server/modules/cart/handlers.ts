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
      const user = currentUser(c);
      await addCartItem(db, user.id, c.req.valid('json'));
      return c.json({ data: await cartOf(user.id) }, 200);
    })
    .openapi(updateCartItemRoute, async (c) => {
      const user = currentUser(c);
      await changeCartItem(db, user.id, c.req.valid('param').itemId, c.req.valid('json').quantity);
      return c.json({ data: await cartOf(user.id) }, 200);
    })
    .openapi(removeCartItemRoute, async (c) => {
      const user = currentUser(c);
      await removeCartItem(db, user.id, c.req.valid('param').itemId);
      return c.json({ data: await cartOf(user.id) }, 200);
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
