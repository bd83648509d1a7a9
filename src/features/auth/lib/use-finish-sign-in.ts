import type { AuthResult } from '@contract/auth';
import { homeFor, login, type SessionUser } from '@/features/session';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { clearFlow, getRedirectTarget } from '../stores/auth-flow-store';

/**
 * Signing in (docs/behaviour.md#session) stores the token and the user decoded from it; an admin then goes to
 * their admin layout (a rider to their deliveries), everyone else to the stored redirect target (default /).
 */
export function useFinishSignIn() {
  const router = useRouter();
  return useCallback(
    async (result: AuthResult): Promise<SessionUser> => {
      const user = login(result.token);
      const target = getRedirectTarget();
      clearFlow();
      if (user.type === 'admin') {
        // The dashboard, or a rider's deliveries.
        await router.navigate({ ...homeFor({ user, isAuthenticated: true }), replace: true });
      } else {
        await router.navigate({ href: target, replace: true });
      }
      return user;
    },
    [router],
  );
}
