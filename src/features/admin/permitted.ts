import type { Permission } from '@contract/roles';
import { homeFor, type SessionSnapshot } from '@/features/session';
import { notify } from '@/lib/notify';
import { redirect } from '@tanstack/react-router';

/**
 * The `beforeLoad` of a back-office screen that needs a permission: a role without it is sent to its
 * dashboard and told why ("Your role (fulfilment) cannot see discounts."). A preload (a link hovered)
 * is turned away silently. The server refuses the same calls whatever the SPA shows.
 *
 * The role table is imported when a back-office screen opens, not with the route tree: the route
 * tree is part of every shopper's first load, and the table with its phrases is not.
 */
export const permitted =
  (permission: Permission) =>
  async ({ context, preload }: { context: { session: () => SessionSnapshot }; preload: boolean }) => {
    const { refusalFor } = await import('./refusal');
    const session = context.session();
    const refusal = refusalFor(session.user?.role, permission);
    if (!refusal) return;
    if (!preload) notify.error(refusal);
    throw redirect({ ...homeFor(session), replace: true });
  };
