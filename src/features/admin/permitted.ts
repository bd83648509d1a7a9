import { refusalMessage, type Permission } from '@contract/roles';
import { staffMay, type SessionSnapshot } from '@/features/session';
import { notify } from '@/lib/notify';
import { redirect } from '@tanstack/react-router';

/**
 * The `beforeLoad` of a back-office screen that needs a permission: a role without it is sent to its
 * dashboard and told why ("Your role (fulfilment) cannot see discounts."). A preload (a link hovered)
 * is turned away silently. The server refuses the same calls whatever the SPA shows.
 */
export const permitted =
  (permission: Permission) =>
  ({ context, preload }: { context: { session: () => SessionSnapshot }; preload: boolean }) => {
    const session = context.session();
    const to = staffMay(session, permission);
    if (!to) return;
    if (!preload) notify.error(refusalMessage(session.user?.role, permission));
    throw redirect({ ...to, replace: true });
  };
