import { createFileRoute, redirect } from '@tanstack/react-router';

/** /admin opens the admin login (which sends signed-in admins on to their dashboard). */
export const Route = createFileRoute('/admin/')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/auth', replace: true });
  },
});
