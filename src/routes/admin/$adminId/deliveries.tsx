import { permitted } from '@/features/admin';
import { DeliveriesPage } from '@/features/admin-deliveries';
import { createFileRoute } from '@tanstack/react-router';

// No loader: the page asks for the round itself, so nothing of the rider's screen is in every
// shopper's first load but its route (the route tree is).
export const Route = createFileRoute('/admin/$adminId/deliveries')({
  beforeLoad: permitted('deliveries.own'),
  staticData: { title: 'Deliveries' },
  component: DeliveriesPage,
});
