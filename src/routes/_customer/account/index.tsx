import { createFileRoute, redirect } from '@tanstack/react-router';

/** /account opens its dashboard (docs/behaviour.md#routes). */
export const Route = createFileRoute('/_customer/account/')({
  staticData: { title: 'Account' },
  beforeLoad: () => {
    throw redirect({ to: '/account/dashboard', replace: true });
  },
});
