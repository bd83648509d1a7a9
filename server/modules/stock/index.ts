/*
 * The public face of server/modules/stock (docs/architecture.md#server-modules): other modules, the
 * jobs and server/app.ts import only this file. Reserving and releasing stock and discount uses, and
 * the stock history's writes (no routes of its own).
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
export { recordStockMovements, type StockMovement } from './movements';
