/*
 * The public face of server/modules/delivery (docs/architecture.md#server-modules): other modules,
 * the jobs and server/app.ts import only this file. Delivery areas, places and fees (no routes of
 * its own).
 */
export { deliverySettings, listDeliveryAreas, placeInput, resolvePlace } from './service';
