import { currentUser, requireCustomer } from '../../lib/auth/middleware';
import { newRouter, type Deps } from '../../lib/http';
import { deliverySettings, placeInput, resolvePlace } from '../delivery';
import {
  addCartItemRoute,
  getCartRoute,
  quoteCartRoute,
  removeCartItemRoute,
  updateCartItemRoute,
} from './routes';
import { addCartItem, changeCartItem, getCart, quoteCart, removeCartItem } from './service';

export function cartModule(deps: Deps) {
  const { db } = deps.database;
  const settings = deliverySettings(deps.env);
  const router = newRouter();
  // The shopper's own cart only; the quote (POST /quote) is for guests too.
  const shopper = requireCustomer(deps);
  router.on(['GET', 'POST'], '/', shopper);
  router.on(['PATCH', 'DELETE'], '/:itemId', shopper);
  // Mutations answer with the cart (no delivery fee): the SPA refreshes the checkout view itself.
  const cartOf = (userId: string) => getCart(db, userId, 0, new Date());

  return router
    .openapi(getCartRoute, async (c) => {
      const place = placeInput(c.req.valid('query'));
      const fee = place ? (await resolvePlace(db, place, settings)).fee : 0;
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await getCart(db, currentUser(c).id, fee, new Date()) }, 200);
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
      c.header('Cache-Control', 'no-store');
      return c.json({ data: await quoteCart(db, c.req.valid('json'), new Date()) }, 200);
    });
}
