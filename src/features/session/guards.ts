import type { SessionSnapshot } from './stores/session-store';

/**
 * Where a guard sends someone instead of the page they asked for. Plain data so the rules are
 * testable without a router; the layout routes turn it into `throw redirect(...)`.
 */
export type GuardRedirect =
  | { to: '/' }
  | { to: '/auth'; search: { redirect: string } }
  | { to: '/admin/auth' }
  | { to: '/admin/$adminId/dashboard'; params: { adminId: string } }
  | { to: '/admin/$adminId/deliveries'; params: { adminId: string } };

type Session = Pick<SessionSnapshot, 'user' | 'isAuthenticated'>;

const isAdmin = (session: Session) => session.isAuthenticated && session.user?.type === 'admin';

/**
 * A staff member's first screen: the dashboard, or for a rider (whose one permission is their own
 * deliveries, contract/roles.ts) the deliveries. The role is compared by name: the role table stays
 * out of the storefront's first load, which this file is part of.
 */
const adminHome = (session: Session): GuardRedirect => ({
  to: session.user!.role === 'rider' ? '/admin/$adminId/deliveries' : '/admin/$adminId/dashboard',
  params: { adminId: session.user!.userId },
});

/** Where a signed-in person belongs: staff in their back office (a rider on their deliveries), everyone else on the landing page. */
export const homeFor = (session: Session): GuardRedirect =>
  isAdmin(session) ? adminHome(session) : { to: '/' };

/** Guest-only pages (/auth…, /admin/auth): signed-in people go home. */
export function guestOnly(session: Session): GuardRedirect | null {
  return session.isAuthenticated ? homeFor(session) : null;
}

/** Signed-in pages: guests go to /auth, carrying where they wanted to go. */
export function signedInOnly(session: Session, target: string): GuardRedirect | null {
  return session.isAuthenticated ? null : { to: '/auth', search: { redirect: safeRedirect(target) ?? '/' } };
}

/** The user area (/account…): signed-in and not an admin; admins go to their dashboard. */
export function customerOnly(session: Session, target: string): GuardRedirect | null {
  return signedInOnly(session, target) ?? (isAdmin(session) ? adminHome(session) : null);
}

/**
 * The admin area: guests go to the admin login; signed-in shoppers are not admins and go home (the
 * admin login is guest-only, so sending them there would only bounce); an admin who opens another
 * admin's path lands on their own dashboard.
 */
export function adminOnly(session: Session, adminId: string): GuardRedirect | null {
  if (!session.isAuthenticated) return { to: '/admin/auth' };
  if (!isAdmin(session)) return { to: '/' };
  return session.user!.userId === adminId ? null : adminHome(session);
}

/**
 * Accepts only same-site paths as a post-login target, so `/auth?redirect=https://evil.example` cannot
 * send people off the shop.
 */
export function safeRedirect(target: unknown): string | undefined {
  if (
    typeof target !== 'string' ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    target.startsWith('/\\')
  ) {
    return undefined;
  }
  return target;
}
