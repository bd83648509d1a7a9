/*
 * The public face of server/modules/stock (docs/architecture.md#server-modules): other modules, the
 * jobs and server/app.ts import only this file. Reserving and releasing stock and discount uses (no
 * routes of its own).
 */
export {
  OfferEndedError,
  heldUses,
  OutOfStockError,
  releaseOrderStock,
  reserveLines,
  reserveOrderStock,
  takeDiscountUses,
  type OrderDiscount,
} from './service';
