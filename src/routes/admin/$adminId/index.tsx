import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec §2: the admin layout opens its dashboard. */
export const Route = createFileRoute('/admin/$adminId/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/admin/$adminId/dashboard', params: { adminId: params.adminId }, replace: true });
  },
});
