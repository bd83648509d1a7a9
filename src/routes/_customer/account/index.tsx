import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec §2: /account opens its dashboard. */
export const Route = createFileRoute('/_customer/account/')({
  staticData: { title: 'Account' },
  beforeLoad: () => {
    throw redirect({ to: '/account/dashboard', replace: true });
  },
});
