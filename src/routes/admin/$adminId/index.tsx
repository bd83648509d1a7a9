import { createFileRoute, redirect } from '@tanstack/react-router';

/** The admin layout opens its dashboard (docs/behaviour.md#routes). */
export const Route = createFileRoute('/admin/$adminId/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/admin/$adminId/dashboard', params: { adminId: params.adminId }, replace: true });
  },
});
