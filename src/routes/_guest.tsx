import { guestOnly } from '@/features/session';
import { createFileRoute, redirect } from '@tanstack/react-router';

/** Guest-only pages (sign-in, sign-up, admin login): signed-in people are sent home. */
export const Route = createFileRoute('/_guest')({
  beforeLoad: ({ context }) => {
    const to = guestOnly(context.session());
    if (to) throw redirect({ ...to, replace: true });
  },
});
