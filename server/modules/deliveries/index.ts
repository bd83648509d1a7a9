/*
 * The public face of server/modules/deliveries (docs/architecture.md#server-modules): a rider's own
 * round, the orders given to them, and marking one delivered.
 */
export { deliveriesModule } from './handlers';
