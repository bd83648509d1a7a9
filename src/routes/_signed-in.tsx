import { signedInOnly } from '@/features/session';
import { createFileRoute, redirect } from '@tanstack/react-router';

/** Pages for signed-in people (checkout, saved items, profile): guests go to /auth and come back after. */
export const Route = createFileRoute('/_signed-in')({
  beforeLoad: ({ context, location }) => {
    const to = signedInOnly(context.session(), location.href);
    if (to) throw redirect({ ...to, replace: true });
  },
});
