import { getSession, logout, syncSessionFromStorage, TOKEN_KEY, USER_KEY } from '@/features/session';
import { configureApiClient } from '@/lib/api-client';

/**
 * Connects the session to the HTTP client (bearer token out, 401 in) and to other tabs. Lives in
 * src/app because the client is shared code and may not import a feature.
 */
export function wireSession(target: Window = window): () => void {
  configureApiClient({
    getToken: () => {
      const session = getSession();
      return session.isAuthenticated ? session.token : null;
    },
    onUnauthorized: () => {
      // Any 401 forces logout (docs/behaviour.md#session). A guest has nothing to log out of, and reloading
      // would only wipe the form they are filling in (a wrong password answers 401 too).
      const { token, user } = getSession();
      if (token || user) logout();
    },
  });
  // Signing in or out in another tab changes local storage; follow it here.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === USER_KEY) syncSessionFromStorage();
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
