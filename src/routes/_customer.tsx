import { customerOnly } from '@/features/session';
import { createFileRoute, redirect } from '@tanstack/react-router';

/** The user area (/account…): signed-in shoppers only; admins are sent to their own dashboard. */
export const Route = createFileRoute('/_customer')({
  beforeLoad: ({ context, location }) => {
    const to = customerOnly(context.session(), location.href);
    if (to) throw redirect({ ...to, replace: true });
  },
});
