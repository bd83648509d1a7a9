/*
 * The public face of server/modules/customers (docs/architecture.md#server-modules): the back office's
 * shoppers, blocking their checkout, exporting and erasing their data.
 */
export { customersModule } from './handlers';
