/*
 * The public face of server/modules/stock (docs/architecture.md#server-modules): other modules, the
 * jobs and server/app.ts import only this file. Reserving and releasing stock and discount uses, the
 * stock history's writes, and the back office's adjustments and history (/v1/admin/variants).
 */
export {
  OfferEndedError,
  type LevelAfter,
  heldUses,
  OutOfStockError,
  releaseOrderStock,
  reserveOrderStock,
  takeOrderStock,
  type OrderDiscount,
} from './service';
export { stockModule } from './handlers';
export { unitsHeldBy } from './adjustments';
export { recordStockMovements, type StockMovement } from './movements';
