import { permitted } from '@/features/admin';
import { StaffPage } from '@/features/admin-staff';
import { createFileRoute } from '@tanstack/react-router';

// No loader: the page asks for the list itself, so nothing of the staff screen is in every shopper's
// first load but its route (the route tree is).
export const Route = createFileRoute('/admin/$adminId/staff')({
  beforeLoad: permitted('staff.manage'),
  staticData: { title: 'Staff' },
  component: StaffPage,
});
