import { homeFor } from '@/features/session';
import { createFileRoute, redirect } from '@tanstack/react-router';

/** The admin layout opens its dashboard, or a rider's deliveries (docs/behaviour.md#routes). */
export const Route = createFileRoute('/admin/$adminId/')({
  beforeLoad: ({ context }) => {
    throw redirect({ ...homeFor(context.session()), replace: true });
  },
});
