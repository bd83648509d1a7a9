export { DeliveriesPage } from './components/deliveries-page';
